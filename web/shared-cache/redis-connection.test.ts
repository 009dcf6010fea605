/**
 * The connection's deadlines against a real redis-server made slow on purpose (SIGSTOP for
 * 600 ms, then SIGCONT): a page read gives up after 250 ms, while recording a publish waits
 * (a slow Redis is not a Redis that is down) and passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '@/testing/redis-server';
import { connectRedis, type SharedRedis } from './redis-connection';

let redis: RunningRedis;
let connection: SharedRedis;

beforeAll(async () => {
  redis = await startRedis();
  connection = connectRedis(redis.url, 30, () => undefined);
  while (connection.state() !== 'reachable')
    await new Promise((resolve) => setTimeout(resolve, 20));
});
afterAll(async () => {
  redis?.thaw();
  await connection?.close();
  await redis?.stop();
});

/** Redis answers nothing for `ms`, then everything it was sent. */
function slowFor(ms: number) {
  redis.freeze();
  setTimeout(() => redis.thaw(), ms);
}

describe('a slow Redis', () => {
  it('fails a page read after 250 ms, but records a publish that takes 600 ms', async () => {
    slowFor(600);
    const read = connection.run((client) => client.get('rg-site:test'));
    await expect(read).rejects.toThrow(/no answer within 250 ms/);
    // The read opened the breaker: a patient call is still tried, and passes once Redis answers.
    const started = Date.now();
    await expect(
      connection.run((client) => client.set('rg-site:test', 'published'), { patient: true }),
    ).resolves.toBe('OK');
    expect(Date.now() - started).toBeLessThan(2_000);
    // And the probe closes the breaker again.
    await expect.poll(() => connection.state(), { timeout: 5_000 }).toBe('reachable');
    await expect(connection.run((client) => client.get('rg-site:test'))).resolves.toBe('published');
  });
});
