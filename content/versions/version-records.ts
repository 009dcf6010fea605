/**
 * Published versions, kept by us: every version of a dictionary that passed the gate and
 * went live is a document in the content store itself, beside the dictionaries. In Sanity
 * that keeps them independent of the plan's history retention, in the one place every site
 * instance and the Studio already reach, and it survives a flushed cache; locally they are
 * lines of a file beside the dataset file (local-versions.ts). docs/versions.md says why.
 *
 * A record's id is `publishedVersion.<namespace>.<revision>`: deterministic, so two site
 * instances recording the same version write it once; with a dot, so Sanity keeps it
 * private (readable only with a token) and no public query of the site matches it; and
 * without Sanity's own `drafts.`/`versions.` prefixes. This file holds no Node-only code:
 * the Studio's Versions tool uses it too.
 */
import { NAMESPACES, type Namespace } from '@/schemas';

export const VERSION_TYPE = 'publishedVersion';
const VERSION_ID_PREFIX = `${VERSION_TYPE}.`;

/** Versions kept per dictionary, newest by the time they went live; older ones are removed. */
export const VERSIONS_KEPT = 50;

/** What the lists show of a version. */
export interface VersionSummary {
  readonly _id: string;
  readonly namespace: Namespace;
  /**
   * The store's revision of the document (`_rev`), or, for a document written without one
   * (import-locales on the local store), `c-` and a hash of its content.
   */
  readonly revision: string;
  /** SHA-256 of the content (content-hash.ts): equal hashes, equal texts. */
  readonly contentHash: string;
  /** When the site first served it (ISO time). */
  readonly liveAt: string;
  /** When the store says the document was last written (`_updatedAt`), if it says. */
  readonly publishedAt: string | null;
  /** Who published it, when the store says so (the webhook's `publishedBy`). */
  readonly publishedBy: string | null;
}

/**
 * `publishedBy` of the documents a release published: its author and the release's name
 * (`_.releases.<name>`). The local API writes it; the Versions tool reads it back with
 * `publisherOf`. A Sanity webhook names only the author (`identity()`).
 */
export function releasePublisher(author: string, release: string): string {
  return `${author} (release ${release})`;
}

export function publisherOf(publishedBy: string): { author: string; release?: string } {
  const match = /^(.+) \(release ([A-Za-z0-9_-]{1,64})\)$/.exec(publishedBy);
  return match ? { author: match[1]!, release: match[2]! } : { author: publishedBy };
}

/** The versions a release put live, and when the first of them went live. */
export interface ReleaseLive {
  readonly release: string;
  readonly liveAt: string;
  readonly versions: readonly VersionSummary[];
}

/** The releases among kept versions, newest first; versions in each in dictionary order. */
export function releasesLive(versions: readonly VersionSummary[]): ReleaseLive[] {
  const byRelease = new Map<string, VersionSummary[]>();
  for (const version of versions) {
    const release = version.publishedBy && publisherOf(version.publishedBy).release;
    if (release) byRelease.set(release, [...(byRelease.get(release) ?? []), version]);
  }
  return [...byRelease]
    .map(([release, kept]) => ({
      release,
      liveAt: kept.map((version) => version.liveAt).sort()[0]!,
      versions: [...kept].sort(
        (a, b) => NAMESPACES.indexOf(a.namespace) - NAMESPACES.indexOf(b.namespace),
      ),
    }))
    .sort((a, b) => (a.liveAt < b.liveAt ? 1 : -1));
}

/** The texts of a dictionary document: every field but the store's own (`_id`, `_rev`, …). */
export type DictionaryContent = Record<string, unknown>;

export interface PublishedVersion extends VersionSummary {
  readonly content: DictionaryContent;
}

/** The stored record: a summary, its content and the type that marks it. */
export interface VersionRecord extends PublishedVersion {
  readonly _type: typeof VERSION_TYPE;
}

export function versionRecordId(namespace: Namespace, revision: string): string {
  return `${VERSION_ID_PREFIX}${namespace}.${revision}`;
}

export function isVersionRecordId(id: string): boolean {
  return id.startsWith(VERSION_ID_PREFIX);
}

/** Sanity's id alphabet; a revision outside it (never seen) is hashed instead by the caller. */
export function isRecordableRevision(revision: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(revision);
}

/** The content of a stored dictionary document, without the fields the store manages. */
export function contentOf(document: Record<string, unknown>): DictionaryContent {
  return Object.fromEntries(Object.entries(document).filter(([key]) => !key.startsWith('_')));
}

/** JSON with object keys sorted: equal content gives equal text, whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : inner,
  );
}

export function sameContent(a: DictionaryContent, b: DictionaryContent): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

// --- GROQ: every query the versions feature runs, for both backends -----------------------

const SUMMARY_FIELDS = '_id, namespace, revision, contentHash, liveAt, publishedAt, publishedBy';

/** Summaries of one dictionary's versions (or all, with `$namespace` null), newest first. */
export const VERSION_LIST_QUERY = `*[_type == "${VERSION_TYPE}" && ($namespace == null || namespace == $namespace)] | order(liveAt desc) {${SUMMARY_FIELDS}}`;

/** Full records by id. */
export const VERSIONS_BY_ID_QUERY = `*[_type == "${VERSION_TYPE}" && _id in $ids]{${SUMMARY_FIELDS}, content}`;

/** The published dictionaries and their drafts, by id. */
export const DICTIONARY_STATE_QUERY = '*[_id in $ids]';

/** Whether a value read back from a store is a version summary this code wrote. */
export function isVersionSummary(value: unknown): value is VersionSummary {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record._id === 'string' &&
    typeof record.namespace === 'string' &&
    (NAMESPACES as readonly string[]).includes(record.namespace) &&
    typeof record.revision === 'string' &&
    typeof record.contentHash === 'string' &&
    typeof record.liveAt === 'string'
  );
}

/** Summaries newest first, ties broken by id so every reader orders them alike. */
export function newestFirst<T extends VersionSummary>(versions: readonly T[]): T[] {
  return [...versions].sort((a, b) =>
    a.liveAt === b.liveAt ? (a._id < b._id ? 1 : -1) : a.liveAt < b.liveAt ? 1 : -1,
  );
}

/** The ids to remove so that only the newest `kept` of one dictionary remain. */
export function versionsBeyondKept(
  versions: readonly VersionSummary[],
  kept = VERSIONS_KEPT,
): string[] {
  return newestFirst(versions)
    .slice(kept)
    .map((version) => version._id);
}
