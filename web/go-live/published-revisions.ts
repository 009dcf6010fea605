/**
 * Which revision of each namespace was last made live (tags expired, purge owed): what the
 * reconciliation compares with the store. With REDIS_URL it is Redis's `rg-site:published`,
 * shared by every instance (recorded by the shared snapshot's `share`); for one instance a
 * file beside the gate's snapshot, so a publish the instance missed while it was stopped is
 * found at its next start. Kept apart from the snapshot on purpose: a page render may advance
 * the snapshot to the store's revision without expiring anything.
 */
import 'server-only';
import path from 'node:path';
import { readTextIfPresent, writeFileAtomically } from '@/content/atomic-file';
import type { Namespace } from '@/schemas';
import type { SharedRedis } from '../shared-cache/redis-connection';
import { PUBLISHED_KEY, readPublished } from '../shared-cache/shared-store';
import { siteDistDir } from '../site/site-settings';

export interface PublishedRevisions {
  read(): Promise<Partial<Record<string, string>>>;
  /** Records `revision` as live; `onlyIfAbsent` seeds a record without overriding one. */
  record(namespace: Namespace, revision: string, onlyIfAbsent?: boolean): Promise<void>;
}

export function publishedRevisions(redis: SharedRedis | undefined): PublishedRevisions {
  if (redis)
    return {
      read: () => readPublished(redis),
      record: async (namespace, revision, onlyIfAbsent) => {
        await redis.run((client) =>
          onlyIfAbsent
            ? client.hSetNX(PUBLISHED_KEY, namespace, revision)
            : client.hSet(PUBLISHED_KEY, namespace, revision),
        );
      },
    };
  const file = path.join(siteDistDir(), 'content-published.json');
  const read = async () =>
    JSON.parse((await readTextIfPresent(file)) ?? '{}') as Partial<Record<string, string>>;
  return {
    read,
    record: async (namespace, revision, onlyIfAbsent) => {
      const published = await read();
      if (onlyIfAbsent && published[namespace] !== undefined) return;
      await writeFileAtomically(file, JSON.stringify({ ...published, [namespace]: revision }));
    },
  };
}
