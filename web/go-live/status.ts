/**
 * What the site serves from each namespace, and which namespaces are held back and why
 * (`/api/content-status`). Read from the build's snapshot, so it survives restarts; with
 * several instances from the one they share in Redis, so each answers the same (but for
 * `storeReads` and `lastReadAt`, which count this instance's reads), plus whether Redis
 * answers, the CDN purges still owed (with their age) and the last one confirmed.
 *
 * The detail quotes refused copy and revisions: it is for the people who publish (the
 * webhook secret's holders, `Authorization: Bearer <secret>`) and for this machine
 * (tests, scripts, an operator on the server). Anyone else learns only whether all is well.
 */
import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { siteWebhookSecret } from '@/content/webhook-secret';
import { documentId, NAMESPACES } from '@/schemas';
import { describeProblem } from '@/schemas/problems';
import { purgeOutbox } from './purge-outbox';
import { isThisMachine } from '../edge/client-address';
import { redisHealth } from '../shared-cache/redis-health';
import { sharedForAWhile } from './health';
import { siteContent } from '../dictionaries/site-gate';

/** Whether a request may see the detail: it carries the webhook secret, or comes from this machine. */
export async function maySeeContentStatus(request: Request): Promise<boolean> {
  if (isThisMachine(request.headers)) return true;
  const given = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  // Without one, nothing is read (the secret may live in a file): strangers cost nothing.
  if (!given) return false;
  const secret = (await siteWebhookSecret(process.env))?.secret;
  if (!secret) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
/**
 * For anyone: `degraded` while a namespace is held back, the store was unreachable, or a CDN
 * purge has waited longer than 30 s (the outbox as this instance last read it: no Redis call).
 * Finding out reads and parses every snapshot entry (dictionaries included), so one answer
 * serves every request for a while, as /api/health's checks do: strangers cost nothing per
 * request.
 */
export const contentHealth = sharedForAWhile(async (): Promise<{ status: 'ok' | 'degraded' }> => {
  const { gate, snapshot, redis } = siteContent();
  const heldBack = (await snapshot.list()).some((entry) => entry.heldBack);
  const unreachable = Object.values(gate.reads()).some((read) => read.lastState === 'unreachable');
  const purgeOverdue = purgeOutbox(redis).overdue().length > 0;
  return { status: heldBack || unreachable || purgeOverdue ? 'degraded' : 'ok' };
});

/** The `_rev` of each published document the site serves, as its snapshot last said. */
const servedRevisions = sharedForAWhile(async (): Promise<ReadonlyMap<string, string>> => {
  const entries = await siteContent().snapshot.list();
  return new Map(
    entries.flatMap((entry) => {
      const rev = entry.document?._rev;
      return typeof rev === 'string' ? [[documentId(entry.namespace), rev] as const] : [];
    }),
  );
});

/**
 * For anyone: whether the site serves revision `rev` of a published dictionary, beside the
 * health word. The Studio on a Sanity project asks this after a publish (it has no local API
 * to tell it the webhook's answer); it learns nothing a stranger could use: a revision id is
 * unguessable, and why a version is held back stays in the detail. Read from the snapshot at
 * most every few seconds, as the health is.
 */
export async function servesRevision(
  document: string,
  rev: string,
): Promise<{ status: 'ok' | 'degraded'; document: string; serves: boolean }> {
  const [{ status }, served] = await Promise.all([contentHealth(), servedRevisions()]);
  return { status, document, serves: served.get(document) === rev };
}

export async function contentStatus() {
  const { gate, snapshot, redis } = siteContent();
  const entries = new Map((await snapshot.list()).map((entry) => [entry.namespace, entry]));
  const reads = gate.reads();
  return {
    // The same word strangers get, so a probe reads one field whoever asks.
    status: (await contentHealth()).status,
    cdnPurge: await purgeOutbox(redis).report(),
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
