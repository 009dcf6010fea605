/**
 * Whether the shared cache's Redis answers, for health checks (`/api/health`) and
 * `/api/content-status`: one PING within the 250 ms deadline on the process's connection.
 */
import 'server-only';
import { readSharedCacheSetting } from '../site/site-settings';
import { isRedisUnavailable, sharedRedis } from './redis-connection';

export type RedisHealth =
  /** No REDIS_URL: one instance, Next's own cache. */
  | { readonly redis: 'not-configured' }
  /** A malformed REDIS_URL: this instance serves from its own cache. */
  | { readonly redis: 'invalid-setting'; readonly message: string }
  | {
      readonly redis: 'reachable' | 'unreachable';
      /** Without credentials. */
      readonly address: string;
      /** Since when it is in that state, as this instance saw it (ISO time). */
      readonly since: string;
    };

export async function redisHealth(): Promise<RedisHealth> {
  const setting = readSharedCacheSetting();
  if (setting.kind === 'invalid') return { redis: 'invalid-setting', message: setting.message };
  const redis = sharedRedis();
  if (!redis) return { redis: 'not-configured' };
  try {
    await redis.run((client) => client.ping());
    return { redis: 'reachable', address: redis.address, since: redis.since() };
  } catch (error) {
    if (!isRedisUnavailable(error)) throw error;
    return { redis: 'unreachable', address: redis.address, since: redis.since() };
  }
}
