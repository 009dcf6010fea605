/**
 * What a shared cache in front of the site (a CDN, Varnish, a corporate proxy) may keep, for how
 * long, and under which tags a publish purges it. The production server applies it to every
 * response just before the head goes out (`applyEdgeCachePolicy`, called from server.ts).
 *
 * Why here and not in next.config or the proxy: Next sends every prerendered page (and the
 * not-found page, with its 404) `Cache-Control: s-maxage=31536000`, and no setting changes it:
 * `expireTime` only shapes the stale-while-revalidate of pages that revalidate on a timer, and a
 * `revalidate` export would make Next re-render every page on a timer while still sending no
 * tags. A header set by next.config's headers() or the proxy is fixed before the response exists:
 * it cannot tell a 404 or a 5xx from a page, nor see a Set-Cookie. Only the end of the response
 * knows all of that.
 *
 * Free of path aliases: server.ts loads it directly with Node.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dictionaryTag } from '../site/dictionary-tag.ts';
import type { Namespace } from '../../schemas/index.ts';
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

/** Next's own value for a prerendered response without time-based revalidation. */
const NEXT_PRERENDER_DEFAULT = /^s-maxage=31536000(, stale-while-revalidate=\d+)?$/;

export interface EdgeRequest {
  readonly method: string;
  /** The public path, as the visitor asked for it (before the proxy's rewrite). */
  readonly pathname: string;
  /** Whether the request carries any cookie (the draft-mode one, or anyone else's). */
  readonly hasCookie: boolean;
}

export interface EdgeResponse {
  readonly status: number;
  /** What Next (or a route) set, if anything. */
  readonly cacheControl: string | undefined;
  readonly setsCookie: boolean;
}

export interface EdgeHeaders {
  readonly cacheControl: string;
  /** The site's own cache tags (`dictionary:hero` …); empty for anything not tagged. */
  readonly tags: readonly string[];
}

/** The dictionaries a public path shows, if it is a page, the not-found page or a `/locales` file. */
function namespacesAt(pathname: string, status: number): readonly Namespace[] | null {
  const locales = /^\/locales\/[^/]+\/([^/]+)\.json$/.exec(pathname);
  // The route answers only real namespaces (everything else is its 404).
  if (locales) return status === 404 ? [] : [locales[1] as Namespace];
  const decision = routeRequest(pathname);
  if (decision.kind === 'not-found') return namespacesReadBy('not-found');
  if (decision.kind !== 'page') return null;
  const page = SITE_PAGES.find((candidate) => candidate.slug === decision.slug);
  return page ? namespacesReadBy(page) : null;
}

/**
 * The tags of a page or `/locales` file (what the fast path keeps, web/edge/page-memory.ts),
 * undefined for any other path.
 */
export function keptPathTags(pathname: string): readonly string[] | undefined {
  if (!pathname.startsWith('/locales/') && routeRequest(pathname).kind !== 'page') return undefined;
  return namespacesAt(pathname, 200)?.map(dictionaryTag);
}

/**
 * The Cache-Control (and tags) a response leaves with, or `null` to keep what Next set (its
 * immutable framework files, a route's own choice such as the link-preview images').
 */
export function edgeCachePolicy(request: EdgeRequest, response: EdgeResponse): EdgeHeaders | null {
  const never = { cacheControl: NEVER, tags: [] };
  if (request.pathname.startsWith('/api/')) return never;
  if (request.hasCookie || response.setsCookie || response.status >= 500) return never;
  const next = response.cacheControl ?? '';
  // Next decided the response is made for this request (draft mode, a dynamic render).
  if (/\b(private|no-store|no-cache)\b/.test(next)) return never;
  const namespaces = namespacesAt(request.pathname, response.status);
  if (namespaces) {
    const tags = namespaces.map(dictionaryTag);
    if (response.status === 200 || response.status === 304) return { cacheControl: SHARED, tags };
    if (response.status === 404) return { cacheControl: BRIEF, tags };
    // e.g. the 307 Next answers a framework request that lacks its cache-busting parameter:
    // it depends on request headers the URL does not show.
    return never;
  }
  if (NEXT_PRERENDER_DEFAULT.test(next)) return { cacheControl: UNTAGGED, tags: [] };
  // Nothing said (redirects, the edge's own 400 and 405): nothing a shared cache should keep.
  if (next === '') return never;
  return null;
}

/** The tag headers CDNs read: Fastly and Varnish (xkey) `Surrogate-Key`, Cloudflare `Cache-Tag`. */
export function tagHeaders(tags: readonly string[]): Record<string, string> {
  if (tags.length === 0) return {};
  return { 'Surrogate-Key': tags.join(' '), 'Cache-Tag': tags.join(',') };
}

function pathnameOf(url: string | undefined): string {
  try {
    return new URL(url ?? '/', 'http://site.invalid').pathname;
  } catch {
    return '/';
  }
}

/**
 * Sets the policy's headers on `res` when its head is written, whoever writes it.
 */
export function applyEdgeCachePolicy(req: IncomingMessage, res: ServerResponse): void {
  const request: EdgeRequest = {
    method: req.method ?? 'GET',
    pathname: pathnameOf(req.url),
    hasCookie: Boolean(req.headers.cookie),
  };
  const writeHead = res.writeHead as (status: number, reason?: string) => ServerResponse;
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    // Headers passed to writeHead itself win over setHeader: fold them in first. Node takes
    // them as an object or as a flat list of names and values.
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
    const pairs = Array.isArray(headers)
      ? Array.from({ length: headers.length / 2 }, (_, i): [unknown, unknown] => [
          headers[2 * i],
          headers[2 * i + 1],
        ])
      : Object.entries((headers ?? {}) as Record<string, unknown>);
    for (const [key, value] of pairs)
      if (value !== undefined)
        res.setHeader(String(key), value as string | number | readonly string[]);
    const policy = edgeCachePolicy(request, {
      status,
      cacheControl: res.getHeader('cache-control')?.toString(),
      setsCookie: res.hasHeader('set-cookie'),
    });
    if (policy) {
      res.setHeader('Cache-Control', policy.cacheControl);
      res.removeHeader('Surrogate-Key');
      res.removeHeader('Cache-Tag');
      for (const [key, value] of Object.entries(tagHeaders(policy.tags))) res.setHeader(key, value);
    }
    const reason = rest.find((arg): arg is string => typeof arg === 'string');
    return writeHead.call(this, status, reason);
  };
}
