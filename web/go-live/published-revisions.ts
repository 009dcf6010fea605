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
  /** Records each revision as live, in one write; `onlyIfAbsent` seeds without overriding. */
  record(revisions: Revisions, onlyIfAbsent?: boolean): Promise<void>;
}

export type Revisions = Readonly<Partial<Record<Namespace, string>>>;

export function publishedRevisions(redis: SharedRedis | undefined): PublishedRevisions {
  if (redis)
    return {
      read: () => readPublished(redis),
      record: async (revisions, onlyIfAbsent) => {
        const entries = Object.entries<string>(revisions as Record<string, string>);
        await redis.run(async (client): Promise<unknown> => {
          if (!onlyIfAbsent) return client.hSet(PUBLISHED_KEY, Object.fromEntries(entries));
          const multi = client.multi();
          for (const [namespace, revision] of entries)
            multi.hSetNX(PUBLISHED_KEY, namespace, revision);
          return multi.exec();
        });
      },
    };
  const file = path.join(siteDistDir(), 'content-published.json');
  const read = async () =>
    JSON.parse((await readTextIfPresent(file)) ?? '{}') as Partial<Record<string, string>>;
  return {
    read,
    record: async (revisions, onlyIfAbsent) => {
      const published = await read();
      const recorded = onlyIfAbsent
        ? { ...revisions, ...published }
        : { ...published, ...revisions };
      await writeFileAtomically(file, JSON.stringify(recorded));
    },
  };
}
