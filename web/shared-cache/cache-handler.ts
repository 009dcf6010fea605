/**
 * Next's server cache (`cacheHandler` in next.config.ts: prerendered pages, route handler
 * responses such as `/locales`, and the dictionaries' data cache) shared by every instance
 * through Redis, following the contract in Next 16.4's docs (`cacheHandler`: get, set,
 * revalidateTag, resetRequestCache; keys are opaque and kept whole).
 *
 * Written here rather than taken from npm: both maintained handlers were run on this site
 * (Next 16.4.6, three instances, one Redis; docs/several-instances.md, "Why our own handler"):
 * - `@fortedigital/nextjs-cache-handler` 3.3.0 takes a route response's tags from
 *   `ctx.tags`, which Next 16.4 leaves empty for route handlers: after a footer publish, 18
 *   of 300 requests were stale, every `/locales/<lang>/footer.json` on every instance, and
 *   still 15 s later.
 * - `@trieb.work/nextjs-turbo-redis-cache` 1.18.0 was fresh on all 300, but with Redis
 *   stopped it renders every request (slowest page 1450 ms against 222 ms with Redis up:
 *   over the 1 s allowed); it also pins `redis` 4.7.0 and needs Redis's keyspace
 *   notifications switched on. This handler: 185 ms in the same run.
 *
 * How it stays correct (shared-store.ts has the key layout):
 * - Every read fetches the entry's stamp (the id of its latest write) and the tag tokens in
 *   one round trip, so an invalidation recorded by any instance holds on the next read
 *   everywhere (no Pub/Sub, no polling); the entry itself moves only when this instance does
 *   not hold that write in memory already (bench:scale: 1 instance with Redis ran at about
 *   half the requests per second of one without when every read moved and parsed the entry).
 * - An entry is stored with the tokens read when its rendering began (the miss that started
 *   it), so a render that overlapped a publish is stale at once instead of forever.
 * - Redis unreachable (each call has a 250 ms deadline, then a breaker): this instance
 *   serves from its own memory (what it read or rendered lately, bounded), checked against
 *   the tokens it last knew plus its own invalidations, and renders the rest.
 * - An entry that is not this build's, not for this key or not readable is a miss.
 *
 * Next loads this file itself (not bundled), so it imports nothing through `@/`.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  isCurrent,
  parseEntry,
  serializeEntry,
  tagsOfValue,
  type CacheKind,
  type CacheValue,
  type StoredEntry,
  type TagTokens,
} from './cache-entry.ts';
import {
  isRedisUnavailable,
  RedisUnavailable,
  sharedRedis,
  type SharedRedis,
} from './redis-connection.ts';
import {
  ENTRY_TTL_SECONDS,
  entryKey,
  newTokens,
  stampKey,
  TAG_TOKENS_KEY,
} from './shared-store.ts';

interface HandlerContext {
  readonly serverDistDir?: string;
}
interface GetContext {
  readonly kind: CacheKind;
  readonly tags?: readonly string[];
  readonly softTags?: readonly string[];
}
interface SetContext {
  readonly cacheControl?: unknown;
  readonly tags?: readonly string[];
}

/** What this instance serves from while Redis is unreachable (Next's default memory size). */
const LOCAL_BYTES = 50 * 1024 * 1024;
/** A render slower than this loses its start tokens and is stored as stale (rendered again). */
const RENDER_WINDOW_MS = 60_000;

class LocalEntries {
  private readonly entries = new Map<string, { entry: StoredEntry; bytes: number }>();
  private bytes = 0;

  get(key: string): StoredEntry | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    this.entries.set(key, found);
    return found.entry;
  }

  set(key: string, entry: StoredEntry, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { entry, bytes });
    this.bytes += bytes;
    for (const [oldest, { bytes: size }] of this.entries) {
      if (this.bytes <= LOCAL_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= size;
    }
  }

  delete(key: string): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.delete(key);
    this.bytes -= found.bytes;
  }
}

// Next makes a handler per request; what outlives a request lives here, once per process.
const local = new LocalEntries();
const started = new Map<string, { tokens: TagTokens; at: number }>();
let knownTokens: TagTokens = {};
const reported = new Set<string>();
const builds = new Map<string, string>();

function buildOf(serverDistDir: string | undefined): string {
  const dir = serverDistDir ?? path.join(process.cwd(), '.next', 'server');
  let build = builds.get(dir);
  if (!build) {
    build = readFileSync(path.join(dir, '..', 'BUILD_ID'), 'utf8').trim();
    builds.set(dir, build);
  }
  return build;
}

function rememberStart(key: string, tokens: TagTokens): void {
  const now = Date.now();
  // A miss that no set followed (a failed render) is forgotten after the window.
  if (started.size > 1_000)
    for (const [pending, { at }] of started)
      if (now - at > RENDER_WINDOW_MS) started.delete(pending);
  started.set(key, { tokens, at: now });
}

function tagsToCheck(kind: CacheKind, ctx: GetContext, value: CacheValue | null): string[] {
  return kind === 'FETCH' ? [...(ctx.tags ?? []), ...(ctx.softTags ?? [])] : tagsOfValue(value);
}

function reportOnce(key: string, reason: string): void {
  if (reported.has(key) || reported.size > 1_000) return;
  reported.add(key);
  console.warn(`shared cache: ignored the entry for ${key} (${reason}); rendering it again`);
}

export default class SharedCacheHandler {
  private readonly build: string;

  constructor(context: HandlerContext = {}) {
    this.build = buildOf(context.serverDistDir);
  }

  async get(key: string, ctx: GetContext) {
    const redis = sharedRedis();
    let found: StoredEntry | undefined;
    let tokens: TagTokens;
    try {
      if (!redis) throw new RedisUnavailable('REDIS_URL is not set');
      const [stamp, current] = (await redis.run((client) =>
        client.multi().get(stampKey(this.build, key)).hGetAll(TAG_TOKENS_KEY).exec(),
      )) as unknown as [string | null, Record<string, string>];
      tokens = knownTokens = current;
      const mine = local.get(key);
      // The copy in memory is the latest write: no need to move and parse it again.
      if (stamp !== null && mine?.id === stamp) found = mine;
      else if (stamp !== null) found = await this.fetch(redis, key, ctx.kind);
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
      tokens = knownTokens;
      found = local.get(key);
    }
    if (!found || !isCurrent(found.tokens, tokens, tagsToCheck(ctx.kind, ctx, found.value))) {
      // A miss starts a rendering: its entry will be as current as these tokens.
      if (!started.has(key)) rememberStart(key, tokens);
      return null;
    }
    return {
      lastModified: found.lastModified,
      value: found.value,
      cacheControl: found.cacheControl,
    };
  }

  private async fetch(redis: SharedRedis, key: string, kind: CacheKind) {
    const text = await redis.run((client) => client.get(entryKey(this.build, key)));
    if (text === null) return undefined;
    const read = parseEntry(text, this.build, key, kind);
    if (!read.ok) {
      reportOnce(key, read.reason);
      return undefined;
    }
    local.set(key, read.entry, text.length);
    return read.entry;
  }

  async set(key: string, value: CacheValue | null, ctx: SetContext = {}): Promise<void> {
    const begun = started.get(key);
    started.delete(key);
    const entry: StoredEntry = {
      id: randomUUID(),
      lastModified: Date.now(),
      // Without its start (another set took it, or it is too old) the entry is stored as
      // stale for every tag that was ever invalidated: rendered once more, never old text.
      tokens: begun && Date.now() - begun.at < RENDER_WINDOW_MS ? begun.tokens : {},
      cacheControl: ctx.cacheControl,
      value,
    };
    const text = serializeEntry(this.build, key, entry);
    local.set(key, entry, text.length);
    const redis = sharedRedis();
    if (!redis) return;
    try {
      await redis.run((client) =>
        client
          .multi()
          .set(entryKey(this.build, key), text, { EX: ENTRY_TTL_SECONDS })
          .set(stampKey(this.build, key), entry.id, { EX: ENTRY_TTL_SECONDS })
          .exec(),
      );
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
    }
  }

  async revalidateTag(tags: string | readonly string[]): Promise<void> {
    const list = typeof tags === 'string' ? [tags] : [...tags];
    const tokens = newTokens(list);
    // Holds on this instance at once, and while Redis is unreachable.
    knownTokens = { ...knownTokens, ...tokens };
    const redis = sharedRedis();
    if (!redis || list.length === 0) return;
    try {
      await redis.run((client) => client.hSet(TAG_TOKENS_KEY, tokens));
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
    }
  }

  resetRequestCache(): void {}
}
