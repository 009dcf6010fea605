/**
 * What the site's edge (server.ts) answers before Next sees a request. Pure, and free of
 * path aliases, so that Node can load it directly.
 *
 * - Every path answers GET and HEAD only (405 with `Allow` otherwise, OPTIONS included),
 *   unless a route handler answers other methods and is listed in ROUTE_METHODS.
 * - A path whose percent-encoding does not decode is a client mistake: 400.
 * - A trailing slash is removed by a 308, as Next would, but with our headers.
 */
import { routeRequest } from './routing.ts';

const READ_METHODS = ['GET', 'HEAD'] as const;

/**
 * Route handlers that answer other methods than GET and HEAD, keyed by their path under
 * app/ (`[segment]` matches any one segment), with every method they answer (HEAD comes
 * with GET): `Allow` lists exactly these. A unit test compares this table with the methods
 * the route files export, so a new write route cannot be forgotten here.
 */
export const ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  // Sanity's publish webhook (and the local API's) posts here; the local API first asks
  // (GET ?challenge=) for the site's proof that it holds the webhook secret.
  '/api/revalidate': ['GET', 'POST'],
  // Whether a content release may be published (the local API asks, signed like the webhook).
  '/api/release-check': ['POST'],
  // The reconciliation's round, posted by the server to itself with its own token.
  '/api/reconcile': ['POST'],
  // RFC 8058 one-click unsubscribe (the proxy sends POSTs to unsubscribe links here).
  '/api/newsletter/one-click': ['POST'],
  // The record of a cookie consent decision (web/consent/send-record.ts).
  '/api/consent': ['POST'],
};

/**
 * The largest request body the site reads: only the publish webhook, the release check and the
 * one-click unsubscribe take one (Sanity's projection `{_id, _type}` is under 200 bytes, a
 * release check's `{release}` about as much; RFC 8058's body is `List-Unsubscribe=One-Click`).
 * A larger body is refused (413) before it is read.
 */
export const REQUEST_BODY_LIMIT = 4 * 1024;

function routePattern(route: string): RegExp {
  const segments = route
    .split('/')
    .map((segment) =>
      /^\[[^\]]+\]$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${segments.join('/')}$`);
}

/** The methods a path answers, in `Allow` order. */
export function allowedMethods(
  pathname: string,
  routes: Readonly<Record<string, readonly string[]>> = ROUTE_METHODS,
): readonly string[] {
  // A route handler answers exactly the methods it exports.
  for (const [route, methods] of Object.entries(routes)) {
    if (!routePattern(route).test(pathname)) continue;
    return methods.includes('GET')
      ? [...READ_METHODS, ...methods.filter((m) => m !== 'GET')]
      : methods;
  }
  // A page answers GET and HEAD; an unsubscribe link also the one-click POST, which the proxy
  // sends on to its route handler.
  return routeRequest(pathname, 'POST').kind === 'one-click'
    ? [...READ_METHODS, 'POST']
    : READ_METHODS;
}

function decodesCleanly(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export type EdgeAnswer =
  | { kind: 'pass' }
  | { kind: 'method-not-allowed'; allow: string }
  | { kind: 'bad-request' }
  | { kind: 'redirect'; location: string };

/**
 * The edge's answer for a request, from its method and its raw (still encoded) pathname and
 * query. Redirect targets are always a path on this site: leading slashes and backslashes
 * collapse to one slash, so no target can be read as another host.
 */
export function edgeAnswer(
  method: string,
  pathname: string,
  search = '',
  routes: Readonly<Record<string, readonly string[]>> = ROUTE_METHODS,
): EdgeAnswer {
  const allowed = allowedMethods(pathname, routes);
  if (!allowed.includes(method)) {
    return { kind: 'method-not-allowed', allow: allowed.join(', ') };
  }
  if (!decodesCleanly(pathname)) return { kind: 'bad-request' };
  if (pathname.length > 1 && pathname.endsWith('/')) {
    const trimmed = pathname.replace(/\/+$/, '').replace(/^[/\\]+/, '');
    return { kind: 'redirect', location: `/${trimmed}${search}` };
  }
  return { kind: 'pass' };
}

/**
 * Whether a request's body may be read, from its headers alone: at most
 * REQUEST_BODY_LIMIT bytes, and announced with a Content-Length (no route here takes a
 * streamed upload, so a chunked body of unknown size is refused rather than counted).
 */
export function bodyAnswer(
  contentLength: string | null | undefined,
  transferEncoding: string | null | undefined,
): 'pass' | 'too-large' | 'length-required' {
  if (transferEncoding) return 'length-required';
  if (contentLength && Number(contentLength) > REQUEST_BODY_LIMIT) return 'too-large';
  return 'pass';
}

export const EDGE_TEXT = {
  'method-not-allowed': { status: 405, body: 'Method Not Allowed' },
  'too-large': { status: 413, body: `Content Too Large: at most ${REQUEST_BODY_LIMIT} bytes` },
  'length-required': { status: 411, body: 'Length Required: send the body with a Content-Length' },
  'bad-target': { status: 400, body: 'Bad Request: the request target is not a path' },
  'no-host': { status: 400, body: 'Bad Request: the Host header is missing' },
  'expectation-failed': { status: 417, body: 'Expectation Failed' },
  'bad-request': { status: 400, body: 'Bad Request: the path is not valid percent-encoding' },
} as const;

/**
 * The request target as a path. The absolute form (`GET http://host/x HTTP/1.1`, which
 * servers must accept) keeps only its path: this server serves one site, whatever host a
 * client names. Any other form (`*`, `host:port`) is no page of this site: undefined.
 */
export function originForm(target: string | undefined): string | undefined {
  if (target?.startsWith('/')) return target;
  if (!target || !/^https?:\/\//i.test(target)) return undefined;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
}
