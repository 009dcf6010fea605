/**
 * The fast path on a real HTTP server, with Next's own tag manifest and a real Redis (Debian's
 * redis-server on a free port) as the records it keys freshness on. What it answers is checked
 * byte for byte after decompression; that it is left out for previews, router requests and
 * errors in a real build is in e2e/page-memory.test.ts.
 */
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import {
  connect,
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tagsManifest } from 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';
import { createClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '@/testing/redis-server';
import { TAG_TOKENS_KEY } from '@/web/shared-cache/shared-store';
import type { SharedRedis } from '@/web/shared-cache/redis-connection';
import { chooseEncoding, mayKeep, pageCapture, PageMemory } from './page-memory';

const PAGE = Buffer.from(
  `<!DOCTYPE html><html><body>${'Spiele mit Haltung. '.repeat(500)}</body></html>`,
);
const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'public, max-age=0, s-maxage=86400',
  vary: 'rsc, Accept-Encoding',
  'x-content-type-options': 'nosniff',
  // Next's answer on the miss: never sent for the kept copy.
  'content-encoding': 'gzip',
  etag: '"next"',
};
const TAGS = ['dictionary:about', 'dictionary:common'];

let server: Server;
let base: string;
let memory: PageMemory;
let answered: boolean[];

interface Raw {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
function ask(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // The path as given (a URL string would resolve its dot segments first).
    const { hostname, port } = new URL(base);
    const request = get({ hostname, port, path, headers, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
  });
}

async function keepPage(key = '/de/about', body = PAGE) {
  const freshness = await memory.freshness(TAGS);
  await memory.keep(key, { tags: TAGS, freshness: freshness!, headers: HEADERS, body });
}

/** What "Next" answers on a miss when set (its cache handing over the bytes); else a 599. */
let next: { status: number; headers: Record<string, string> } | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    void memory.answer(req, res).then((done) => {
      answered.push(done);
      if (done) return;
      if (!next) return void res.writeHead(599).end('asked Next');
      const { status, headers } = next;
      return memory.fill(req, res, TAGS, async () => {
        const capture = pageCapture.getStore();
        if (capture) capture.body = PAGE;
        // As Next sends: headers set one by one, which the fill reads back.
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        res.writeHead(status).end(PAGE);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  memory = new PageMemory(undefined);
  answered = [];
  next = undefined;
  tagsManifest.clear();
});

describe('a page kept in memory', () => {
  it('is answered in brotli, gzip or identity as offered, each with its own strong ETag', async () => {
    await keepPage();
    const br = await ask('/de/about', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body)).toEqual(PAGE);
    const gz = await ask('/de/about', { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(PAGE);
    const plain = await ask('/de/about', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(PAGE);
    expect(Number(plain.headers['content-length'])).toBe(PAGE.length);
    const etags = [br, gz, plain].map((response) => response.headers.etag);
    expect(new Set(etags).size).toBe(3);
    for (const etag of etags) expect(etag).toMatch(/^"[\w-]+"$/);
    for (const response of [br, gz, plain]) {
      expect(response.headers.vary).toBe('rsc, Accept-Encoding');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-page-memory']).toBe('hit');
    }
    // Compressed once at the best level, not per request: the same bytes each time.
    expect((await ask('/de/about', { 'accept-encoding': 'br' })).body).toEqual(br.body);
  });

  it('answers If-None-Match with 304 for its own encoding only, and HEAD without a body', async () => {
    await keepPage();
    const first = await ask('/de/about', { 'accept-encoding': 'br' });
    const again = await ask('/de/about', {
      'accept-encoding': 'br',
      'if-none-match': `"x", ${first.headers.etag}`,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(HEADERS['cache-control']);
    const otherEncoding = await ask('/de/about', {
      'accept-encoding': 'gzip',
      'if-none-match': first.headers.etag!,
    });
    expect(otherEncoding.status).toBe(200);
    const head = await ask('/de/about', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(otherEncoding.headers['content-length']);
  });

  it("is no longer answered once Next's tag manifest expires one of its tags", async () => {
    await keepPage();
    expect((await ask('/de/about')).status).toBe(200);
    // What revalidateTag('dictionary:about', { expire: 0 }) records on this instance.
    tagsManifest.set('dictionary:about', { stale: Date.now(), expired: Date.now() });
    expect((await ask('/de/about')).status).toBe(599);
    expect(answered).toEqual([true, false]);
  });

  it("is kept from Next's answer to a miss: a 200 a shared cache may keep a day", async () => {
    const nextHeaders = { 'content-type': HEADERS['content-type'], vary: 'rsc' };
    next = { status: 200, headers: { ...nextHeaders, 'cache-control': HEADERS['cache-control'] } };
    expect((await ask('/de/about')).headers['x-page-memory']).toBeUndefined();
    await expect.poll(() => memory.bytes).toBeGreaterThan(0);
    const kept = await ask('/de/about', { 'accept-encoding': 'br' });
    expect(kept.headers['x-page-memory']).toBe('hit');
    expect(brotliDecompressSync(kept.body)).toEqual(PAGE);
    // Not kept: a query, another status, another policy, a cookie sent or set.
    const notKept: [string, Record<string, string>, typeof next][] = [
      ['/de/about?utm=x', {}, next],
      ['/de/./about', {}, next],
      ['/de/a', {}, { ...next, status: 404 }],
      ['/de/b', {}, { ...next, headers: { ...nextHeaders, 'cache-control': 'private' } }],
      ['/de/c', { cookie: 'a=1' }, next],
      ['/de/d', {}, { ...next, headers: { ...next.headers, 'set-cookie': 'a=1' } }],
    ];
    for (const [path, headers, answer] of notKept) {
      next = answer;
      await ask(path, headers);
    }
    // Time for a keep to finish had one begun (the kept page above took one compression).
    await new Promise((resolve) => setTimeout(resolve, 500));
    next = undefined;
    for (const [path] of notKept) expect((await ask(path)).status, path).toBe(599);
  });

  it('is not kept when a tag expired while Next was answering the miss', async () => {
    const freshness = await memory.freshness(TAGS);
    tagsManifest.set('dictionary:common', { stale: Date.now(), expired: Date.now() });
    await memory.keep('/de/about', {
      tags: TAGS,
      freshness: freshness!,
      headers: HEADERS,
      body: PAGE,
    });
    expect((await ask('/de/about')).status).toBe(599);
    // The next miss fills it again.
    await keepPage();
    expect((await ask('/de/about')).status).toBe(200);
  });

  it('holds at most its bound, dropping the least recently used', async () => {
    memory = new PageMemory(undefined, 2.5 * PAGE.length);
    await keepPage('/a');
    await keepPage('/b');
    await ask('/a');
    await keepPage('/c');
    expect(memory.bytes).toBeLessThanOrEqual(2.5 * PAGE.length);
    expect((await ask('/a')).status).toBe(200);
    expect((await ask('/b')).status).toBe(599);
  });
});

describe('with Redis', () => {
  let redis: RunningRedis;
  let shared: SharedRedis;
  /** Between the server's connection and Redis: holds Redis's replies back this long. */
  let relay: TcpServer;
  let replyDelayMs = 0;

  beforeAll(async () => {
    redis = await startRedis();
    relay = createTcpServer((client) => {
      const upstream = connect(redis.port, '127.0.0.1');
      client.pipe(upstream);
      upstream.on('data', (chunk: Buffer) => {
        if (replyDelayMs) setTimeout(() => client.write(chunk), replyDelayMs);
        else client.write(chunk);
      });
      for (const socket of [client, upstream]) {
        socket.on('error', () => undefined);
        socket.on('close', () => (socket === client ? upstream : client).destroy());
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const { sharedRedis } = await import('@/web/shared-cache/redis-connection');
    const relayPort = (relay.address() as AddressInfo).port;
    shared = sharedRedis({ REDIS_URL: `redis://127.0.0.1:${relayPort}` }, () => undefined)!;
    const deadline = Date.now() + 5_000;
    while (shared.state() !== 'reachable' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
  });
  afterAll(async () => {
    await shared?.close();
    relay?.close();
    redis?.thaw();
    await redis?.stop();
  });

  it("is not answered after another instance's publish recorded its tag", async () => {
    memory = new PageMemory(shared);
    await keepPage();
    expect((await ask('/de/about')).status).toBe(200);
    // What the webhook on another instance writes before it answers 200.
    await shared.run((client) => client.hSet(TAG_TOKENS_KEY, { 'dictionary:about': 'new' }));
    expect((await ask('/de/about')).status).toBe(599);
  });

  it('never lets a request share a read of the tokens that began before it arrived', async () => {
    memory = new PageMemory(shared);
    await keepPage();
    const direct = createClient({ url: redis.url });
    await direct.connect();
    replyDelayMs = 100;
    try {
      // Its read reaches Redis before the publish; the reply comes back slowly.
      const before = ask('/de/about');
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Another instance's publish, recorded (its webhook answers 200 after this).
      await direct.hSet(TAG_TOKENS_KEY, { 'dictionary:about': 'published-meanwhile' });
      const after = ask('/de/about');
      expect((await before).status).toBe(200);
      expect((await after).status).toBe(599);
    } finally {
      replyDelayMs = 0;
      direct.destroy();
    }
  });

  it('answers nothing while Redis does not answer', async () => {
    memory = new PageMemory(shared);
    await keepPage();
    redis.freeze();
    try {
      expect((await ask('/de/about')).status).toBe(599);
    } finally {
      redis.thaw();
    }
  });
});

describe('which requests it may answer', () => {
  const request = (headers: Record<string, string> = {}, method = 'GET') =>
    mayKeep({ headers: { host: 'site.example', ...headers }, method } as IncomingMessage);

  it('takes GET and HEAD with a Host; leaves previews, cookies, router requests and bodies', () => {
    expect(request()).toBe(true);
    expect(request({}, 'HEAD')).toBe(true);
    expect(request({ cookie: '__prerender_bypass=x' })).toBe(false);
    expect(request({ rsc: '1' })).toBe(false);
    expect(request({ 'next-router-prefetch': '1' })).toBe(false);
    expect(request({}, 'POST')).toBe(false);
    expect(request({ 'content-length': '5' })).toBe(false);
    expect(mayKeep({ headers: {}, method: 'GET' } as IncomingMessage)).toBe(false);
  });

  it('prefers brotli, then gzip, then identity, as the browser allows', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe('identity');
  });
});
