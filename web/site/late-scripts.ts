/**
 * Lets a page paint before the framework's scripts start downloading. Next puts its chunks in
 * the head as `<script src async>`; a phone on a slow connection then fetches them beside the
 * page's CSS and font, and the page's largest text paints only when they are through (measured
 * by `npm run bench:lcp-strategies` and `bench:lighthouse`: 1.7× the same page without scripts;
 * with this, 0.9× to 1.5× depending on the page and the run).
 * The tags leave the document and one small inline loader adds the same scripts, still async,
 * once the largest paint is done. The inline data scripts (`self.__next_f`) stay where they are: they
 * only queue the page's data for the framework to read when it starts.
 *
 * Plain TypeScript with Node imports only: `server.ts` runs it directly on Node.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

const ASYNC_SCRIPT = /<script src="([^"]+)" async=""><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="preload" as="script"[^>]*>/g;

/**
 * When the loader starts the scripts. `frame`: after the frame that follows the parse; but that
 * frame's paint is recorded a few milliseconds later than its callbacks run, so the scripts were
 * often requested before the largest paint (measured in Chromium: 12–14 ms before it on /de and
 * /de/privacy-policy), and Lighthouse then counts their download against the LCP (the ratio
 * moved between 1.0× and 1.5× from run to run). `largest-paint`: once the browser has reported
 * the largest paint (or the first paint where it cannot report the largest); after the load
 * event in a hidden tab, which does not paint, and a second after it if nothing was reported.
 */
export type ScriptStart = 'frame' | 'largest-paint';

function loaderScript(sources: readonly string[], start: ScriptStart): string {
  const add =
    `${JSON.stringify(sources).replace(/</g, '\\u003c')}.forEach(function(s){var e=document.createElement("script");` +
    'e.src=s;e.async=true;document.head.appendChild(e)})';
  if (start === 'frame')
    return `requestAnimationFrame(function(){setTimeout(function(){${add}},0)})`;
  return (
    '(function(){var o,d,w=window.PerformanceObserver,' +
    't=(w&&w.supportedEntryTypes)||[],' +
    'y=t.indexOf("largest-contentful-paint")>=0?"largest-contentful-paint":t.indexOf("paint")>=0?"paint":"";' +
    `function g(){if(d)return;d=1;if(o)o.disconnect();setTimeout(function(){${add}},0)}` +
    'if(y){o=new w(g);o.observe({type:y,buffered:true})}' +
    'addEventListener("load",function(){y&&document.visibilityState!=="hidden"?setTimeout(g,1000):g()})})()'
  );
}

export function startScriptsAfterPaint(html: string, start: ScriptStart = 'largest-paint'): string {
  const sources: string[] = [];
  const rest = html
    .replace(ASYNC_SCRIPT, (_tag, src: string) => {
      sources.push(src);
      return '';
    })
    .replace(SCRIPT_PRELOAD, '');
  const end = rest.lastIndexOf('</body>');
  if (sources.length === 0 || end === -1) return html;
  const loader = `<script>${loaderScript(sources, start)}</script>`;
  return `${rest.slice(0, end)}${loader}${rest.slice(end)}`;
}

/**
 * A browser asking for a page (not the framework fetching data, not a preview, not HEAD): the
 * requests whose HTML gets its scripts started after the first paint.
 */
export function isPageRequest(req: IncomingMessage, draftMode: boolean): boolean {
  if (req.method !== 'GET' || draftMode || req.headers.rsc !== undefined) return false;
  if ((req.url ?? '').startsWith('/_next/')) return false;
  return (
    req.headers['sec-fetch-dest'] === 'document' || /text\/html/.test(req.headers.accept ?? '')
  );
}

type Callback = (error?: Error | null) => void;

/**
 * Holds back what Next writes for a page request and sends it at the end, HTML rewritten by
 * `startScriptsAfterPaint` and gzip-compressed when the browser accepts it. Next is asked for the
 * page uncompressed (the request's Accept-Encoding is removed), since its compression would
 * otherwise run before the rewrite could see the HTML.
 */
export function rewritePageResponse(req: IncomingMessage, res: ServerResponse): void {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  delete req.headers['accept-encoding'];
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(
              String(chunk),
              typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
            ),
    );
  };
  const lastCallback = (args: unknown[]) =>
    args.find((arg): arg is Callback => typeof arg === 'function');
  const end = res.end.bind(res) as (body: Buffer, callback?: Callback) => ServerResponse;
  const { writeHead, flushHeaders, write } = res;
  // The status and headers Next gives are kept on the response and sent with the body.
  res.writeHead = (status: number, ...rest: unknown[]) => {
    res.statusCode = status;
    const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
    // Node takes headers as an object or as a flat list of names and values.
    const pairs = Array.isArray(headers)
      ? Array.from({ length: headers.length / 2 }, (_, i): [unknown, unknown] => [
          headers[2 * i],
          headers[2 * i + 1],
        ])
      : Object.entries((headers ?? {}) as Record<string, unknown>);
    for (const [key, value] of pairs)
      if (value !== undefined)
        res.setHeader(String(key), value as string | number | readonly string[]);
    return res;
  };
  res.flushHeaders = () => undefined;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    lastCallback(rest)?.();
    return true;
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    let body = Buffer.concat(chunks);
    if (String(res.getHeader('content-type') ?? '').startsWith('text/html'))
      body = Buffer.from(startScriptsAfterPaint(body.toString('utf8')));
    const vary = String(res.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary))
      res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (gzip && body.length > 1024 && !res.getHeader('content-encoding')) {
      body = gzipSync(body);
      res.setHeader('content-encoding', 'gzip');
    }
    // A 304 or 204 has no body, and its length header would describe one.
    if (res.statusCode !== 304 && res.statusCode !== 204)
      res.setHeader('content-length', body.length);
    // Node's own end() writes the head through res.writeHead: the real one again.
    Object.assign(res, { writeHead, flushHeaders, write });
    return end(body, lastCallback(args));
  }) as ServerResponse['end'];
}
