'use client';
/**
 * The site's one always-present client component: the cookie banner with the
 * consent runtime, and delegated listeners for what the server-rendered HTML cannot do
 * alone: reporting call-to-action clicks, showing the site's pages in the page (links are
 * plain anchors), and the language switch (in the page, or the page the browser prepared
 * while the pointer or focus rested on the link).
 */
import { useRouter } from 'next/navigation';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { loadAnalytics, track } from '../analytics/track';
import type { BannerTexts } from '../consent/banner-texts';
import { readConsent, subscribeConsent, writeConsent, type Consent } from '../consent/store';
import { stripLanguage } from '../i18n/paths';
import { SITE_PAGES } from '@/schemas/site';

const LANGUAGE_STORAGE_KEY = 'lang';
// The server renders the banner (it is the first thing a new visitor sees, so it must not
// wait for JavaScript); the head script hides it before paint for visitors who chose.
const serverSnapshot = (): Consent => 'unknown';

let analyticsLoaded = false;

function startAnalyticsIfAccepted() {
  if (readConsent() !== 'accepted') return;
  analyticsLoaded = true;
  void loadAnalytics()?.then((m) => m.startAnalytics());
}

/**
 * Runs `start` once the page is shown. A page the browser prepares unseen (a language's page
 * the pointer rested on, see `prepare`) starts analytics only if the visitor goes there: a
 * page view is counted for a page shown, and a choice made meanwhile in another tab reaches it.
 */
function whenShown(start: () => void) {
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', start, { once: true });
  else start();
}

function applyConsent(consent: Consent) {
  if (consent === 'accepted') whenShown(startAnalyticsIfAccepted);
  else if (analyticsLoaded) void loadAnalytics()?.then((m) => m.stopAnalytics());
}

/** A click the browser would turn into a new tab or window, or a download. */
function opensElsewhere(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (link.target !== '' && link.target !== '_self')
  );
}

/** Next's router, once the page is hydrated: shows a page of the site, or fetches it ahead. */
interface Router {
  push(url: string): void;
  prefetch(url: string): void;
}

const LANGUAGE_LINK = 'a[data-language-switch]';
/**
 * How long the pointer or the keyboard focus rests on another language's link before the
 * browser is asked to prepare that page: the rest Chromium's own "moderate" speculation waits
 * for. Asked only here, never on a press, a quick click switches in the page without a second
 * renderer loading the same page beside it.
 */
const PREPARE_AFTER_MS = 200;
/** The speculation rules added for pages the browser is preparing, by path. */
const preparing = new Map<string, HTMLScriptElement>();
let restTimer: ReturnType<typeof setTimeout> | undefined;

function languageLink(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(LANGUAGE_LINK) : null;
}

/**
 * Asks the browser to prepare the page at `path` (load and run it unseen), where it supports
 * speculation rules (Chromium); following a link to it then shows that page at once.
 */
function prepare(path: string) {
  if (preparing.has(path) || HTMLScriptElement.supports?.('speculationrules') !== true) return;
  const rules = document.createElement('script');
  rules.type = 'speculationrules';
  rules.textContent = JSON.stringify({ prerender: [{ urls: [path] }] });
  document.head.append(rules);
  preparing.set(path, rules);
}

/** Pages prepared for the links of a page the visitor is leaving in the page. */
function forgetPrepared() {
  for (const rules of preparing.values()) rules.remove();
  preparing.clear();
}

function onRestStart(event: Event) {
  const link = languageLink(event.target);
  if (!link || link.getAttribute('aria-current')) return;
  clearTimeout(restTimer);
  const path = new URL(link.href).pathname;
  restTimer = setTimeout(() => prepare(path), PREPARE_AFTER_MS);
}

function onRestEnd(event: Event) {
  const link = languageLink(event.target);
  const to = (event as MouseEvent | FocusEvent).relatedTarget;
  if (link && !(to instanceof Node && link.contains(to))) clearTimeout(restTimer);
}

const REST_EVENTS = [
  ['pointerover', onRestStart],
  ['focusin', onRestStart],
  ['pointerout', onRestEnd],
  ['focusout', onRestEnd],
] as const;

function onClick(event: MouseEvent, router: Router | null) {
  const target = event.target as Element | null;
  const cta = target?.closest<HTMLElement>('[data-cta]');
  if (cta) {
    track('cta_click', {
      component: cta.dataset.cta ?? '',
      // The label's own span: an icon or a hidden "(opens in a new tab)" is not part of it.
      label: cta.querySelector(':scope > span:not(.visually-hidden)')?.textContent ?? '',
      destination: cta.getAttribute('href') ?? '',
      variant: cta.dataset.ctaVariant ?? '',
    });
  }
  const switcher = languageLink(target);
  if (switcher) {
    clearTimeout(restTimer); // decided now: nothing more to prepare
    if (switcher.getAttribute('aria-current')) {
      event.preventDefault(); // the current language: nothing to do
      return;
    }
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, switcher.dataset.languageSwitch ?? '');
    } catch {
      // Storage can be unavailable (private mode); the link still works.
    }
    const url = new URL(switcher.href);
    const target = `${url.pathname}${window.location.search}${window.location.hash}`;
    // A page the browser prepared is shown by following the link as it is (it was prepared for
    // that address, so only without a query or hash to keep).
    const prepared = target === url.pathname && preparing.has(url.pathname);
    switcher.href = target; // also what a new tab opens
    // Otherwise in the page: only the other language's data is fetched and the page
    // re-rendered, not a new document loaded, parsed and hydrated (about 0.5 s of main-thread
    // work at 4× CPU slowdown, bench:interactions).
    if (router && !prepared && !opensElsewhere(event, switcher)) {
      event.preventDefault();
      forgetPrepared();
      router.push(target);
    }
  }
}

const PAGE_PATHS = new Set(SITE_PAGES.map(({ slug }) => (slug ? `/${slug}` : '/')));

/**
 * Where a link leads, if it is a page of this site the router can show in the page (same
 * origin, one of SITE_PAGES in any language, not a download); null for anything else: files,
 * routes such as the preview's, other sites, and the language links, which switch on their own.
 */
function appPage(link: HTMLAnchorElement): string | null {
  if (link.origin !== window.location.origin || link.hasAttribute('download')) return null;
  if (link.matches(LANGUAGE_LINK) || !PAGE_PATHS.has(stripLanguage(link.pathname))) return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
}

/**
 * Links to the site's pages are plain server-rendered anchors; once the page is hydrated a
 * click on one is shown in the page by Next's router, as next/link would (whose component and
 * helpers cost every page 1.7 KiB of compressed script, bench:size). Listened to in
 * the bubbling phase, so a handler on the way (the preview's click-to-edit) can still cancel it.
 */
function onAppLinkClick(event: MouseEvent, router: Router | null) {
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
function fetchAhead(event: Event, router: Router | null) {
  const link = linkOf(event.target);
  const page = link && appPage(link);
  if (router && page) router.prefetch(page);
}

// Pointer events cover mouse, pen and touch alike.
const AHEAD_EVENTS = ['pointerover', 'focusin'] as const;

const subscribeNothing = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;

/**
 * Hands the listeners Next's router. Rendered only once hydrated: the router exists in the
 * browser, and a render without it (a server render outside Next) must not fail.
 */
function InPageNavigation({ routerRef }: { routerRef: RefObject<Router | null> }) {
  const router = useRouter();
  useEffect(() => {
    routerRef.current = {
      push: (url) => router.push(url),
      prefetch: (url) => router.prefetch(url),
    };
    return () => {
      routerRef.current = null;
    };
  }, [routerRef, router]);
  return null;
}

export function ClientRuntime({
  texts,
  privacyHref,
}: {
  texts: BannerTexts | null;
  privacyHref: string;
}) {
  const consent = useSyncExternalStore(subscribeConsent, readConsent, serverSnapshot);
  const banner = useRef<HTMLDivElement>(null);

  const routerRef = useRef<Router | null>(null);
  const hydrated = useSyncExternalStore(subscribeNothing, isBrowser, isServer);
  useEffect(() => {
    if (readConsent() === 'accepted') applyConsent('accepted');
    const unsubscribe = subscribeConsent(applyConsent);
    const listener = (event: MouseEvent) => onClick(event, routerRef.current);
    const appLink = (event: MouseEvent) => onAppLinkClick(event, routerRef.current);
    const ahead = (event: Event) => fetchAhead(event, routerRef.current);
    document.addEventListener('click', listener, { capture: true });
    document.addEventListener('click', appLink);
    for (const [type, handler] of REST_EVENTS) document.addEventListener(type, handler);
    for (const type of AHEAD_EVENTS) document.addEventListener(type, ahead, { passive: true });
    return () => {
      unsubscribe();
      document.removeEventListener('click', listener, { capture: true });
      document.removeEventListener('click', appLink);
      for (const [type, handler] of REST_EVENTS) document.removeEventListener(type, handler);
      for (const type of AHEAD_EVENTS) document.removeEventListener(type, ahead);
    };
  }, []);

  const visible = consent === 'unknown' && texts !== null;

  // Keep focused elements clear of the banner (WCAG 2.4.11): scroll padding = its height,
  // plus room for the focus outline (3px, offset 3px) so the ring is not cut off either.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = banner.current;
    if (!visible || !element) return;
    element.dataset.ready = ''; // interactive from here on (the HTML arrives before the script)
    const update = () =>
      root.style.setProperty('scroll-padding-bottom', `${element.offsetHeight + 12}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [visible]);

  const inPage = hydrated && <InPageNavigation routerRef={routerRef} />;
  if (!visible) return inPage;
  return (
    <>
      {inPage}
      <div ref={banner} className="consent-banner" role="region" aria-labelledby="consent-title">
        <div className="consent-banner__inner">
          <div className="consent-banner__copy">
            <h2 id="consent-title" className="consent-banner__title">
              {texts.title}
            </h2>
            <p>
              {texts.body} <a href={privacyHref}>{texts.linkLabel}</a>
            </p>
          </div>
          <div className="consent-banner__actions">
            <button
              type="button"
              className="cta cta--secondary"
              onClick={() => writeConsent('declined')}
            >
              {texts.decline}
            </button>
            <button
              type="button"
              className="cta cta--secondary"
              onClick={() => writeConsent('accepted')}
            >
              {texts.accept}
            </button>
          </div>
        </div>
      </div>
    </>
  );
}
