/**
 * The one step that puts a gate decision live, whoever found it (the publish webhook, the
 * reconciliation, and through the webhook a versions restore): the version kept, the decision
 * and the expired tags recorded for every instance (Redis) or for this one's next start (a
 * file), the tags expired in this instance's own cache, and the CDN purge added to the outbox
 * before anyone is told it is live. So the version, the caches and the CDN never disagree.
 *
 * Runs inside a request (revalidateTag needs one): the reconciliation reaches it through
 * `/api/reconcile` on its own server.
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { after } from 'next/server';
import { revisionOf, type GateResult } from '@/content/gate';
import type { CdnName } from './cdn-purge';
import { isRedisUnavailable } from '../shared-cache/redis-connection';
import { keepLiveVersion } from './keep-live-version';
import { publishedRevisions } from './published-revisions';
import { purgeOutbox } from './purge-outbox';
import { dictionaryTag, siteContent, type SiteContent } from '../dictionaries/site-gate';

export interface WentLive {
  /** The tags expired (none when the version was held back). */
  readonly tags: readonly string[];
  /**
   * Why the publish is on this instance only for now (Redis could not record it): the
   * reconciliation records it and purges the CDN once Redis answers, no second delivery needed.
   */
  readonly notEverywhere?: string;
  readonly cdnPurge:
    | { readonly state: 'off' }
    | { readonly state: 'queued'; readonly cdn: CdnName; readonly tags: readonly string[] };
}

/**
 * Expires tags in this instance's own cache (inside a request): expired rather than marked
 * stale, so the next request renders fresh instead of serving the old copy once more.
 */
export function expireHere(tags: readonly string[]): void {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}

export async function goLive(
  result: GateResult,
  { publishedBy }: { readonly publishedBy: string | null },
  content: SiteContent = siteContent(),
): Promise<WentLive> {
  const live = result.state === 'live';
  const tags = live ? [dictionaryTag(result.namespace)] : [];
  // Kept first: the version is live on this instance whatever Redis does, so it can be restored.
  if (live) await keepLiveVersion(result, { publishedBy });
  const outbox = purgeOutbox(content.redis);
  let notEverywhere: string | undefined;
  try {
    if (content.shared) await content.shared.share(result.namespace, tags);
    else if (live)
      await publishedRevisions(undefined).record(result.namespace, revisionOf(result.document));
    // Owed before the answer: a purge survives this instance dying right after its 200.
    await outbox.add(tags);
  } catch (error) {
    if (!isRedisUnavailable(error)) throw error;
    notEverywhere =
      `the shared cache could not record it (${error.message}); this instance serves the new ` +
      'version, the other instances and the CDN get it once Redis answers again';
  }
  // This instance's own cache, also when the record failed: it serves the new text at least.
  expireHere(tags);
  // Next applies revalidateTag here once the handler has returned; a purge before that could
  // let the edge fetch the old page again. Other instances send it if this one dies first.
  if (!notEverywhere && tags.length && outbox.cdn) after(() => outbox.kick(tags));
  return {
    tags,
    ...(notEverywhere ? { notEverywhere } : {}),
    cdnPurge:
      outbox.cdn && tags.length && !notEverywhere
        ? { state: 'queued', cdn: outbox.cdn, tags }
        : { state: 'off' },
  };
}
