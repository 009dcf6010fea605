/**
 * What the site answers before any route runs, shared by the proxy and the production
 * server (server.ts). Pure, and free of path aliases, so that Node can load it directly.
 *
 * - Every path answers GET and HEAD only (405 with `Allow` otherwise, OPTIONS included),
 *   unless a route handler deliberately accepts more and is listed in ROUTE_METHODS.
 * - A path whose percent-encoding does not decode is a client mistake: 400.
 * - A trailing slash is removed by a 308, as Next would, but with our headers.
 */

const READ_METHODS = ['GET', 'HEAD'] as const;

/**
 * Route handlers that deliberately accept methods besides GET and HEAD, keyed by their path
 * under app/ (`[segment]` matches any one segment). A unit test compares this table with the
 * methods the route files export, so a new write route cannot be forgotten here.
 */
export const ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  // Sanity's publish webhook (and the local content API's) posts here.
  '/api/revalidate': ['POST'],
  // RFC 8058 one-click unsubscribe (the proxy sends POSTs to unsubscribe links here).
  '/api/newsletter/one-click': ['POST'],
};

/**
 * Page paths that also accept a method which the proxy sends on to a route handler (the
 * page itself answers GET): an unsubscribe link takes the RFC 8058 one-click POST.
 */
export const PAGE_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/newsletter/unsubscribe': ['POST'],
  '/[lang]/newsletter/unsubscribe': ['POST'],
};

const ALL_METHODS = { ...ROUTE_METHODS, ...PAGE_METHODS };

/**
 * Methods a fetch Request cannot carry (the Fetch standard forbids them). Next builds one for
 * the proxy, which throws for these before any of our code runs, so the server answers them.
 */
export const UNROUTABLE_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

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
  routes: Readonly<Record<string, readonly string[]>> = ALL_METHODS,
): readonly string[] {
  for (const [route, methods] of Object.entries(routes)) {
    if (routePattern(route).test(pathname)) return [...READ_METHODS, ...methods];
  }
  return READ_METHODS;
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
  routes: Readonly<Record<string, readonly string[]>> = ALL_METHODS,
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

export const EDGE_TEXT = {
  'method-not-allowed': { status: 405, body: 'Method Not Allowed' },
  'bad-request': { status: 400, body: 'Bad Request: the path is not valid percent-encoding' },
} as const;
