/**
 * The cache handler against a real Redis (Debian's redis-server on a free port), without a
 * Next build: what the instances share, what a render overlapping a publish stores, and
 * what one instance does while Redis is stopped or hung.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '@/testing/redis-server';
import type { CacheValue } from './cache-entry';
import type SharedCacheHandler from './cache-handler';

let redis: RunningRedis;
let dir: string;
let handler: SharedCacheHandler;
let state: () => string;

const value = (text: string): CacheValue => ({
  kind: 'APP_ROUTE',
  body: Buffer.from(text),
  status: 200,
  headers: { 'x-next-cache-tags': 'dictionary:hero,_N_T_/locales/de/hero.json' },
});
const ROUTE = { kind: 'APP_ROUTE' as const };
const bodyOf = (entry: { value: CacheValue | null } | null) =>
  entry ? String(entry.value?.body) : null;

async function untilReachable() {
  const deadline = Date.now() + 5_000;
  while (state() !== 'reachable') {
    if (Date.now() > deadline) throw new Error(`Redis still ${state()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  redis = await startRedis();
  dir = await mkdtemp(path.join(tmpdir(), 'rg-cache-handler-'));
  await mkdir(path.join(dir, 'server'));
  await writeFile(path.join(dir, 'BUILD_ID'), 'build-under-test');
  process.env.REDIS_URL = redis.url;
  // Imported once REDIS_URL is set: the connection reads it on first use.
  const { default: Handler } = await import('./cache-handler');
  const { sharedRedis } = await import('./redis-connection');
  handler = new Handler({ serverDistDir: path.join(dir, 'server') });
  state = () => sharedRedis()!.state();
  await untilReachable();
});

afterAll(async () => {
  redis?.thaw();
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
  delete process.env.REDIS_URL;
});

describe('the shared cache handler', () => {
  it('serves what another instance stored, until any instance invalidates a tag', async () => {
    const key = '/route-cache/APP_ROUTE/x/$/locales/de/hero.json';
    expect(await handler.get(key, ROUTE)).toBeNull();
    await handler.set(key, value('v1'));
    expect(bodyOf(await handler.get(key, ROUTE))).toBe('v1');
    // Another instance records a publish: a new token for the tag.
    redis.cli('HSET', 'rg-site:tag-tokens', 'dictionary:hero', 'from-another-instance');
    expect(await handler.get(key, ROUTE)).toBeNull();
    await handler.set(key, value('v2'));
    expect(bodyOf(await handler.get(key, ROUTE))).toBe('v2');
    expect(redis.cli('--scan', '--pattern', 'rg-site:build-under-test:entry:*')).toContain(key);
  });

  it('stores a render that began before a publish as stale, so the old text is never served as new', async () => {
    const key = '/route-cache/APP_ROUTE/x/$/locales/de/race.json';
    expect(await handler.get(key, ROUTE)).toBeNull(); // the render begins
    redis.cli('HSET', 'rg-site:tag-tokens', 'dictionary:hero', 'published-meanwhile');
    // Other requests go on meanwhile, and see the publish.
    await handler.get('/route-cache/APP_ROUTE/x/$/locales/de/other.json', ROUTE);
    await handler.set(key, value('rendered from the old text'));
    expect(await handler.get(key, ROUTE)).toBeNull();
  });

  it('Redis answering with an error (a key of another type) fails no request and opens no breaker', async () => {
    const key = '/route-cache/APP_ROUTE/x/$/locales/de/footer.json';
    expect(await handler.get(key, ROUTE)).toBeNull();
    await handler.set(key, value('v1'));
    redis.cli('DEL', 'rg-site:tag-tokens');
    redis.cli('SET', 'rg-site:tag-tokens', 'not a hash');
    try {
      // Served as during an outage: from this instance's memory.
      expect(bodyOf(await handler.get(key, ROUTE))).toBe('v1');
      expect(state()).toBe('reachable');
    } finally {
      redis.cli('DEL', 'rg-site:tag-tokens');
    }
    // The tokens are gone: the entry counts as stale and is rendered again.
    expect(await handler.get(key, ROUTE)).toBeNull();
  });

  it('Redis hung: one call gives up within 250 ms, the next at once; this instance serves from its memory and its own invalidations', async () => {
    const key = '/route-cache/APP_ROUTE/x/$/locales/tr/hero.json';
    expect(await handler.get(key, ROUTE)).toBeNull();
    await handler.set(key, value('kept'));
    redis.freeze();
    try {
      let started = performance.now();
      expect(bodyOf(await handler.get(key, ROUTE))).toBe('kept');
      const first = performance.now() - started;
      started = performance.now();
      expect(bodyOf(await handler.get(key, ROUTE))).toBe('kept');
      const next = performance.now() - started;
      console.log(`Redis hung: first read ${first.toFixed(0)} ms, the next ${next.toFixed(1)} ms`);
      expect(first).toBeLessThan(400);
      expect(next).toBeLessThan(50);
      expect(state()).toBe('unreachable');
      await handler.revalidateTag(['dictionary:hero']);
      expect(await handler.get(key, ROUTE)).toBeNull();
    } finally {
      redis.thaw();
    }
    await untilReachable();
  });

  it('Redis stopped and started again: memory meanwhile, the shared cache again after, no restart', async () => {
    const key = '/route-cache/APP_ROUTE/x/$/locales/en/hero.json';
    expect(await handler.get(key, ROUTE)).toBeNull();
    await handler.set(key, value('before'));
    await redis.stop();
    expect(bodyOf(await handler.get(key, ROUTE))).toBe('before');
    await redis.start();
    await untilReachable();
    // Redis came back empty: a miss, rendered and shared again.
    expect(await handler.get(key, ROUTE)).toBeNull();
    await handler.set(key, value('after'));
    expect(redis.cli('--scan', '--pattern', 'rg-site:*')).toContain(key);
  });
});
