/**
 * Where the proxy sends a request (§2.1). Unprefixed paths are English; known pages are
 * rewritten to their /<lang>/ route; every unknown path, at the top level or under a
 * language, gets the localised not-found page with status 404. Pure, so it is unit-tested.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';

/** The internal route of the not-found page; never shown to visitors. */
export const NOT_FOUND_SEGMENT = 'page-not-found';

const KNOWN_SLUGS: ReadonlySet<string> = new Set(SITE_PAGES.map((page) => page.slug));

export type RouteDecision =
  | { kind: 'page'; language: Language; slug: string; rewrite: string | null }
  | { kind: 'not-found'; language: Language; rewrite: string };

export function routeRequest(pathname: string): RouteDecision {
  const segments = pathname.split('/').filter(Boolean);
  const prefixed = isLanguage(segments[0]);
  const language = prefixed ? (segments[0] as Language) : DEFAULT_LANGUAGE;
  const slug = (prefixed ? segments.slice(1) : segments).join('/');
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
