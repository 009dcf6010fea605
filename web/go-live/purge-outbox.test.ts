/**
 * The purge outbox with real parts: a real redis-server for several instances (two outboxes
 * on two connections stand for two instances), a real file for one, and a local HTTP server
 * standing in for the CDN's purge API, which can fail on demand. The whole path through real
 * Varnish and the real server: e2e/purge-faults.test.ts.
 */
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listenLocally, type LocalHttpServer } from '@/testing/local-http';
import { startRedis, type RunningRedis } from '@/testing/redis-server';
import { connectRedis, type SharedRedis } from '../shared-cache/redis-connection';
import { CdnPurger } from './cdn-purge';

// A marker package that throws outside Next's server bundles; it has no behaviour to keep.
vi.mock('server-only', () => ({}));

const { CHECK_TAG, FileOutbox, PurgeOutbox, RedisOutbox } = await import('./purge-outbox');

let cdn: LocalHttpServer;
/** The tags of each purge request the stand-in received, and whether it confirmed it. */
let purges: { tags: string; confirmed: boolean }[] = [];
let failing = false;
let redis: RunningRedis;
let dir: string;
const connections: SharedRedis[] = [];
const outboxes: InstanceType<typeof PurgeOutbox>[] = [];

beforeAll(async () => {
  cdn = await listenLocally(
    createServer((req, res) => {
      purges.push({ tags: String(req.headers['xkey-purge']), confirmed: !failing });
      res.writeHead(failing ? 500 : 200).end();
    }),
  );
  redis = await startRedis();
  dir = await mkdtemp(path.join(tmpdir(), 'rg-outbox-'));
});
afterEach(async () => {
  for (const outbox of outboxes.splice(0)) outbox.stop();
  purges = [];
  failing = false;
  redis.cli('FLUSHALL');
});
afterAll(async () => {
  await Promise.all(connections.map((connection) => connection.close()));
  await cdn?.stop();
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

const quiet = (_line: string) => undefined;
const purger = () => new CdnPurger({ cdn: 'varnish', url: cdn.url }, 1_000);
function instance(
  store: ConstructorParameters<typeof PurgeOutbox>[0],
  log: (line: string) => unknown = quiet,
) {
  const outbox = new PurgeOutbox(store, purger(), log);
  outboxes.push(outbox);
  return outbox;
}
async function onRedis() {
  const connection = connectRedis(redis.url, 30, quiet);
  connections.push(connection);
  await expect.poll(() => connection.state()).toBe('reachable');
  return new RedisOutbox(connection);
}
const confirmed = (tag: string) => purges.filter((p) => p.confirmed && p.tags.includes(tag));

describe('several instances (Redis)', () => {
  it('a purge added by an instance that died before sending it is sent by another, exactly once', async () => {
    const [a, b, c] = [
      instance(await onRedis()),
      instance(await onRedis()),
      instance(await onRedis()),
    ];
    // A records the purge before its 200 and is killed: it never kicks nor ticks.
    await a.add(['dictionary:hero']);
    const added = Date.now();
    b.start();
    c.start();
    await expect.poll(() => confirmed('dictionary:hero').length, { timeout: 10_000 }).toBe(1);
    console.log(`purge taken over by another instance ${Date.now() - added} ms after it was added`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(purges.filter((p) => p.tags.includes('dictionary:hero'))).toHaveLength(1);
    expect((await b.report()).pending).toEqual([]);
  }, 20_000);

  it('retries with backoff while the CDN fails, reports the age, and purges once it recovers', async () => {
    failing = true;
    const lines: string[] = [];
    const a = instance(await onRedis(), (line) => lines.push(line));
    await a.add(['dictionary:faq']);
    a.start();
    await expect.poll(() => purges.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const pending = (await a.report()).pending;
    // With the check purge every worker sends at start (CHECK_TAG).
    expect(pending.map((entry) => entry.tag).sort()).toEqual(['dictionary:faq', CHECK_TAG]);
    expect(pending[0]!.attempts).toBeGreaterThanOrEqual(2);
    expect(pending[0]!.error).toContain('500');
    // One line for the failure however often it is retried.
    expect(lines.filter((line) => line.includes('not confirmed'))).toHaveLength(1);
    failing = false;
    const recovered = Date.now();
    await expect.poll(() => confirmed('dictionary:faq').length, { timeout: 10_000 }).toBe(1);
    console.log(`purge confirmed ${Date.now() - recovered} ms after the CDN recovered`);
    expect((await a.report()).pending).toEqual([]);
    expect(lines.at(-1)).toContain('confirms purges again');
  }, 30_000);
});

describe('one instance (a file)', () => {
  it('keeps a purge the CDN refused across a restart and sends it once the CDN answers', async () => {
    const file = path.join(dir, 'outbox.json');
    failing = true;
    const before = instance(new FileOutbox(file));
    await before.add(['dictionary:about']);
    await before.kick(['dictionary:about']);
    expect((await before.report()).pending).toMatchObject([{ tag: 'dictionary:about' }]);
    before.stop();

    failing = false;
    const after = instance(new FileOutbox(file));
    after.start();
    await expect.poll(() => confirmed('dictionary:about').length, { timeout: 10_000 }).toBe(1);
    expect((await after.report()).pending).toEqual([]);
  }, 20_000);

  it('a tag added again while its purge is in flight stays owed', async () => {
    const outbox = instance(new FileOutbox(path.join(dir, 'again.json')));
    await outbox.add(['dictionary:hero']);
    const store = new FileOutbox(path.join(dir, 'again.json'));
    const [listed] = await store.list();
    await store.add(['dictionary:hero'], new Date().toISOString(), Date.now());
    // The purge sent for the first addition settles only that one.
    await store.settle([{ before: listed!, after: null }]);
    expect(await store.list()).toMatchObject([{ tag: 'dictionary:hero' }]);
  });
});
