/**
 * `/api/health`, for load balancers and uptime checks: whether this instance can serve, the
 * build it serves, and each check's result. Cheap under frequent probes: the checks run at most
 * once per HEALTH_CACHE_MS per process (concurrent probes share the run), each with a timeout.
 */
import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { siteContent } from '../dictionaries/site-gate';
import { purgeOutbox } from './purge-outbox';
import { redisHealth } from '../shared-cache/redis-health';
import { siteDistDir } from '../site/site-settings';

export interface HealthCheck {
  readonly name: string;
  /** A failing critical check answers 503: the instance should get no traffic. */
  readonly critical: boolean;
  /** Resolves with a short detail when healthy; rejects when not. */
  readonly run: () => Promise<string>;
}

const contentStoreReachable: HealthCheck = {
  name: 'content store reachable',
  // While the store is away the gate serves the last good versions: degraded, not down.
  critical: false,
  run: async () => {
    const { store } = siteContent();
    await store.fetchDictionaries(['common']);
    return store.description;
  },
};

const redisReachable: HealthCheck = {
  name: 'redis reachable',
  // Without Redis an instance serves from its own cache: degraded, not down. Passes when no
  // REDIS_URL is set (one instance needs none).
  critical: false,
  run: async () => {
    const health = await redisHealth();
    if (health.redis === 'unreachable') throw new Error(`${health.address} since ${health.since}`);
    if (health.redis === 'invalid-setting') throw new Error(health.message);
    return health.redis === 'reachable' ? health.address : 'not configured';
  },
};

const cdnPurgesConfirmed: HealthCheck = {
  name: 'cdn purges confirmed',
  // The site serves the new copy; only the edge may be stale until the purge passes.
  critical: false,
  run: async () => {
    const outbox = purgeOutbox(siteContent().redis);
    const { pending } = await outbox.report();
    const overdue = outbox.overdue();
    if (overdue.length)
      throw new Error(
        pending
          .filter((entry) => overdue.some((late) => late.tag === entry.tag))
          .map((entry) => `${entry.tag} pending for ${entry.ageSeconds} s: ${entry.error}`)
          .join('; '),
      );
    return outbox.cdn ? `${outbox.cdn}: ${pending.length} pending` : 'no CDN configured';
  },
};

/** Every check `/api/health` runs: adding one is one line here. */
export const HEALTH_CHECKS: readonly HealthCheck[] = [
  contentStoreReachable,
  redisReachable,
  cdnPurgesConfirmed,
];

const HEALTH_CACHE_MS = 2_000;
const CHECK_TIMEOUT_MS = 2_000;

export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  readonly critical: boolean;
  readonly detail: string;
  readonly ms: number;
}

export interface Health {
  /** `ok`: every check passes; `degraded`: a non-critical one fails; `failing`: a critical one. */
  readonly status: 'ok' | 'degraded' | 'failing';
  readonly buildId: string | null;
  readonly checks: readonly CheckResult[];
}

async function runCheck(check: HealthCheck): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    const detail = await Promise.race([check.run(), timeout]);
    return {
      name: check.name,
      ok: true,
      critical: check.critical,
      detail,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      name: check.name,
      ok: false,
      critical: check.critical,
      detail,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `compute`, run at most once per HEALTH_CACHE_MS: every caller meanwhile, concurrent ones
 * too, shares its answer, so a flood of probes costs one run.
 */
export function sharedForAWhile<T>(compute: () => Promise<T>): () => Promise<T> {
  let last: { at: number; answer: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at >= HEALTH_CACHE_MS)
      last = { at: Date.now(), answer: compute() };
    return last.answer;
  };
}

let buildId: Promise<string | null> | undefined;

export const siteHealth = sharedForAWhile((): Promise<Health> => {
  buildId ??= readFile(path.join(siteDistDir(), 'BUILD_ID'), 'utf8').then(
    (id) => id.trim(),
    () => null,
  );
  return Promise.all([buildId, Promise.all(HEALTH_CHECKS.map(runCheck))]).then(
    ([id, results]): Health => ({
      status: results.some((r) => !r.ok && r.critical)
        ? 'failing'
        : results.some((r) => !r.ok)
          ? 'degraded'
          : 'ok',
      buildId: id,
      checks: results,
    }),
  );
});
