/**
 * What a shared cache in front of the site (a CDN, Varnish, a corporate proxy) may keep, for how
 * long, and under which tags a publish purges it. The production server decides it from the
 * request alone (routing, preview, method) and sets it before Next answers: Next keeps a
 * Cache-Control that is already set (its `sendRenderResult`, and a route handler's own value
 * wins over ours), and replaces it by a private one itself for draft mode, dynamic renders and
 * errors.
 *
 * Why not in next.config or the proxy: Next sends every prerendered page (and the not-found
 * page, with its 404) `Cache-Control: s-maxage=31536000`, and no setting changes it:
 * `expireTime` only shapes the stale-while-revalidate of pages that revalidate on a timer, and a
 * `revalidate` export would make Next re-render every page on a timer while still sending no
 * tags; a value set by next.config's headers() or the proxy is replaced by Next's.
 *
 * Free of path aliases: server.ts loads it directly with Node.
 */
import { dictionaryTag } from '../site/dictionary-tag.ts';
import type { Namespace } from '../../schemas/index.ts';
import { isLanguage } from '../../schemas/languages.ts';
import { namespacesReadBy, SITE_PAGES } from '../../schemas/site.ts';
import { routeRequest } from './routing.ts';

/**
 * Pages and `/locales` files. A publish purges them by tag within a second, so the shared
 * cache may keep them long: a day bounds how stale one could stay if a purge were lost
 * (the CDN unreachable past every retry). `max-age=0`: browsers ask again on every use (a
 * 304 from the edge when nothing changed), so a visitor never keeps a copy from before a
 * publish. No `stale-while-revalidate`: browsers honour it too and would show the old page
 * once more after a publish; the origin answers a prerendered page in milliseconds, so a
 * plain miss at the end of the day costs nothing worth hiding.
 */
export const SHARED = 'public, max-age=0, s-maxage=86400';
/** The not-found page: an unknown path may become a page (or a typo be fixed) at any deploy. */
export const BRIEF = 'public, max-age=0, s-maxage=60';
/** Other prerendered files Next would keep for a year (the press kit): no tags, so minutes. */
export const UNTAGGED = 'public, max-age=0, s-maxage=300';
/** Previews, `/api/*`, anything with a cookie or a Set-Cookie, 5xx, redirects made per request. */
export const NEVER = 'private, no-store';

export interface EdgeRequest {
  readonly method: string;
  /** The public path, as the visitor asked for it (before routing). */
  readonly pathname: string;
  readonly search: string;
  /** Whether the request carries any cookie (the draft-mode one, or anyone else's). */
  readonly hasCookie: boolean;
  /** Whether it carries Next's router header (`rsc`): it asks for the page's data. */
  readonly rsc: boolean;
}

export interface EdgeHeaders {
  readonly cacheControl: string;
  /** The site's own cache tags (`dictionary:hero` …); empty for anything not tagged. */
  readonly tags: readonly string[];
}

/**
 * What `/locales` answers (schemas/index.ts needs a bundler): the dictionaries some page shows,
 * and the glossary, which no page shows and tools read there.
 */
const SHOWN: ReadonlySet<string> = new Set([
  ...SITE_PAGES.flatMap((page) => namespacesReadBy(page)),
  ...namespacesReadBy('not-found'),
  'glossary',
]);

/** Filled into every `/locales` file (web/dictionaries/loader.ts): a publish of them purges each. */
const FACTS: Namespace = 'facts';

const tagged = (cacheControl: string, namespaces: readonly Namespace[]): EdgeHeaders => ({
  cacheControl,
  tags: namespaces.map(dictionaryTag),
});

/**
 * The Cache-Control (and tags) a request's answer leaves with, or `null` to keep what Next or
 * the route sets (immutable files named by their content). What a shared cache may keep a day
 * (SHARED: the pages and `/locales` files) is also what the fast path keeps
 * (web/edge/page-memory.ts).
 */
export function edgeCachePolicy(request: EdgeRequest): EdgeHeaders | null {
  const never = { cacheControl: NEVER, tags: [] };
  const { pathname } = request;
  // Files named by their content keep the year-long immutable header they are sent with:
  // Next's framework files and the sprite (app/images/[file]/route.ts).
  if (pathname.startsWith('/_next/') || pathname.startsWith('/images/')) return null;
  if (pathname.startsWith('/api/') || request.hasCookie) return never;
  if (request.method !== 'GET' && request.method !== 'HEAD') return never;
  // Next answers its router's request without the cache-busting `_rsc` parameter with a 307
  // that depends on request headers the URL does not show.
  if (request.rsc && !new URLSearchParams(request.search).has('_rsc')) return never;
  const locales = /^\/locales\/([^/]+)\/([^/]+)\.json$/.exec(pathname);
  // The route answers only real languages and namespaces (everything else is its 404, untagged).
  if (locales)
    return isLanguage(locales[1]) && SHOWN.has(locales[2]!)
      ? tagged(SHARED, [...new Set([locales[2] as Namespace, FACTS])])
      : tagged(BRIEF, []);
  const decision = routeRequest(pathname);
  if (decision.kind === 'not-found') return tagged(BRIEF, namespacesReadBy('not-found'));
  const page = decision.kind === 'page' && SITE_PAGES.find(({ slug }) => slug === decision.slug);
  if (page) return tagged(SHARED, namespacesReadBy(page));
  // Redirects, the links from e-mails and their outcome pages are made per request; other files
  // (the press kit, the sitemap) Next would keep for a year, untagged.
  return decision.kind === 'not-a-page' ? tagged(UNTAGGED, []) : never;
}

/** The tag headers CDNs read: Fastly and Varnish (xkey) `Surrogate-Key`, Cloudflare `Cache-Tag`. */
export function tagHeaders(tags: readonly string[]): Record<string, string> {
  if (tags.length === 0) return {};
  return { 'Surrogate-Key': tags.join(' '), 'Cache-Tag': tags.join(',') };
}
