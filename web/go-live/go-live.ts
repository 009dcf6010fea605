/**
 * The one step that puts gate decisions live, whoever found them (the publish webhook, the
 * reconciliation, and through the webhook a versions restore). It takes a SET: every
 * dictionary that changed in the store since the site last made one live (`storeChanges`),
 * so the dictionaries of a release, published in one store transaction, go live as one
 * whichever of their webhooks arrives first, and the later ones find nothing left to do.
 *
 * For the set: every version kept, the decisions and the expired tags recorded for every
 * instance in one Redis MULTI (or for this one's next start, a file), every tag expired in
 * this instance's own cache, and one CDN purge of all the tags added to the outbox before
 * anyone is told it is live. If any of the set fails the gate, none of it goes live: the
 * others are held back with it, and that decision stands until one of the set changes again.
 *
 * Runs inside a request (revalidateTag needs one): the reconciliation reaches it through
 * `/api/reconcile` on its own server.
 */
import 'server-only';
import { revalidateTag } from 'next/cache';
import { after } from 'next/server';
import { ContentStoreUnreachable, revisionOf, type GateResult } from '@/content/gate';
import { checkedDictionaries } from '@/content/published';
import type { DictionaryDocument } from '@/content/store';
import { canonicalJson } from '@/content/versions/version-records';
import { documentId, NAMESPACES, type Namespace } from '@/schemas';
import type { ContentProblem } from '@/schemas/problems';
import type { CdnName } from './cdn-purge';
import { isRedisUnavailable } from '../shared-cache/redis-connection';
import { keepLiveVersion } from './keep-live-version';
import { publishedRevisions, type Revisions } from './published-revisions';
import { purgeOutbox } from './purge-outbox';
import { dictionaryTag, type SiteContent } from '../dictionaries/site-gate';

export interface WentLive {
  /** The tags expired (none when the set was held back). */
  readonly tags: readonly string[];
  /** Each namespace of the set as decided: live, or held back and why. */
  readonly decided: readonly Decision[];
  /**
   * Why the publish is on this instance only for now (Redis could not record it): the
   * reconciliation records it and purges the CDN once Redis answers, no second delivery needed.
   */
  readonly notEverywhere?: string;
  readonly cdnPurge:
    | { readonly state: 'off' }
    | { readonly state: 'queued'; readonly cdn: CdnName; readonly tags: readonly string[] };
}

export interface Decision {
  readonly namespace: Namespace;
  readonly live: boolean;
  readonly problems: readonly ContentProblem[];
}

export interface StoreChanges {
  /** The store's published documents, by id. */
  readonly documents: ReadonlyMap<string, DictionaryDocument>;
  /** What the site last made live, before this step. */
  readonly published: Partial<Record<string, string>>;
  /** The namespaces that go live (or are held back) together now. */
  readonly set: Namespace[];
}

/**
 * Expires tags in this instance's own cache (inside a request): expired rather than marked
 * stale, so the next request renders fresh instead of serving the old copy once more.
 */
export function expireHere(tags: readonly string[]): void {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}

const STEPS = Symbol.for('rg.site.go-live-steps');

/**
 * Runs set steps of this process one after another (every route bundle shares the chain): the
 * webhooks Sanity sends at once for the documents of a release, and a reconciliation round,
 * then find what the first step made live, instead of each making the same set live again.
 */
function oneStepAtATime<T>(step: () => Promise<T>): Promise<T> {
  const holder = globalThis as { [STEPS]?: Promise<unknown> };
  const next = (holder[STEPS] ?? Promise.resolve()).catch(() => undefined).then(step);
  holder[STEPS] = next;
  return next;
}

/**
 * Every namespace whose published revision in the store differs from the one the site last
 * made live (or from the one it holds back), read in one store query. Left out: a revision already held back whose set is
 * unchanged (decided before), and, with nothing recorded yet (a new Redis, a new build), a
 * store that shows exactly the texts the site serves (recorded as live, nothing to do).
 */
export async function storeChanges(
  content: SiteContent,
  delivered?: Namespace,
): Promise<StoreChanges> {
  const { store, snapshot, redis } = content;
  let documents: Map<string, DictionaryDocument>;
  try {
    documents = new Map((await store.fetchDictionaries()).map((doc) => [doc._id, doc]));
  } catch (error) {
    const message = `content store unreachable: ${(error as Error).message}`;
    throw new ContentStoreUnreachable([{ file: store.description, path: '', message }]);
  }
  const record = publishedRevisions(redis);
  const served = new Map((await snapshot.list()).map((entry) => [entry.namespace, entry]));
  const revisions = Object.fromEntries(
    NAMESPACES.map((namespace) => [namespace, revisionOf(documents.get(documentId(namespace)))]),
  ) as Record<Namespace, string>;
  let published;
  try {
    published = await record.read();
  } catch (error) {
    if (!isRedisUnavailable(error) || !delivered) throw error;
    // Redis away: what every instance made live is unknown. This instance at least serves the
    // delivered one and what differs from its own view (goLive then answers "not everywhere").
    const set = NAMESPACES.filter((namespace) => {
      const entry = served.get(namespace);
      const revision = revisions[namespace];
      return (
        namespace === delivered ||
        (entry?.revision !== revision && entry?.heldBack?.revision !== revision)
      );
    });
    return { documents, published: {}, set };
  }
  const set: Namespace[] = [];
  const seeds: Partial<Record<Namespace, string>> = {};
  for (const namespace of NAMESPACES) {
    const revision = revisions[namespace];
    const entry = served.get(namespace);
    const heldBack = entry?.heldBack;
    // Back to the revision last made live after one was held back: gated again, which clears
    // the held-back record.
    if (published[namespace] === revision && (!heldBack || heldBack.revision === revision))
      continue;
    if (
      heldBack?.revision === revision &&
      Object.entries(heldBack.set ?? {}).every(
        ([other, at]) => revisions[other as Namespace] === at,
      )
    )
      continue;
    if (published[namespace] === undefined && entry) {
      const document = documents.get(documentId(namespace));
      if (sameTexts(namespace, entry.languages, document)) {
        seeds[namespace] = revision;
        continue;
      }
    }
    set.push(namespace);
  }
  if (Object.keys(seeds).length) await record.record(seeds, true);
  return { documents, published, set };
}

/** Whether the store's document shows exactly the texts the site serves. */
function sameTexts(
  namespace: Namespace,
  served: Readonly<Record<string, unknown>>,
  document: DictionaryDocument | undefined,
): boolean {
  if (!document) return false;
  const stored = checkedDictionaries(namespace, document, { strict: false, storeDescription: '' });
  return stored.problems.length === 0 && canonicalJson(stored.languages) === canonicalJson(served);
}

export interface SetStep {
  readonly changes: StoreChanges;
  /** Why the store could not give some of the set: nothing went live, ask again later. */
  readonly unreachable: readonly ContentProblem[];
  /** Absent when nothing changed, or some of the set could not be read. */
  readonly wentLive?: WentLive;
}

/**
 * The step the webhook and the reconciliation share: what changed in the store, gated
 * together, put live (or held back) together; one at a time in this process.
 */
export function goLiveChanges(
  content: SiteContent,
  delivery: { readonly publishedBy: string | null; readonly namespace?: Namespace },
): Promise<SetStep> {
  return oneStepAtATime(async () => {
    const changes = await storeChanges(content, delivery.namespace);
    const results = await Promise.all(changes.set.map((changed) => content.gate.refresh(changed)));
    const unreachable = results.flatMap((result) =>
      result.state === 'unreachable' ? result.problems : [],
    );
    if (unreachable.length || results.length === 0) return { changes, unreachable };
    return { changes, unreachable, wentLive: await goLive(results, delivery, content) };
  });
}

/**
 * Puts the gate's results for a set live together, or holds all of them back when any
 * failed. `results` holds no 'unreachable' result: the caller asks again later.
 */
async function goLive(
  results: readonly GateResult[],
  { publishedBy }: { readonly publishedBy: string | null },
  content: SiteContent,
): Promise<WentLive> {
  const live = results.every((result) => result.state === 'live');
  const namespaces = results.map((result) => result.namespace);
  const tags = live ? namespaces.map(dictionaryTag) : [];
  const decided = live
    ? results.map(({ namespace }) => ({ namespace, live: true, problems: [] }))
    : await holdBackTogether(results, content);
  // Kept first: the versions are live on this instance whatever Redis does, so they can be restored.
  if (live) for (const result of results) await keepLiveVersion(result, { publishedBy });
  const outbox = purgeOutbox(content.redis);
  let notEverywhere: string | undefined;
  try {
    if (content.shared) await content.shared.share(namespaces, tags);
    else if (live)
      await publishedRevisions(undefined).record(
        Object.fromEntries(
          results.map((result) => [result.namespace, revisionOf(result.document)]),
        ),
      );
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
    decided,
    ...(notEverywhere ? { notEverywhere } : {}),
    cdnPurge:
      outbox.cdn && tags.length && !notEverywhere
        ? { state: 'queued', cdn: outbox.cdn, tags }
        : { state: 'off' },
  };
}

/**
 * Records the set as held back: those that failed with their own problems, those that passed
 * with the previous good version kept and the name of what holds them. Each record keeps the
 * set's revisions, so the decision is not taken again until one of them changes.
 */
async function holdBackTogether(
  results: readonly GateResult[],
  { snapshot }: SiteContent,
): Promise<Decision[]> {
  const failing = results.filter((result) => result.state !== 'live');
  const entries = await Promise.all(results.map((result) => snapshot.read(result.namespace)));
  const set = Object.fromEntries(
    results.map((result, index) => [
      result.namespace,
      result.state === 'live' ? revisionOf(result.document) : entries[index]?.heldBack?.revision,
    ]),
  ) as Revisions;
  const heldWith: ContentProblem = {
    file: documentId(results[0]!.namespace),
    path: '',
    message: `held back with ${failing.map((result) => documentId(result.namespace)).join(', ')}, which does not pass the gate: dictionaries that changed together go live together or not at all`,
  };
  return Promise.all(
    results.map(async (result, index) => {
      const entry = entries[index];
      if (result.state !== 'live') {
        if (entry?.heldBack)
          await snapshot.save({ ...entry, heldBack: { ...entry.heldBack, set } });
        return { namespace: result.namespace, live: false, problems: result.problems };
      }
      const problems = [{ ...heldWith, file: documentId(result.namespace) }];
      // The gate advanced the record to the version that passed: back to the one served.
      if (result.replaced)
        await snapshot.save({
          ...result.replaced,
          heldBack: {
            revision: set[result.namespace]!,
            since: new Date().toISOString(),
            problems,
            set,
          },
        });
      return { namespace: result.namespace, live: false, problems };
    }),
  );
}
