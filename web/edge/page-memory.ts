/**
 * The static fast path: a prerendered page or `/locales` file, once Next has answered it (with
 * the late-scripts rewrite, web/edge/page-cache.ts), is kept as its final bytes in identity, gzip and
 * brotli, each compressed once at its best level, with its headers and a strong ETag. While
 * the tags it shows are current, the server answers it from here without entering Next (a
 * lookup, one write), and `If-None-Match` gets a 304.
 *
 * Freshness is keyed on the same tag-expiry record Next's cache reads, not on whoever expires
 * a tag (the webhook, the reconciliation, a versions restore all do):
 * - Next's in-process tag manifest (`tagsManifest`, which `revalidateTag` updates on this
 *   instance, through Next's own cache or a 'use cache' handler);
 * - with Redis, the shared tag tokens (`rg-site:tag-tokens`, web/shared-cache/shared-store.ts)
 *   that every instance's publish writes before its webhook answers. They are read for every
 *   request, but one read at a time: a request waits for a read that began after it arrived,
 *   so once a webhook has answered 200 no instance serves the old bytes, and under load one
 *   round trip answers every request that arrived during the previous one.
 * An entry remembers that record as it was before Next was asked (the miss that filled it),
 * so a render that overlapped a publish is stale at once. With Redis unreachable nothing is
 * answered from here: Next's cache handler decides, as without the fast path.
 *
 * A new build is a new process (this memory starts empty), and the ETag is a hash of the
 * bytes, so a browser's copy of the old build's page is never confirmed by a 304.
 *
 * Free of path aliases: server.ts loads it directly with Node.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import Negotiator from 'negotiator';
import vary from 'vary';
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import { isRedisUnavailable, type SharedRedis } from '../shared-cache/redis-connection.ts';
import { TAG_TOKENS_KEY } from '../shared-cache/shared-store.ts';
import { SHARED } from './edge-cache.ts';

type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];

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

const compressGzip = promisify(gzip);
const compressBrotli = promisify(brotliCompress);

/**
 * Every page in every language (52 addresses) in the three encodings takes about 5 MB, the
 * `/locales` files a few hundred KB more; past this bound the least recently used go.
 */
export const PAGE_MEMORY_BYTES = 32 * 1024 * 1024;

/** What a kept response is current for: the expiry record of its tags when it was asked for. */
export type Freshness = string;

interface Representation {
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
  readonly etag: string;
}

interface Entry {
  readonly tags: readonly string[];
  readonly freshness: Freshness;
  readonly representations: Readonly<Record<Encoding, Representation>>;
  /** Headers of a 304: the validators and the policy of the 200, no body headers. */
  readonly notModified: Readonly<Record<Encoding, OutgoingHttpHeaders>>;
  readonly bytes: number;
}

/** One Redis read at a time; a caller waits for one that began after its call. */
class TokenReads {
  #current: Promise<Record<string, string>> | undefined;
  #next: Promise<Record<string, string>> | undefined;

  readonly #redis: SharedRedis;

  constructor(redis: SharedRedis) {
    this.#redis = redis;
  }

  read(): Promise<Record<string, string>> {
    if (!this.#current) return this.#start();
    // The read in flight may have begun before this caller's publish answered: take the next.
    this.#next ??= this.#current
      .catch(() => undefined)
      .then(() => {
        this.#next = undefined;
        return this.#start();
      });
    return this.#next;
  }

  #start(): Promise<Record<string, string>> {
    const read = this.#redis.run((client) => client.hGetAll(TAG_TOKENS_KEY));
    this.#current = read;
    const clear = () => {
      if (this.#current === read) this.#current = undefined;
    };
    read.then(clear, clear);
    return read;
  }
}

/** Headers Next's router sends for its own data (RSC payloads, prefetches), never a page's bytes. */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-url',
  'next-action',
];

/**
 * Where Next's cache handler (web/edge/page-cache.ts) puts the final bytes of the page or
 * `/locales` file a request of the fast path asked Next for: the body Next sends, read where
 * Next reads it. One instance per process (on `globalThis`): Next loads the handler itself.
 */
export const pageCapture: AsyncLocalStorage<{ body?: Buffer }> = ((
  globalThis as Record<symbol, AsyncLocalStorage<{ body?: Buffer }>>
)[Symbol.for('rg.site.page-capture')] ??= new AsyncLocalStorage());

/**
 * Whether the fast path may answer or keep `req`: GET or HEAD with a Host, no body, no cookie
 * (a preview's draft-mode cookie, or any other: such answers are private,
 * web/edge/edge-cache.ts) and none of the router's headers. Which paths it keeps is the cache
 * policy's: what a shared cache may keep a day, under its plain path (`fill`).
 */
export function mayKeep({ method, headers }: IncomingMessage): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    headers.host !== undefined &&
    headers.cookie === undefined &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0') &&
    !ROUTER_HEADERS.some((name) => headers[name] !== undefined)
  );
}

/** Whether `If-None-Match` names this ETag (weak comparison, RFC 9110 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/** Set per representation below; everything else is kept as the miss's answer had it. */
const PER_REPRESENTATION = new Set(['content-length', 'content-type', 'content-encoding', 'etag']);

export class PageMemory {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  readonly #filling = new Set<string>();
  readonly #tokens: TokenReads | undefined;

  readonly #limit: number;

  constructor(redis: SharedRedis | undefined, limit = PAGE_MEMORY_BYTES) {
    this.#tokens = redis && new TokenReads(redis);
    this.#limit = limit;
  }

  /**
   * The expiry record of `tags` now, or undefined when it cannot be known (Redis unreachable):
   * nothing is then answered or kept.
   */
  async freshness(tags: readonly string[]): Promise<Freshness | undefined> {
    let shared: Record<string, string> = {};
    if (this.#tokens) {
      try {
        shared = await this.#tokens.read();
      } catch (error) {
        if (isRedisUnavailable(error)) return undefined;
        throw error;
      }
    }
    return tags
      .map((tag) => {
        const local = tagsManifest.get(tag);
        return `${tag}=${shared[tag] ?? ''}/${local?.stale ?? ''}/${local?.expired ?? ''}`;
      })
      .join(' ');
  }

  /**
   * Answers `req` from memory when its path is kept and still current; false otherwise (the
   * caller goes on to Next). Nothing else is decided first: the entry holds its tags.
   */
  async answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const key = req.url ?? '';
    const entry = this.#entries.get(key);
    if (!entry || !mayKeep(req)) return false;
    const freshness = await this.freshness(entry.tags);
    if (freshness !== entry.freshness) {
      if (freshness !== undefined && this.#entries.get(key) === entry) this.#forget(key);
      return false;
    }
    // Most recently used last, so the bound drops the oldest first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const representation = entry.representations[encoding];
    if (matches(req.headers['if-none-match'], representation.etag)) {
      res.writeHead(304, entry.notModified[encoding]);
      res.end();
    } else {
      res.writeHead(200, representation.headers);
      res.end(req.method === 'HEAD' ? undefined : representation.body);
    }
    return true;
  }

  /**
   * Lets Next answer `req` (`render`), and keeps the answer once it is out if it is a 200 that
   * a shared cache may keep a day (no cookie set): the bytes Next's cache handed over
   * (`pageCapture`), compressed once. One fill at a time per path; `tags` are the answer's.
   */
  async fill(
    req: IncomingMessage,
    res: ServerResponse,
    tags: readonly string[],
    render: () => Promise<void>,
  ): Promise<void> {
    const key = req.url ?? '';
    // Kept only under a plain path (no query, no dot segments, nothing a URL would rewrite):
    // other spellings of a page are answered by Next and cannot crowd the pages out.
    const plain = URL.parse(key, 'http://site.invalid')?.pathname === key;
    if (!plain || !mayKeep(req) || req.method !== 'GET' || this.#filling.has(key)) return render();
    this.#filling.add(key);
    // Read before Next is asked: a publish while it renders leaves the copy stale at once.
    const freshness = await this.freshness(tags);
    if (freshness === undefined) {
      this.#filling.delete(key);
      return render();
    }
    const capture: { body?: Buffer } = {};
    res.once('close', () => {
      const keepable =
        capture.body !== undefined &&
        res.writableFinished &&
        res.statusCode === 200 &&
        res.getHeader('cache-control') === SHARED &&
        !res.hasHeader('set-cookie');
      if (!keepable) return void this.#filling.delete(key);
      this.keep(key, { tags, freshness, headers: res.getHeaders(), body: capture.body! }).catch(
        (error: unknown) => console.error(`page memory: ${key}:`, error),
      );
    });
    await pageCapture.run(capture, render);
  }

  /**
   * Keeps Next's answer to a real request (`body`: the final bytes, uncompressed) once it is
   * compressed, if the record of its tags is still what it was when Next was asked.
   */
  async keep(
    key: string,
    {
      tags,
      freshness,
      headers,
      body,
    }: {
      tags: readonly string[];
      freshness: Freshness;
      headers: OutgoingHttpHeaders;
      body: Buffer;
    },
  ): Promise<void> {
    try {
      const [br, gz] = await Promise.all([
        compressBrotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        compressGzip(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if ((await this.freshness(tags)) !== freshness) return;
      const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
      const common: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(headers))
        if (!PER_REPRESENTATION.has(name.toLowerCase()) && value !== undefined)
          common[name.toLowerCase()] = value;
      // Next's own Vary (its router's headers) stays; the encoding is added to it.
      common.vary = vary.append(String(common.vary ?? ''), 'Accept-Encoding');
      // Whatever Next said on the miss, an answer from here is one from a cache, not a render.
      if (common['x-nextjs-cache'] !== undefined) common['x-nextjs-cache'] = 'HIT';
      const bodies: Record<Encoding, Buffer> = { br, gzip: gz, identity: body };
      const representations = {} as Record<Encoding, Representation>;
      const notModified = {} as Record<Encoding, OutgoingHttpHeaders>;
      for (const encoding of ENCODINGS) {
        // Strong, and one per encoding: the bytes differ (RFC 9110 8.8.3.3).
        const etag = `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
        // Says where the answer came from: tests and operators can tell it from Next's.
        const validators = { ...common, etag, 'x-page-memory': 'hit' };
        notModified[encoding] = validators;
        representations[encoding] = {
          etag,
          body: bodies[encoding],
          headers: {
            ...validators,
            'content-type': headers['content-type'],
            'content-length': bodies[encoding].length,
            ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
          },
        };
      }
      this.#forget(key);
      const bytes = body.length + br.length + gz.length;
      this.#entries.set(key, { tags, freshness, representations, notModified, bytes });
      this.#bytes += bytes;
      for (const [oldest, { bytes: size }] of this.#entries) {
        if (this.#bytes <= this.#limit) break;
        this.#entries.delete(oldest);
        this.#bytes -= size;
      }
    } finally {
      this.#filling.delete(key);
    }
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Bytes held now (for the benchmark and tests). */
  get bytes(): number {
    return this.#bytes;
  }
}
