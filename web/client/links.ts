/**
 * Links to the site's pages, which are plain server-rendered anchors: once the page is
 * hydrated, a click on one is shown in the page by Next's router, and its page's data is
 * fetched ahead when the link is pointed at or focused. Used by ClientRuntime's listeners.
 */
import { stripLanguage } from '@/schemas/language-paths';
import { SITE_PAGES } from '@/schemas/site';

/** Next's router, once the page is hydrated: shows a page of the site, or fetches it ahead. */
export interface Router {
  push(url: string): void;
  prefetch(url: string): void;
}

export const LANGUAGE_LINK = 'a[data-language-switch]';

/** A click the browser would turn into a new tab or window, or a download. */
export function opensElsewhere(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (link.target !== '' && link.target !== '_self')
  );
}

// A page's English path is `/` and its slug (pagePath's rule for the default language), written
// out so that the first load does not carry pagePath's handling of every other kind of link.
const PAGE_PATHS = new Set(SITE_PAGES.map(({ slug }) => `/${slug}`));

/** A link to a place in the page on show (`#main`, the skip link's). */
function withinThisPage(link: HTMLAnchorElement): boolean {
  const here = window.location;
  return link.hash !== '' && link.pathname === here.pathname && link.search === here.search;
}

/**
 * Where a link leads, if it is a page of this site the router can show in the page (same
 * origin, one of SITE_PAGES in any language, not a download); null for anything else: files,
 * routes such as the preview's, other sites, the language links, which switch on their own,
 * and places in this page: the browser moves focus to the target of such a link, the
 * router only scrolls to it (the skip link left focus on itself once the page was hydrated).
 */
function appPage(link: HTMLAnchorElement): string | null {
  if (link.origin !== window.location.origin || link.hasAttribute('download')) return null;
  if (withinThisPage(link)) return null;
  if (link.matches(LANGUAGE_LINK) || !PAGE_PATHS.has(stripLanguage(link.pathname))) return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
}

/**
 * Links to the site's pages are plain server-rendered anchors; once the page is hydrated a
 * click on one is shown in the page by Next's router, as next/link would. Not next/link, for
 * the first-load budget (1.05× an empty App Router page, `npm run bench:size`): the pages'
 * first load is 136.9 KiB compressed, 1.042× the empty page's 131.4 KiB, and next/link's
 * component and helpers add 1.7 KiB to every page (measured when it was replaced), which
 * makes 1.055×. Listened to in the bubbling phase, so a handler on the way (the preview's
 * click-to-edit) can still cancel it.
 */
export function onAppLinkClick(event: MouseEvent, router: Router | null) {
  const link = linkOf(event.target);
  if (!router || !link || event.defaultPrevented || opensElsewhere(event, link)) return;
  const page = appPage(link);
  if (!page) return;
  event.preventDefault();
  router.push(page);
}

/**
 * Fetches a linked page's data ahead when the visitor points at the link, focuses it or
 * touches it, never when it merely scrolls into view: fetching every visible link's page ahead
 * cost each page view some 20 requests for its header, footer and banner links, and their
 * parsing was most of the main-thread work after a language switch (bench:interactions).
 */
export function fetchAhead(event: Event, router: Router | null) {
  const link = linkOf(event.target);
  const page = link && appPage(link);
  if (router && page) router.prefetch(page);
}

// Pointer events cover mouse, pen and touch alike.
export const AHEAD_EVENTS = ['pointerover', 'focusin'] as const;
