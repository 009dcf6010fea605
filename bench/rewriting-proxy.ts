/**
 * A local proxy in front of the site that rewrites its HTML pages and passes everything else
 * through untouched: a page's variant (e.g. with every script removed) served the way the site
 * serves it, gzip-compressed when the browser accepts it, so the two differ only in the rewrite.
 * A variant can also rewrite the stylesheets, and answer chosen paths with other bytes (a font
 * subset under the original font's address, so the page's preload still matches it).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { listenLocally, type LocalHttpServer } from '@/testing/local-http';

export type RunningProxy = LocalHttpServer;

/** Headers that describe the upstream body's encoding or transfer, not the page. */
const HOP_HEADERS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
]);

export interface Rewrites {
  readonly css?: (css: string) => string;
  /** Paths answered with these bytes instead of the site's (the site's headers are kept). */
  readonly files?: ReadonlyMap<string, Buffer>;
}

/** A page's rewrite: Next's HTML in, the variant's out. */
export type PageRewrite = (html: string) => string | Promise<string>;

async function relay(
  upstream: string,
  rewrite: PageRewrite,
  { css, files }: Rewrites,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const pathname = new URL(req.url ?? '/', upstream).pathname;
  const answer = await fetch(new URL(req.url ?? '/', upstream), {
    method: req.method ?? 'GET',
    // Not a browser's page request: the production server sends Next's HTML as Next made it,
    // without starting its scripts after the first paint, so each variant starts from the same page.
    headers: { 'accept-encoding': 'identity', accept: '*/*' },
    redirect: 'manual',
  });
  const type = answer.headers.get('content-type') ?? '';
  let body: Buffer = Buffer.from(await answer.arrayBuffer());
  if (type.startsWith('text/html')) body = Buffer.from(await rewrite(body.toString('utf8')));
  else if (css && type.startsWith('text/css')) body = Buffer.from(css(body.toString('utf8')));
  body = files?.get(pathname) ?? body;
  for (const [key, value] of answer.headers)
    if (!HOP_HEADERS.has(key.toLowerCase())) res.setHeader(key, value);
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    body = gzipSync(body);
    res.setHeader('content-encoding', 'gzip');
  }
  res.setHeader('content-length', body.length);
  res.writeHead(answer.status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

export async function startRewritingProxy(
  upstream: string,
  rewrite: PageRewrite,
  rewrites: Rewrites = {},
): Promise<RunningProxy> {
  const server = createServer((req, res) => {
    relay(upstream, rewrite, rewrites, req, res).catch((error: unknown) => {
      res.statusCode = 502;
      res.end(String(error));
    });
  });
  return listenLocally(server);
}

/** The page without JavaScript: every script element and every script preload removed. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*\bas="script"[^>]*>/g, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, '');
}
