/**
 * Lets a page paint before the framework's scripts start downloading. Next puts its chunks in
 * the document as `<script src async>`; a phone on a slow connection then fetches them beside
 * the page's CSS and font, and the page's largest text paints only when they are through
 * (measured by `npm run bench:lcp-strategies` and `bench:lighthouse`: 1.7× the same page without
 * scripts; with this, 0.9× to 1.2× depending on the page and the run). Next has no setting for
 * how its own chunks load (the `<Script>` strategies are for other scripts) and no hook into
 * the HTML it sends, so the production server rewrites that HTML on its way out.
 *
 * The chunk tags leave the document and one small inline loader at the end of the body adds the
 * same scripts, still async, once the browser has reported the largest paint. The inline data
 * scripts (`self.__next_f`) stay where they are: they only queue the page's data for the
 * framework to read when it starts.
 *
 * How, and why so:
 * - Next answers a page request on an HTTP server of this module that listens on no port: each
 *   request gets an in-memory connection (`duplexPair`, Node's documented way to hand a server
 *   a connection of one's own). Next writes into a response nobody has patched, and the page
 *   arrives here as a stream, which goes through the rewrite into the visitor's response.
 * - The rewrite parses the HTML as it streams (parse5's rewriting stream): a script is
 *   recognised by its element and attributes, in whatever order Next writes them, and every
 *   byte it does not change is passed on as Next wrote it.
 * - A framework script of another shape than the one the loader reproduces (`src` and `async`
 *   only) stays where it is and is reported: the page still works, its scripts just start
 *   early, and the server's log says that Next's HTML changed (`e2e/late-scripts.test.ts`
 *   compares the served pages with Next's own on a real build).
 * - Compression is the `compression` middleware (the one Next uses for everything else), with
 *   each batch flushed so the head of a page that Next streams leaves before its end.
 *
 * Plain TypeScript without path aliases: `server.ts` runs it directly on Node.
 */
import {
  createServer,
  request,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { duplexPair, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants } from 'node:zlib';
import compression from 'compression';
import { RewritingStream } from 'parse5-html-rewriting-stream';
import vary from 'vary';

/** A start tag as the rewriting stream reports it (its type comes from the parser it is built on). */
type StartTag = Parameters<RewritingStream['emitStartTag']>[0];

/** Next serves what it builds under `/_next/` (from another origin too, with `assetPrefix`). */
const isFrameworkAddress = (address: string | undefined) =>
  address !== undefined &&
  (URL.parse(address, 'http://site.invalid')?.pathname.startsWith('/_next/') ?? false);

/** The inline script that adds the framework's scripts, given their addresses in order. */
export type ScriptLoader = (sources: readonly string[]) => string;

/** The loader's own code: adds each address as an async script to the head. */
export function addScripts(sources: readonly string[]): string {
  // `<` escaped: an address cannot end the inline script early.
  return (
    `${JSON.stringify(sources).replace(/</g, '\\u003c')}.forEach(function(s){var e=document.createElement("script");` +
    'e.src=s;e.async=true;document.head.appendChild(e)})'
  );
}

/**
 * Starts the scripts once the browser has reported the largest paint (or the first paint where
 * it cannot report the largest); after the load event in a hidden tab, which does not paint,
 * and a second after it if nothing was reported. Starting them after the next frame instead was
 * not enough (`bench/lcp-strategies.ts` keeps that variant): that frame's paint is recorded a
 * few milliseconds later than its callbacks run, so the scripts were often requested before
 * the largest paint, and Lighthouse counts their download against it.
 */
export const afterLargestPaint: ScriptLoader = (sources) =>
  '(function(){var o,d,w=window.PerformanceObserver,' +
  't=(w&&w.supportedEntryTypes)||[],' +
  'y=t.indexOf("largest-contentful-paint")>=0?"largest-contentful-paint":t.indexOf("paint")>=0?"paint":"";' +
  `function g(){if(d)return;d=1;if(o)o.disconnect();setTimeout(function(){${addScripts(sources)}},0)}` +
  'if(y){o=new w(g);o.observe({type:y,buffered:true})}' +
  'addEventListener("load",function(){y&&document.visibilityState!=="hidden"?setTimeout(g,1000):g()})})()';

const attribute = (tag: StartTag, name: string) =>
  tag.attrs.find((attr) => attr.name === name)?.value;

/** What a start tag is to the rewrite. */
type Role = 'chunk' | 'chunk preload' | 'other framework script' | 'other';

function roleOf(tag: StartTag): Role {
  if (tag.tagName === 'script') {
    if (!isFrameworkAddress(attribute(tag, 'src'))) return 'other';
    // What the loader reproduces: an async script and nothing else about it.
    const names = tag.attrs.map((attr) => attr.name).sort();
    if (names.length === 2 && names[0] === 'async' && names[1] === 'src') return 'chunk';
    // Old browsers' polyfills (`nomodule`): modern browsers never fetch it, so it can stay.
    if (names.includes('nomodule')) return 'other';
    return 'other framework script';
  }
  if (
    tag.tagName === 'link' &&
    attribute(tag, 'rel') === 'preload' &&
    attribute(tag, 'as') === 'script' &&
    isFrameworkAddress(attribute(tag, 'href'))
  )
    return 'chunk preload';
  return 'other';
}

export interface LateScriptsOptions {
  /** Told, once per page, what the rewrite could not do there: Next's HTML changed. */
  readonly report: (problem: string) => void;
  /** The benchmark compares other loaders; production uses `afterLargestPaint`. */
  readonly loader?: ScriptLoader;
}

/**
 * The rewrite of one page: a Transform from Next's HTML (strings) to the page with its
 * framework scripts started by the loader.
 */
export class LateScriptsRewrite extends RewritingStream {
  readonly #sources: string[] = [];
  readonly #leftInPlace: string[] = [];
  readonly #report: (problem: string) => void;
  readonly #loader: ScriptLoader;
  #inTakenScript = false;
  #loaderAdded = false;

  constructor({ report, loader = afterLargestPaint }: LateScriptsOptions) {
    super();
    this.#report = report;
    this.#loader = loader;
    this.on('startTag', (tag, raw) => {
      const role = roleOf(tag);
      if (role === 'chunk' && !this.#loaderAdded) {
        this.#sources.push(attribute(tag, 'src')!);
        this.#inTakenScript = true;
        return;
      }
      // The preload would start the download the rewrite moves after the paint.
      if (role === 'chunk preload') return;
      if (role !== 'other') this.#leftInPlace.push(raw);
      this.emitRaw(raw);
    });
    this.on('endTag', (tag, raw) => {
      if (tag.tagName === 'script' && this.#inTakenScript) {
        this.#inTakenScript = false;
        return;
      }
      if (tag.tagName === 'body') this.#addLoader();
      this.emitRaw(raw);
    });
  }

  #addLoader(): void {
    if (this.#loaderAdded || this.#sources.length === 0) return;
    this.#loaderAdded = true;
    this.emitRaw(`<script>${this.#loader(this.#sources)}</script>`);
  }

  override _flush(done: TransformCallback): void {
    const problems: string[] = [];
    if (!this.#loaderAdded && this.#sources.length > 0) {
      // A script after the document's end still runs: the page keeps its scripts.
      this.#addLoader();
      problems.push('the document has no </body>: the loader was added at its end');
    }
    if (this.#leftInPlace.length > 0)
      problems.push(
        `${this.#leftInPlace.length} framework script(s) of a shape the rewrite does not know ` +
          `were left where Next put them (first: ${this.#leftInPlace[0]}), so they start ` +
          'before the largest paint',
      );
    if (problems.length > 0)
      this.#report(`${problems.join('; ')}. Next's HTML changed: see web/site/late-scripts.ts`);
    done();
  }
}

/**
 * The rewrite's output in one piece per batch of input. The rewriting stream pushes every token
 * as its own piece (about 750 for a page); iterating it reads whatever it has buffered at once,
 * so the compressor gets one write per piece of Next's output instead of one per token.
 */
async function* inBatches(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const batch of pieces) yield batch;
}

/**
 * A browser asking for a page (not the framework fetching data, not a preview, not HEAD): the
 * requests whose HTML gets its scripts started after the largest paint.
 */
export function isPageRequest(req: IncomingMessage, draftMode: boolean): boolean {
  if (req.method !== 'GET' || draftMode || req.headers.rsc !== undefined) return false;
  if ((req.url ?? '').startsWith('/_next/')) return false;
  return (
    req.headers['sec-fetch-dest'] === 'document' || /text\/html/.test(req.headers.accept ?? '')
  );
}

/** Headers about one connection or message, not about the page (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // Answered already, by the server that received the request.
  'expect',
]);

/** The visitor's request as Next gets it on the in-memory connection. */
function forwardedHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers))
    if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  // Uncompressed, so the rewrite can read it; it is compressed on its way to the visitor.
  headers['accept-encoding'] = 'identity';
  // One request per in-memory connection: closed once answered.
  headers.connection = 'close';
  // What Next adds itself from the socket, which on this connection has no address.
  headers['x-forwarded-for'] ??= req.socket.remoteAddress;
  return headers;
}

/** Next's answer has a body, and it is HTML the rewrite can read. */
function isRewritable(answer: IncomingMessage): boolean {
  return (
    answer.statusCode !== 204 &&
    answer.statusCode !== 304 &&
    /^text\/html\b/.test(answer.headers['content-type'] ?? '') &&
    answer.headers['content-encoding'] === undefined
  );
}

/**
 * The visitor left, or Next's answer broke off (Next logs its own failures): the response is
 * closed either way, and there is nothing to add to the log.
 */
const isConnectionEnd = (error: unknown) =>
  ['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE'].includes(
    (error as NodeJS.ErrnoException | undefined)?.code ?? '',
  );

/**
 * Answers page requests through `handle` (Next's request handler), their HTML rewritten by
 * `LateScriptsRewrite` and compressed when the browser accepts it. Status and headers are
 * Next's, but for those about its connection and the length (the rewrite changes it).
 */
export function pagesWithLateScripts(
  handle: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>,
  report: (problem: string) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const next = createServer((req, res) => void handle(req, res));
  // The middleware replaces the response's writeHead, write and end with its own, which send
  // through its zlib stream: the only patching left, inside a maintained library. Each write
  // is flushed, so what Next has streamed so far reaches the browser.
  const compress = compression({
    flush: constants.Z_SYNC_FLUSH,
    brotli: { flush: constants.BROTLI_OPERATION_FLUSH },
  });
  return (req, res) => {
    const [ours, nexts] = duplexPair();
    next.emit('connection', nexts);
    // The visitor left: Next stops rendering (the in-memory pair does not pass that on itself).
    res.once('close', () => {
      if (!res.writableFinished) nexts.destroy();
    });
    const ask = request({
      createConnection: () => ours,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req),
    });
    ask.once('error', (error) => {
      if (res.destroyed) return;
      console.error(`late scripts: ${req.url}: no answer from Next`, error);
      if (res.headersSent) return void res.destroy();
      res.statusCode = 500;
      res.end('Internal Server Error');
    });
    ask.once('response', (answer) => {
      const rewrite = isRewritable(answer);
      res.statusCode = answer.statusCode ?? 500;
      for (const [name, values] of Object.entries(answer.headersDistinct))
        if (
          !HOP_BY_HOP.has(name) &&
          values !== undefined &&
          !(rewrite && name === 'content-length')
        )
          res.setHeader(name, values.length === 1 ? values[0]! : values);
      // Also where nothing is compressed (a 304, a small body): the answer depends on it.
      vary(res, 'Accept-Encoding');
      // Typed for express; it uses only what Node's request and response have.
      compress(
        req as Parameters<typeof compress>[0],
        res as Parameters<typeof compress>[1],
        () => {},
      );
      const sent = rewrite
        ? pipeline(
            answer.setEncoding('utf8'),
            new LateScriptsRewrite({ report: (problem) => report(`${req.url}: ${problem}`) }),
            inBatches,
            res,
          )
        : pipeline(answer, res);
      sent.catch((error: unknown) => {
        if (!isConnectionEnd(error)) console.error(`late scripts: ${req.url}:`, error);
      });
    });
    req.pipe(ask);
  };
}
