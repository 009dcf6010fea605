/**
 * Where the proxy sends a request. Unprefixed paths are English; known pages are rewritten
 * to their /<lang>/ route; the legacy game paths go to their sister sites; every unknown
 * path, at the top level or under a language, gets the localised not-found page with status
 * 404. Paths that are not pages (framework files, dictionaries, metadata files, API routes)
 * are left to Next, whatever serves them. Pure, so it is unit-tested.
 */
// Relative imports: the production server (server.ts, web/edge/edge-cache.ts) loads it directly.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../schemas/languages.ts';
import { NEWSLETTER_LINK_PAGES, SITE_PAGES } from '../../schemas/site.ts';
import { LEGACY_REDIRECTS } from '../site/site-settings.ts';

/** The internal route of the not-found page; never shown to visitors. */
const NOT_FOUND_SEGMENT = 'page-not-found';

const KNOWN_SLUGS: ReadonlySet<string> = new Set([
  ...SITE_PAGES.map((page) => page.slug),
  ...Object.values(NEWSLETTER_LINK_PAGES),
]);

/** Where the RFC 8058 one-click POST to an unsubscribe link is answered. */
export const ONE_CLICK_ROUTE = '/api/newsletter/one-click';

/** Path prefixes and files that are never pages. */
// og/ (link-preview images), press/ (the press kit) and images/ (the sprite) are files, the
// same in every language.
const NOT_PAGE_PREFIXES = ['/_next/', '/locales/', '/api/', '/og/', '/press/', '/images/'];
const NOT_PAGE_FILES: ReadonlySet<string> = new Set([
  '/favicon.ico',
  '/icon.svg',
  '/manifest.webmanifest',
  '/robots.txt',
  '/sitemap.xml',
]);

const LEGACY_SITES: ReadonlyMap<string, 'en' | 'tr'> = new Map(
  LEGACY_REDIRECTS.map(({ path, site }) => [`/${path}`, site]),
);

export type RouteDecision =
  | { kind: 'not-a-page' }
  | { kind: 'legacy'; site: 'en' | 'tr' }
  | { kind: 'page'; language: Language; slug: string; rewrite: string | null }
  /** A link from an e-mail, with its token: the proxy acts on it (web/newsletter/server/). */
  | { kind: 'newsletter-link'; language: Language; link: 'confirm' | 'unsubscribe' }
  /** The RFC 8058 one-click POST to an unsubscribe link. */
  | { kind: 'one-click'; rewrite: string }
  | { kind: 'not-found'; language: Language; rewrite: string };

export function routeRequest(pathname: string, method = 'GET'): RouteDecision {
  if (NOT_PAGE_FILES.has(pathname) || NOT_PAGE_PREFIXES.some((p) => pathname.startsWith(p))) {
    return { kind: 'not-a-page' };
  }
  // Legacy paths match in any letter case, as Next's own redirects did.
  const legacy = LEGACY_SITES.get(pathname.toLowerCase());
  if (legacy) return { kind: 'legacy', site: legacy };
  const segments = pathname.split('/').filter(Boolean);
  const prefixed = isLanguage(segments[0]);
  const language = prefixed ? (segments[0] as Language) : DEFAULT_LANGUAGE;
  const slug = (prefixed ? segments.slice(1) : segments).join('/');
  if (slug === NEWSLETTER_LINK_PAGES.unsubscribe && method === 'POST') {
    return { kind: 'one-click', rewrite: ONE_CLICK_ROUTE };
  }
  if (slug === NEWSLETTER_LINK_PAGES.confirm || slug === NEWSLETTER_LINK_PAGES.unsubscribe) {
    return {
      kind: 'newsletter-link',
      language,
      link: slug === NEWSLETTER_LINK_PAGES.confirm ? 'confirm' : 'unsubscribe',
    };
  }
  if (KNOWN_SLUGS.has(slug)) {
    return {
      kind: 'page',
      language,
      slug,
      rewrite: prefixed ? null : `/${language}${slug ? `/${slug}` : ''}`,
    };
  }
  return { kind: 'not-found', language, rewrite: `/${language}/${NOT_FOUND_SEGMENT}` };
}
