/**
 * The same copy gives the same bytes: a page rendered by `next build` and the same page rendered
 * again on demand after a publish must be byte-identical, so its strong ETag
 * (web/edge/page-memory.ts) stays the same, a CDN's or browser's revalidation of unchanged copy
 * gets a 304, and a reverted publish serves exactly the bytes served before it.
 *
 * Two differences remain in what Next writes for the same copy, and neither has a setting; the
 * cache handler (web/edge/page-cache.ts) passes every page through this before it is sent:
 * - Next splits the page data (the RSC payload) into inline scripts as its stream happens to be
 *   flushed, which depends on when each read of the store finished. The scripts only queue text
 *   for the framework to read as one stream, so adjacent ones are joined into one.
 * - The payload names the address it was rendered for (`"c"`, the router's first URL): the
 *   route's (`/en/about`) at build, the request's (`/about`, which the proxy rewrites to that
 *   route) on demand. The browser's router starts from its own location either way; the route's
 *   address, which the build writes, is written in both.
 *
 * (Next's other differences have settings: next.config.ts turns off prefetch inlining, whose
 * hints the build writes as "stale" and a later render as computed, and web/head/fonts.ts the
 * fallback font metrics, whose `<meta name="next-size-adjust">` lands before or after the
 * page's metadata depending on which finished rendering first.)
 *
 * Free of path aliases: Next's cache handler loads it directly.
 */

/** One inline data script as Next writes it: a JSON string of stream text. */
const DATA_SCRIPTS = /(?:<script>self\.__next_f\.push\(\[1,"(?:[^"\\]|\\.)*"\]\)<\/script>){2,}/g;
const DATA_SCRIPT = /<script>self\.__next_f\.push\(\[1,"((?:[^"\\]|\\.)*)"\]\)<\/script>/g;

/** The router's first URL in the page data: `0:{"P":…,"c":["","en","about"]`, escaped in a script. */
const RENDERED_FOR = /((?:\\n|\[1,")0:\{\\"P\\":[^,]*,\\"c\\":)\[(?:\\"[^"\\]*\\",?)*\]/;

/**
 * The path a page is kept under (`/en/about`): Next's cache key ends in it after `/$`
 * (`/route-cache/APP_PAGE/<route hash>/$/en/about`).
 */
export function pathOfKey(key: string): string {
  const at = key.lastIndexOf('/$/');
  return at === -1 ? key : key.slice(at + 2);
}

/**
 * `html` as it would have been written in one flush for the page Next's cache keeps under
 * `key`.
 */
export function stableHtml(html: string, key: string): string {
  const routePath = pathOfKey(key);
  const joined = html.replace(DATA_SCRIPTS, (run) => {
    const texts = [...run.matchAll(DATA_SCRIPT)].map((match) => match[1]);
    return `<script>self.__next_f.push([1,"${texts.join('')}"])</script>`;
  });
  const segments = JSON.stringify(routePath.split('/')).replace(/"/g, '\\"');
  return joined.replace(RENDERED_FOR, (_, before: string) => `${before}${segments}`);
}
