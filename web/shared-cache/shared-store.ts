/**
 * What the instances share in Redis, and its key names (one Redis database per site):
 *
 * - `rg-site:tag-tokens` (hash, tag → token): a new random token each time a tag is
 *   invalidated. An entry remembers the tokens of its tags from when its rendering began and
 *   is current only while they are unchanged, so an invalidation is one HSET that every
 *   instance sees on its next read, no instance clock is compared with another's, and a
 *   render that began before a publish can never store old text as new.
 * - `rg-site:published` (hash, namespace → revision): the revision each namespace's tag was
 *   last invalidated for; the reconciliation compares it with the store.
 * - `rg-site:<build>:entry:<Next's key>`: Next's cache entries, scoped per build, so two
 *   builds running side by side never read each other's pages or data; beside each, its
 *   `stamp` (the id of its latest write).
 * - `rg-site:<build>:gate:<namespace>`: the gate's last good version and held-back record.
 * - `rg-site:purge-outbox` (hash, tag → pending purge), `rg-site:purge-lease` (the instance
 *   sending purges now) and `rg-site:purge-last`: the CDN purges owed (web/go-live/purge-outbox.ts).
 *
 * Tokens and published revisions are not scoped per build: a publish invalidates the pages
 * of every build that is running.
 */
import { randomUUID } from 'node:crypto';
import type { SharedRedis } from './redis-connection.ts';
import type { TagTokens } from './cache-entry.ts';

const PREFIX = 'rg-site';
export const TAG_TOKENS_KEY = `${PREFIX}:tag-tokens`;
export const PUBLISHED_KEY = `${PREFIX}:published`;
export const PURGE_OUTBOX_KEY = `${PREFIX}:purge-outbox`;
export const PURGE_LEASE_KEY = `${PREFIX}:purge-lease`;
export const PURGE_LAST_KEY = `${PREFIX}:purge-last`;
export const entryKey = (build: string, key: string) => `${PREFIX}:${build}:entry:${key}`;
/** The id of the entry's latest write: a read fetches this, and the entry only when it changed. */
export const stampKey = (build: string, key: string) => `${PREFIX}:${build}:stamp:${key}`;
export const gateKey = (build: string, namespace: string) => `${PREFIX}:${build}:gate:${namespace}`;

/** Entries nobody asked for in this long leave Redis (bounds old builds' leftovers). */
export const ENTRY_TTL_SECONDS = 7 * 24 * 60 * 60;

export const newTokens = (tags: readonly string[]): Record<string, string> =>
  Object.fromEntries(tags.map((tag) => [tag, randomUUID()]));

export async function readTagTokens(redis: SharedRedis): Promise<TagTokens> {
  return redis.run((client) => client.hGetAll(TAG_TOKENS_KEY));
}

/** Invalidates the tags on every instance; throws RedisUnavailable when it cannot. */
export async function expireTags(
  redis: SharedRedis,
  tags: readonly string[],
  published?: { readonly namespace: string; readonly revision: string },
): Promise<void> {
  if (tags.length === 0) return;
  await redis.run((client) => {
    const multi = client.multi().hSet(TAG_TOKENS_KEY, newTokens(tags));
    if (published) multi.hSet(PUBLISHED_KEY, published.namespace, published.revision);
    return multi.exec();
  });
}

export async function readPublished(redis: SharedRedis): Promise<Record<string, string>> {
  return redis.run((client) => client.hGetAll(PUBLISHED_KEY));
}
