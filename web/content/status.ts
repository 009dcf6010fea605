/**
 * What the site serves from each namespace, and which namespaces are held back and why
 * (`/api/content-status`). Read from the build's snapshot, so it survives restarts; with
 * several instances from the one they share in Redis, so each answers the same (but for
 * `storeReads` and `lastReadAt`, which count this instance's reads), plus whether Redis
 * answers.
 */
import 'server-only';
import { documentId, NAMESPACES } from '@/schemas';
import { describeProblem } from '@/schemas/problems';
import { redisHealth } from '../shared-cache/health';
import { siteContent } from './site-gate';

export async function contentStatus() {
  const { gate, snapshot } = siteContent();
  const entries = new Map((await snapshot.list()).map((entry) => [entry.namespace, entry]));
  const reads = gate.reads();
  return {
    sharedCache: await redisHealth(),
    heldBack: [...entries.values()].flatMap((entry) =>
      entry.heldBack
        ? [
            {
              namespace: entry.namespace,
              document: documentId(entry.namespace),
              heldBackRevision: entry.heldBack.revision,
              servingRevision: entry.revision,
              since: entry.heldBack.since,
              problems: entry.heldBack.problems.map(describeProblem),
            },
          ]
        : [],
    ),
    namespaces: Object.fromEntries(
      NAMESPACES.map((namespace) => {
        const entry = entries.get(namespace);
        return [
          namespace,
          {
            servingRevision: entry?.revision ?? null,
            servingSince: entry?.savedAt ?? null,
            heldBack: Boolean(entry?.heldBack),
            storeReads: reads[namespace]?.reads ?? 0,
            lastReadAt: reads[namespace]?.lastReadAt ?? null,
          },
        ];
      }),
    ),
  };
}
