/**
 * The gate's last good versions and held-back records in Redis, one per namespace and build,
 * so every instance serves the same revision and `/api/content-status` says the same on each.
 *
 * - Empty for a namespace (a new build's first start, or Redis lost its data): the build's
 *   own folder (`.next/content-snapshot/`, written by `next build`, every version in it
 *   passed) seeds it; the first instance to write wins, the others read its entry.
 * - Redis unreachable: this instance goes on with what it last read or decided, else the
 *   build's folder, and records nothing (the webhook answers 503 meanwhile; the
 *   reconciliation records it once Redis is back).
 * - Writes from the gate are best effort: a render never fails on Redis. The webhook
 *   receiver then calls `share`, which records this instance's decisions on a set of
 *   namespaces and invalidates their tags in one MULTI and throws when it cannot.
 */
import 'server-only';
import { LANGUAGES } from '@/schemas/languages';
import { NAMESPACES, type Namespace } from '@/schemas';
import type { Snapshot, SnapshotEntry, SnapshotStore } from '@/content/snapshot';
import { isRedisUnavailable, type SharedRedis } from './redis-connection';
import { gateKey, newTokens, PUBLISHED_KEY, TAG_TOKENS_KEY } from './shared-store';

/** A publish is recorded with the patient deadline: a slow Redis is not a Redis that is down. */
const PATIENT = { patient: true } as const;

function parseGateEntry(text: string, namespace: Namespace): SnapshotEntry | undefined {
  try {
    const entry = JSON.parse(text) as SnapshotEntry;
    const languages = entry.languages as Record<string, unknown> | undefined;
    const complete =
      entry.namespace === namespace &&
      typeof entry.revision === 'string' &&
      typeof entry.savedAt === 'string' &&
      LANGUAGES.every((language) => typeof languages?.[language] === 'object') &&
      (entry.heldBack === null || typeof entry.heldBack?.revision === 'string');
    return complete ? entry : undefined;
  } catch {
    return undefined;
  }
}

export class SharedSnapshot implements SnapshotStore {
  /** What this process last read or wrote per namespace: its view while Redis is away. */
  private readonly known = new Map<Namespace, SnapshotEntry>();

  constructor(
    private readonly redis: SharedRedis,
    private readonly build: string,
    private readonly seed: Snapshot,
  ) {}

  get description(): string {
    return `Redis at ${this.redis.address} (build ${this.build}) or ${this.seed.dir}`;
  }

  async read<N extends Namespace>(namespace: N): Promise<SnapshotEntry<N> | undefined> {
    const key = gateKey(this.build, namespace);
    try {
      const text = await this.redis.run((client) => client.get(key));
      let entry = text === null ? undefined : parseGateEntry(text, namespace);
      if (!entry) {
        const seed = await this.seed.read(namespace);
        if (!seed) return undefined;
        // A corrupt entry is replaced; an empty key goes to the first instance that writes.
        const written = await this.redis.run((client) =>
          client.set(key, JSON.stringify(seed), text === null ? { NX: true } : {}),
        );
        const stored = written ? null : await this.redis.run((client) => client.get(key));
        entry = (stored && parseGateEntry(stored, namespace)) || seed;
      }
      this.known.set(namespace, entry);
      return entry as SnapshotEntry<N>;
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
      return (this.known.get(namespace) ?? (await this.seed.read(namespace))) as
        SnapshotEntry<N> | undefined;
    }
  }

  async list(): Promise<SnapshotEntry[]> {
    let texts: (string | null)[];
    try {
      texts = await this.redis.run((client) =>
        client.mGet(NAMESPACES.map((namespace) => gateKey(this.build, namespace))),
      );
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
      texts = NAMESPACES.map(() => null);
    }
    const entries = await Promise.all(
      NAMESPACES.map(async (namespace, index) => {
        const text = texts[index];
        return (
          (text ? parseGateEntry(text, namespace) : undefined) ??
          this.known.get(namespace) ??
          (await this.seed.read(namespace))
        );
      }),
    );
    return entries.filter((entry): entry is SnapshotEntry => entry !== undefined);
  }

  /**
   * Makes this instance's latest decisions on `namespaces` (a set that goes live together, or
   * is held back together) the ones every instance serves, and invalidates `tags` on every
   * instance, in one MULTI: another instance, and the fast path's one HGETALL of the tokens,
   * sees all of the set or none of it. Throws RedisUnavailable when Redis cannot record it
   * (the webhook then answers 503).
   */
  async share(namespaces: readonly Namespace[], tags: readonly string[]): Promise<void> {
    const entries = namespaces.flatMap((namespace) => this.known.get(namespace) ?? []);
    const live = entries.filter((entry) => !entry.heldBack);
    await this.redis.run((client) => {
      const multi = client.multi();
      for (const entry of entries)
        multi.set(gateKey(this.build, entry.namespace), JSON.stringify(entry));
      if (tags.length) {
        multi.hSet(TAG_TOKENS_KEY, newTokens(tags));
        if (live.length)
          multi.hSet(
            PUBLISHED_KEY,
            Object.fromEntries(live.map((entry) => [entry.namespace, entry.revision])),
          );
      }
      return multi.exec();
    }, PATIENT);
  }

  async save(entry: SnapshotEntry): Promise<void> {
    this.known.set(entry.namespace, entry);
    try {
      await this.redis.run((client) =>
        client.set(gateKey(this.build, entry.namespace), JSON.stringify(entry)),
      );
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
    }
  }
}
