/**
 * No publish lost: on start and every CONTENT_RECONCILE_SECONDS (default 30, at most 60),
 * each instance compares the store's published revisions with the ones recorded in Redis
 * and revalidates what changed. That catches a publish whose webhook reached no instance
 * (all of them restarting; Sanity retries a failed delivery only twice, 30 s apart), one
 * whose receiving instance was killed before it recorded it, and one answered 503 while
 * Redis was away. A namespace goes through the same gate as a webhook would send it.
 */
import 'server-only';
import { revisionOf } from '@/content/gate';
import { documentId, NAMESPACES, type Namespace } from '@/schemas';
import { dictionaryTag, siteContent, type SiteContent } from '../publish/site-gate';
import {
  isRedisUnavailable,
  sharedRedis,
  type SharedRedis,
} from '../shared-cache/redis-connection';
import { PUBLISHED_KEY, readPublished } from '../shared-cache/shared-store';

export interface Reconciled {
  /** Namespaces whose new version went live on every instance. */
  readonly live: Namespace[];
  readonly heldBack: Namespace[];
}

export async function reconcileOnce(
  redis: SharedRedis,
  content: SiteContent,
  log: (line: string) => void,
): Promise<Reconciled> {
  const { shared, store, gate, snapshot } = content;
  const reconciled: Reconciled = { live: [], heldBack: [] };
  if (!shared) return reconciled;
  const documents = new Map(
    (await store.fetchDictionaries()).map((document) => [document._id, document]),
  );
  const published = await readPublished(redis);
  for (const namespace of NAMESPACES) {
    const revision = revisionOf(documents.get(documentId(namespace)));
    if (published[namespace] === revision) continue;
    const served = await snapshot.read(namespace);
    if (served?.heldBack?.revision === revision) continue;
    if (published[namespace] === undefined && served?.revision === revision) {
      // Nothing recorded yet (a new Redis) and the build serves the store's version.
      await redis.run((client) => client.hSetNX(PUBLISHED_KEY, namespace, revision));
      continue;
    }
    const result = await gate.refresh(namespace);
    if (result.state === 'unreachable') continue;
    const live = result.state === 'live';
    await shared.share(namespace, live ? [dictionaryTag(namespace)] : []);
    (live ? reconciled.live : reconciled.heldBack).push(namespace);
    if (live)
      log(
        `reconciliation: ${documentId(namespace)} changed in the store without a recorded publish ` +
          `(revision ${revision}); revalidated on every instance`,
      );
  }
  return reconciled;
}

const STARTED = Symbol.for('rg.site.reconciliation');

/** Starts the loop once per process (instrumentation.ts); does nothing without REDIS_URL. */
export function startReconciliation(log: (line: string) => void = (line) => console.warn(line)) {
  const holder = globalThis as { [STARTED]?: boolean };
  const redis = sharedRedis();
  if (!redis || holder[STARTED]) return;
  holder[STARTED] = true;
  let running = false;
  /** True when the round ran to its end. */
  const round = async (): Promise<boolean> => {
    if (running) return false;
    running = true;
    try {
      await reconcileOnce(redis, siteContent(), log);
      return true;
    } catch (error) {
      // Redis or the store away: the next round tries again; the connection logs Redis.
      if (!isRedisUnavailable(error))
        log(`reconciliation: skipped this round: ${(error as Error).message}`);
      return false;
    } finally {
      running = false;
    }
  };
  // On start: as soon as Redis answers (retried each second); then at the interval.
  const first = async () => {
    if (!(await round())) setTimeout(() => void first(), 1_000).unref();
  };
  setTimeout(() => void first(), 200).unref();
  setInterval(() => void round(), redis.reconcileSeconds * 1000).unref();
}
