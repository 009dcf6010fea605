/**
 * Restoring kept versions, one dictionary or the whole site as it was at a time, planned
 * in full before anything is written: a plan is refused with its reason (no such version,
 * a time before the first kept one, a draft being edited, copy today's validation refuses,
 * nothing to change), and an accepted plan is written as one transaction, so a site
 * restore changes every dictionary it listed or none. The write makes the version the
 * published document, so the next publish starts from it; it goes live through the normal
 * publish path (the store's webhook, the gate), and the site records it as a new version.
 *
 * Shared by the Studio's Versions tool (in the browser) and `npm run versions`.
 */
import { documentId, documentType, getDictionary, NAMESPACES, type Namespace } from '@/schemas';
import { describeProblem } from '@/schemas/problems';
import { checkedDictionaries } from '../published';
import type { DictionaryDocument } from '../store';
import { compareWithLive, type Comparison } from './compare';
import { contentHash } from './content-hash';
import {
  contentOf,
  newestFirst,
  type DictionaryContent,
  type PublishedVersion,
  type VersionRecord,
  type VersionSummary,
} from './version-records';

export interface DictionaryState {
  /** The published document, if the store has one. */
  readonly document: DictionaryDocument | undefined;
  /** Its revision in the store: a restore writes only if it is still this one. */
  readonly revision: string | undefined;
  /** Someone is editing it: a `drafts.` document exists. */
  readonly hasDraft: boolean;
}

export interface Replacement {
  readonly namespace: Namespace;
  readonly content: DictionaryContent;
  readonly ifRevision: string | undefined;
}

/** Where versions are kept and restored: a Sanity-compatible API or the local dataset file. */
export interface VersionsBackend {
  /** e.g. `local (.content/production.ndjson)`, for messages. */
  readonly description: string;
  /** Summaries of one dictionary's versions, or of all with null; newest first. */
  list(namespace: Namespace | null): Promise<VersionSummary[]>;
  /** Full versions by record id (missing ones are left out). */
  get(ids: readonly string[]): Promise<PublishedVersion[]>;
  state(namespaces: readonly Namespace[]): Promise<Map<Namespace, DictionaryState>>;
  /**
   * One transaction: each dictionary's published document becomes its content, if it is
   * still at `ifRevision`; otherwise nothing is written and RestoreRefused is thrown.
   */
  replace(replacements: readonly Replacement[]): Promise<void>;
  /**
   * One transaction: creates the records that do not exist yet, and removes each
   * dictionary's versions beyond the newest VERSIONS_KEPT.
   */
  record(records: readonly VersionRecord[]): Promise<void>;
}

/** Why a restore is refused; the Studio words each reason in its own interface language. */
export type Refusal =
  | { readonly reason: 'no-versions'; readonly namespace: Namespace | null }
  | {
      readonly reason: 'unknown-version';
      readonly namespace: Namespace;
      readonly reference: string;
    }
  | {
      readonly reason: 'before-first';
      readonly at: string;
      /** The dictionaries with no version that old, and when their oldest kept one went live. */
      readonly oldest: readonly { readonly namespace: Namespace; readonly liveAt: string }[];
    }
  | { readonly reason: 'future'; readonly at: string; readonly now: string }
  | { readonly reason: 'draft'; readonly namespaces: readonly Namespace[] }
  | { readonly reason: 'invalid'; readonly problems: readonly string[] }
  | { readonly reason: 'unchanged'; readonly namespace: Namespace | null }
  | { readonly reason: 'changed-meanwhile'; readonly namespaces: readonly Namespace[] };

const title = (namespace: Namespace) => getDictionary(namespace).title ?? namespace;
const titles = (namespaces: readonly Namespace[]) => namespaces.map(title).join(', ');

/** The refusal in English, saying what to do (the command prints it). */
export function describeRefusal(refusal: Refusal): string {
  switch (refusal.reason) {
    case 'no-versions':
      return refusal.namespace
        ? `No version of ${title(refusal.namespace)} is kept yet: versions are kept from the first publish that goes live.`
        : 'No version is kept yet: versions are kept from the first publish that goes live.';
    case 'unknown-version':
      return `${title(refusal.namespace)} has no kept version "${refusal.reference}". npm run versions -- list ${refusal.namespace} shows the kept ones (use the number or the revision).`;
    case 'before-first': {
      const latest = refusal.oldest.reduce((a, b) => (a.liveAt > b.liveAt ? a : b));
      return `${refusal.at} is before the first kept version of ${titles(refusal.oldest.map((o) => o.namespace))} (the oldest went live ${latest.liveAt}): nothing older is kept. Choose a time after ${latest.liveAt}.`;
    }
    case 'future':
      return `${refusal.at} is in the future (it is ${refusal.now} now): the site can only go back to a time that has passed. Choose an earlier time.`;
    case 'draft':
      return `${titles(refusal.namespaces)} ${refusal.namespaces.length === 1 ? 'has' : 'have'} unpublished changes (a draft): someone is editing. Publish or discard the draft in the Studio first, then restore; nothing was changed.`;
    case 'invalid':
      return `This version no longer passes today's checks, so it cannot go live; nothing was changed:\n${refusal.problems.join('\n')}`;
    case 'unchanged':
      return refusal.namespace
        ? `Nothing to restore: ${title(refusal.namespace)} already has exactly these texts.`
        : 'Nothing to restore: every dictionary already has the texts it had then.';
    case 'changed-meanwhile':
      return `${titles(refusal.namespaces)} changed while the restore was prepared; nothing was changed. Look at the versions again and retry.`;
  }
}

export class RestoreRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(describeRefusal(refusal));
    this.name = 'RestoreRefused';
  }
}

export interface RestoreItem {
  readonly namespace: Namespace;
  readonly version: PublishedVersion;
  /** The version beside what is published now. */
  readonly comparison: Comparison;
  readonly replacement: Replacement;
}

export interface RestorePlan {
  /** For a site restore: the time it goes back to. */
  readonly at?: string;
  readonly items: readonly RestoreItem[];
}

/**
 * The version a reference names among one dictionary's versions (newest first): its record
 * id, its number in `npm run versions -- list` (1 is the newest), or its revision or a
 * unique beginning of it (at least 4 characters).
 */
export function findVersion(
  versions: readonly VersionSummary[],
  reference: string,
): VersionSummary | undefined {
  const wanted = reference.trim().replace(/^#/, '');
  const byId = versions.find((version) => version._id === wanted);
  if (byId) return byId;
  if (/^\d+$/.test(wanted)) return newestFirst(versions)[Number(wanted) - 1];
  const exact = versions.find((version) => version.revision === wanted);
  if (exact) return exact;
  if (wanted.length < 4) return undefined;
  const matches = versions.filter((version) => version.revision.startsWith(wanted));
  return matches.length === 1 ? matches[0] : undefined;
}

function storeDocument(namespace: Namespace, content: DictionaryContent): DictionaryDocument {
  return { ...content, _id: documentId(namespace), _type: documentType(namespace) };
}

function item(version: PublishedVersion, state: DictionaryState | undefined): RestoreItem {
  const live = state?.document ? contentOf(state.document) : undefined;
  return {
    namespace: version.namespace,
    version,
    comparison: compareWithLive(version.namespace, version.content, live),
    replacement: {
      namespace: version.namespace,
      content: version.content,
      ifRevision: state?.revision,
    },
  };
}

/** Refuses items with a draft or with copy that today's validation refuses. */
async function checked(items: RestoreItem[], states: Map<Namespace, DictionaryState>) {
  const drafts = items.filter((entry) => states.get(entry.namespace)?.hasDraft);
  if (drafts.length)
    throw new RestoreRefused({ reason: 'draft', namespaces: drafts.map((e) => e.namespace) });
  const problems = items.flatMap((entry) =>
    checkedDictionaries(entry.namespace, storeDocument(entry.namespace, entry.version.content), {
      strict: false,
      storeDescription: 'the kept version',
    }).problems.map(describeProblem),
  );
  if (problems.length) throw new RestoreRefused({ reason: 'invalid', problems });
  return items;
}

async function isPublishedNow(version: PublishedVersion, state: DictionaryState | undefined) {
  if (!state?.document) return false;
  return (await contentHash(contentOf(state.document))) === version.contentHash;
}

/** Plans putting one dictionary back to one of its kept versions. */
export async function planRestore(
  backend: VersionsBackend,
  namespace: Namespace,
  reference: string,
): Promise<RestorePlan> {
  const versions = await backend.list(namespace);
  if (versions.length === 0) throw new RestoreRefused({ reason: 'no-versions', namespace });
  const summary = findVersion(versions, reference);
  const [version] = summary ? await backend.get([summary._id]) : [];
  if (!version) throw new RestoreRefused({ reason: 'unknown-version', namespace, reference });
  const states = await backend.state([namespace]);
  if (await isPublishedNow(version, states.get(namespace)))
    throw new RestoreRefused({ reason: 'unchanged', namespace });
  return { items: await checked([item(version, states.get(namespace))], states) };
}

/**
 * Plans putting the whole site back to a time: every dictionary whose published texts
 * differ from the version that was live then goes back to that version. Dictionaries with
 * no kept version have not gone live since versions are kept, and stay as they are.
 */
export async function planSiteRestore(
  backend: VersionsBackend,
  at: Date,
  now = new Date(),
): Promise<RestorePlan> {
  const when = at.toISOString();
  if (at > now) throw new RestoreRefused({ reason: 'future', at: when, now: now.toISOString() });
  const all = await backend.list(null);
  if (all.length === 0) throw new RestoreRefused({ reason: 'no-versions', namespace: null });
  const wanted: VersionSummary[] = [];
  const tooRecent: { namespace: Namespace; liveAt: string }[] = [];
  for (const namespace of NAMESPACES) {
    const versions = newestFirst(all.filter((version) => version.namespace === namespace));
    if (versions.length === 0) continue;
    const then = versions.find((version) => version.liveAt <= when);
    if (then) wanted.push(then);
    else tooRecent.push({ namespace, liveAt: versions.at(-1)!.liveAt });
  }
  if (tooRecent.length)
    throw new RestoreRefused({ reason: 'before-first', at: when, oldest: tooRecent });
  const versions = await backend.get(wanted.map((version) => version._id));
  const states = await backend.state(versions.map((version) => version.namespace));
  const changed: RestoreItem[] = [];
  for (const version of versions) {
    const state = states.get(version.namespace);
    if (!(await isPublishedNow(version, state))) changed.push(item(version, state));
  }
  if (changed.length === 0) throw new RestoreRefused({ reason: 'unchanged', namespace: null });
  changed.sort((a, b) => NAMESPACES.indexOf(a.namespace) - NAMESPACES.indexOf(b.namespace));
  return { at: when, items: await checked(changed, states) };
}

/**
 * The kept versions live now of the dictionaries a plan changes: what undoing the plan puts
 * back. Read before the plan is applied; undefined when one of them has live texts that
 * were never kept (they did not go live through the site), so there is nothing to undo to.
 */
export async function liveVersionsOf(
  backend: VersionsBackend,
  plan: RestorePlan,
): Promise<VersionSummary[] | undefined> {
  const namespaces = plan.items.map((entry) => entry.namespace);
  const states = await backend.state(namespaces);
  const live: VersionSummary[] = [];
  for (const namespace of namespaces) {
    const document = states.get(namespace)?.document;
    if (!document) return undefined;
    const hash = await contentHash(contentOf(document));
    const version = (await backend.list(namespace)).find((kept) => kept.contentHash === hash);
    if (!version) return undefined;
    live.push(version);
  }
  return live;
}

/**
 * Plans putting dictionaries back to the given kept versions, together (an undo: the
 * versions `liveVersionsOf` read before a restore).
 */
export async function planVersionsRestore(
  backend: VersionsBackend,
  wanted: readonly VersionSummary[],
): Promise<RestorePlan> {
  const versions = await backend.get(wanted.map((version) => version._id));
  if (versions.length < wanted.length) {
    const missing = wanted.find((version) => !versions.some((kept) => kept._id === version._id))!;
    throw new RestoreRefused({
      reason: 'unknown-version',
      namespace: missing.namespace,
      reference: missing._id,
    });
  }
  const states = await backend.state(versions.map((version) => version.namespace));
  const changed: RestoreItem[] = [];
  for (const version of versions) {
    const state = states.get(version.namespace);
    if (!(await isPublishedNow(version, state))) changed.push(item(version, state));
  }
  if (changed.length === 0)
    throw new RestoreRefused({
      reason: 'unchanged',
      namespace: versions.length === 1 ? versions[0]!.namespace : null,
    });
  changed.sort((a, b) => NAMESPACES.indexOf(a.namespace) - NAMESPACES.indexOf(b.namespace));
  return { items: await checked(changed, states) };
}

/** Writes a plan as one transaction. */
export async function applyRestore(backend: VersionsBackend, plan: RestorePlan): Promise<void> {
  await backend.replace(plan.items.map((entry) => entry.replacement));
}
