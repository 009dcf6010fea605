/**
 * Next's server cache as the production server runs it (next.config.ts `cacheHandler`): Next's
 * own file-system cache, or the shared one in Redis (web/shared-cache/cache-handler.ts) when
 * REDIS_URL is set, with two jobs added where Next hands over every prerendered page:
 *
 * - Its HTML is made the same bytes for the same copy (web/edge/stable-html.ts) and gets the
 *   late-scripts rewrite (web/edge/late-scripts.ts) once per page and
 *   version: on `get` (the build's copy, or another instance's) and on `set` (a render here).
 *   Next sends the value it read, or the very value it has just stored (a static render is
 *   complete before Next stores and sends it), so every visitor of a page gets the rewritten
 *   HTML, the first one after a publish too, and a CDN never keeps Next's own.
 * - The production server's fast path (web/edge/page-memory.ts) is told the final bytes of the
 *   page or `/locales` file it asked Next for (`pageCapture`), so it keeps them without reading
 *   Next's response.
 *
 * Next loads this file itself (not bundled), so it imports nothing through `@/`.
 */
import NextFileSystemCache from 'next/dist/server/lib/incremental-cache/file-system-cache.js';
import SharedCacheHandler from '../shared-cache/cache-handler.ts';
import { readSharedCacheSetting } from '../site/site-settings.ts';
import { stableHtml } from './stable-html.ts';
import { withLateScripts } from './late-scripts.ts';
import { pageCapture } from './page-memory.ts';

type FileSystemCache = NextFileSystemCache;
/** Node imports this CommonJS file whole: the class is its `default`. */
const FileSystemCache = (NextFileSystemCache as unknown as { default: typeof NextFileSystemCache })
  .default;
type Context = ConstructorParameters<typeof FileSystemCache>[0];
type Value = { kind: string; html?: unknown; body?: unknown } | null;

/**
 * The last HTML rewritten per cache key and what it became: one per page and language (the
 * site's pages and the not-found page), so a handful of MB at most.
 */
const rewritten = new Map<string, { source: string; result: string }>();

function rewrite(key: string, html: string): string {
  const last = rewritten.get(key);
  if (last && (html === last.source || html === last.result)) return last.result;
  const result = withLateScripts(stableHtml(html, key), {
    report: (problem) => console.error(`late scripts: ${key}: ${problem}`),
  });
  rewritten.set(key, { source: html, result });
  return result;
}

/** Rewrites a page's HTML in place, and tells the server's fast path the final bytes. */
function finish(key: string, value: Value): void {
  if (value?.kind === 'APP_PAGE' && typeof value.html === 'string')
    value.html = rewrite(key, value.html);
  const capture = pageCapture.getStore();
  if (!capture || !value) return;
  if (value.kind === 'APP_PAGE' && typeof value.html === 'string')
    capture.body = Buffer.from(value.html);
  else if (value.kind === 'APP_ROUTE' && Buffer.isBuffer(value.body)) capture.body = value.body;
}

const Base: typeof FileSystemCache =
  readSharedCacheSetting().kind === 'redis'
    ? (SharedCacheHandler as unknown as typeof FileSystemCache)
    : FileSystemCache;

export default class PageCache extends Base {
  constructor(context: Context) {
    super(context);
  }

  override async get(...args: Parameters<FileSystemCache['get']>) {
    const found = await super.get(...args);
    if (found?.value) {
      // A copy: what the cache below keeps stays as it stored it.
      const value = { ...found.value } as Value;
      finish(args[0], value);
      return { ...found, value } as typeof found;
    }
    return found;
  }

  override async set(...args: Parameters<FileSystemCache['set']>) {
    finish(args[0], args[1]);
    return super.set(...args);
  }
}
