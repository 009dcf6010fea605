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
 *   arrives here as a stream, which goes through the rewrite into the visitor's response. The
 *   price is CPU: the page is written and read once more as HTTP (measured with the rewrite and
 *   gzip, 1–2 ms per page over Next's own 4–5 ms).
 * - The rewrite parses the HTML as it streams (htmlparser2): a script is recognised by its
 *   element and attributes, in whatever order Next writes them, and every byte it does not
 *   change is passed on as Next wrote it.
 * - A framework script of another shape than the one the loader reproduces (`src` and `async`
 *   only) stays where it is and is reported: the page still works, its scripts just start
 *   early, and the server's log says that Next's HTML changed (`e2e/late-scripts.test.ts`
 *   compares the served pages with Next's own on a real build).
 * - The rewritten page is compressed by Node's zlib stream (on its thread pool, not the event
 *   loop), each piece flushed, so the head of a page that Next streams leaves before its end:
 *   brotli at quality 5 when the browser offers it, else gzip (negotiated by `negotiator`).
 *   This runs once per page and version: the result is kept and compressed once at the best
 *   level (web/edge/page-memory.ts), which is what every later visitor gets. Nothing patches
 *   the visitor's response: the `compression` middleware would.
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
import { duplexPair, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { Parser } from 'htmlparser2';
import Negotiator from 'negotiator';
import vary from 'vary';

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

/** What an element is to the rewrite, by its name and attributes (names in lower case). */
type Role = 'chunk' | 'chunk preload' | 'other framework script' | 'other';

function roleOf(name: string, attributes: Readonly<Record<string, string>>): Role {
  if (name === 'script') {
    if (!isFrameworkAddress(attributes.src)) return 'other';
    // What the loader reproduces: an async script and nothing else about it.
    const names = Object.keys(attributes).sort();
    if (names.length === 2 && names[0] === 'async' && names[1] === 'src') return 'chunk';
    // Old browsers' polyfills (`nomodule`): modern browsers never fetch it, so it can stay.
    if (names.includes('nomodule')) return 'other';
    return 'other framework script';
  }
  if (
    name === 'link' &&
    attributes.rel === 'preload' &&
    attributes.as === 'script' &&
    isFrameworkAddress(attributes.href)
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
 * framework scripts started by the loader, one piece out per piece in.
 *
 * htmlparser2 reads the document as it arrives and reports each element with its attributes and
 * its place in the document; the rewrite passes on Next's text between the places it changes
 * exactly as Next wrote it. It holds back only what the parser has not reported yet (a tag cut
 * off at the end of a piece) and a script it is taking out, until that script's end tag.
 * (parse5's rewriting stream does the same, but on these pages, whose inline data scripts are
 * most of their bytes, it cost 9 ms of CPU for a 58 KB page, against 1.2 ms here.)
 */
export class LateScriptsRewrite extends Transform {
  readonly #report: (problem: string) => void;
  readonly #loader: ScriptLoader;
  readonly #parser: Parser;
  /** Next's text not passed on yet, and where in the document it starts. */
  #held = '';
  #heldFrom = 0;
  /** Where the text the parser has reported whole ends: what comes before it can go out. */
  #reported = 0;
  /** Where the framework script being taken out starts, until its end tag. */
  #takingFrom: number | undefined;
  readonly #sources: string[] = [];
  readonly #leftInPlace: string[] = [];
  #loaderAdded = false;
  #out: string[] = [];

  constructor({ report, loader = afterLargestPaint }: LateScriptsOptions) {
    super({ decodeStrings: false, encoding: 'utf8' });
    this.#report = report;
    this.#loader = loader;
    // Between two reports, the parser's startIndex is where the next piece of the document
    // starts; during one, endIndex is where the reported piece ends.
    const reportedWhole = () => (this.#reported = this.#parser.endIndex + 1);
    this.#parser = new Parser({
      onopentag: (name, attributes) => {
        const { startIndex, endIndex } = this.#parser;
        const role = roleOf(name, attributes);
        if (role === 'chunk' && !this.#loaderAdded) {
          this.#sources.push(attributes.src!);
          this.#takingFrom = startIndex;
        } else if (role === 'chunk preload') {
          // The preload would start the download the rewrite moves after the paint.
          this.#cut(startIndex, endIndex + 1);
        } else if (role !== 'other') {
          // A shape the loader does not reproduce, or a script after the loader's place.
          this.#leftInPlace.push(this.#textOf(startIndex, endIndex + 1));
        }
        reportedWhole();
      },
      onclosetag: (name, implied) => {
        // An end implied by a tag that is still being read says nothing about that tag.
        if (implied) return;
        if (name === 'script' && this.#takingFrom !== undefined) {
          this.#cut(this.#takingFrom, this.#parser.endIndex + 1);
          this.#takingFrom = undefined;
        } else if (name === 'body') {
          this.#addLoader(this.#parser.startIndex);
        }
        reportedWhole();
      },
      ontext: reportedWhole,
      oncommentend: reportedWhole,
      onprocessinginstruction: reportedWhole,
      oncdataend: reportedWhole,
    });
  }

  #textOf(from: number, to: number): string {
    return this.#held.slice(from - this.#heldFrom, to - this.#heldFrom);
  }

  /** Passes on Next's text up to `to`. */
  #passOn(to: number): void {
    if (to <= this.#heldFrom) return;
    this.#out.push(this.#textOf(this.#heldFrom, to));
    this.#held = this.#held.slice(to - this.#heldFrom);
    this.#heldFrom = to;
  }

  /** Leaves Next's text from `from` to `to` out. */
  #cut(from: number, to: number): void {
    this.#passOn(from);
    this.#held = this.#held.slice(to - this.#heldFrom);
    this.#heldFrom = to;
  }

  #addLoader(at: number): void {
    if (this.#loaderAdded || this.#sources.length === 0) return;
    this.#passOn(at);
    this.#out.push(`<script>${this.#loader(this.#sources)}</script>`);
    this.#loaderAdded = true;
  }

  #takeOut(): string {
    const out = this.#out.join('');
    this.#out = [];
    return out;
  }

  override _transform(piece: string, _encoding: BufferEncoding, done: TransformCallback): void {
    this.#held += piece;
    this.#parser.write(piece);
    this.#passOn(this.#takingFrom ?? this.#reported);
    done(null, this.#takeOut());
  }

  override _flush(done: TransformCallback): void {
    this.#parser.end();
    const problems: string[] = [];
    if (this.#takingFrom !== undefined) {
      // A script cut off by the document's end stays as it is.
      this.#sources.pop();
      this.#takingFrom = undefined;
      problems.push('the document ends inside a framework script, which was left in place');
    }
    this.#passOn(this.#heldFrom + this.#held.length);
    if (!this.#loaderAdded && this.#sources.length > 0) {
      // A script after the document's end still runs: the page keeps its scripts.
      this.#addLoader(this.#heldFrom);
      problems.push('the document has no </body>: the loader was added at its end');
    }
    if (this.#leftInPlace.length > 0)
      problems.push(
        `${this.#leftInPlace.length} framework script(s) left where Next put them, of a shape ` +
          `the rewrite does not know or after </body> (first: ${this.#leftInPlace[0]}), so ` +
          'they start before the largest paint',
      );
    if (problems.length > 0)
      this.#report(`${problems.join('; ')}. Next's HTML changed: see web/edge/late-scripts.ts`);
    done(null, this.#takeOut());
  }
}

/** The request asks for a document (a browser's navigation, or anything that accepts HTML). */
export const asksForPage = (req: IncomingMessage) =>
  req.headers['sec-fetch-dest'] === 'document' || /text\/html/.test(req.headers.accept ?? '');

/**
 * A browser asking for a page (not the framework fetching data, not a preview, not HEAD): the
 * requests whose HTML gets its scripts started after the largest paint.
 */
export function isPageRequest(req: IncomingMessage, draftMode: boolean): boolean {
  if (req.method !== 'GET' || draftMode || req.headers.rsc !== undefined) return false;
  if ((req.url ?? '').startsWith('/_next/')) return false;
  return asksForPage(req);
}

export type Encoding = 'br' | 'gzip' | 'identity';
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];

/** Accept-Encoding values seen, with the encoding chosen for each (browsers send a handful). */
const chosenEncodings = new Map<string, Encoding>();

/** Brotli when the browser offers it, gzip otherwise, identity last. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const header = acceptEncoding ?? '';
  let chosen = chosenEncodings.get(header);
  if (chosen) return chosen;
  // negotiator 1.x takes the server's order for equal weights (`preferred`); its types are 0.6's.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined;
  };
  chosen =
    (negotiator.encoding([...ENCODINGS], { preferred: [...ENCODINGS] }) as Encoding | undefined) ??
    'identity';
  if (chosenEncodings.size < 100) chosenEncodings.set(header, chosen);
  return chosen;
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
 * Brotli or gzip, where the browser accepts it and Next did not forbid changing the body. On
 * this path (a page not kept in memory yet, web/edge/page-memory.ts) brotli runs at a quality
 * that keeps up with Next's stream; the copy kept in memory is compressed once at the best.
 */
function streamEncoding(req: IncomingMessage, res: ServerResponse): 'br' | 'gzip' | 'identity' {
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('cache-control') ?? '')))
    return 'identity';
  return chooseEncoding(req.headers['accept-encoding']);
}

/** Flushed after each piece: what Next has streamed so far reaches the browser. */
const compressor = (encoding: 'br' | 'gzip') =>
  encoding === 'br'
    ? createBrotliCompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      })
    : createGzip({ flush: constants.Z_SYNC_FLUSH });

/** Passes the bytes on and keeps a copy, for the caller to keep the whole page. */
class Copy extends Transform {
  readonly chunks: Buffer[] = [];
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.chunks.push(chunk);
    done(null, chunk);
  }
}

/**
 * Told, once the answer is out, its final bytes (after the rewrite, before compression) when
 * it was a 200 sent whole; undefined otherwise.
 */
export type KeepAnswer = (body: Buffer | undefined) => void;

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
): (req: IncomingMessage, res: ServerResponse, keep?: KeepAnswer) => void {
  const next = createServer((req, res) => void handle(req, res));
  return (req, res, keep) => {
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
      keep?.(undefined);
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
      // Also where nothing is compressed (a 304, a redirect): the answer depends on it.
      vary(res, 'Accept-Encoding');
      const encoding = rewrite ? streamEncoding(req, res) : 'identity';
      if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
      const stages: NodeJS.ReadWriteStream[] = [];
      if (rewrite) {
        answer.setEncoding('utf8');
        stages.push(
          new LateScriptsRewrite({ report: (problem) => report(`${req.url}: ${problem}`) }),
        );
      }
      const copy = keep && answer.statusCode === 200 ? new Copy() : undefined;
      if (copy) stages.push(copy);
      if (encoding !== 'identity') stages.push(compressor(encoding));
      // Anything else (a 304, a redirect's few bytes) goes on as Next sent it.
      pipeline([answer, ...stages, res])
        .then(() => keep?.(copy && Buffer.concat(copy.chunks)))
        .catch((error: unknown) => {
          keep?.(undefined);
          if (!isConnectionEnd(error)) console.error(`late scripts: ${req.url}:`, error);
        });
    });
    req.pipe(ask);
  };
}
