/**
 * Sanity's perspectives over a list of documents, for stores that have no query engine of
 * their own to apply them (groq-js evaluates GROQ but ignores perspectives).
 *
 * - `published`: documents that are neither drafts (`drafts.<id>`) nor versions in a release
 *   (`versions.<release>.<id>`).
 * - `drafts`: every document as its draft where one exists, else as published.
 * - a stack of release names, highest priority first, optionally ending in `drafts`: every
 *   document as its version in the first release of the stack that has one, else as its draft
 *   (only when the stack ends in `drafts`), else as published. This is how a release is seen
 *   "as it will look": the stack `[release]` is the site once that release is published.
 *
 * A document read through a draft or a version keeps its published id, with `_originalId`
 * naming the document it came from (as Sanity answers). A version marked as unpublishing its
 * document (`_system.delete`) hides it.
 */
export type ReadPerspective = 'published' | 'drafts' | readonly string[];

export const DRAFTS_PREFIX = 'drafts.';
export const VERSIONS_PREFIX = 'versions.';

interface Identified {
  readonly _id: string;
}

/** The id of a document's version in a release. */
export function versionId(release: string, id: string): string {
  return `${VERSIONS_PREFIX}${release}.${id}`;
}

/** The published id behind a draft's or a version's id (itself for a published one). */
export function publishedIdOf(id: string): string {
  if (id.startsWith(DRAFTS_PREFIX)) return id.slice(DRAFTS_PREFIX.length);
  if (id.startsWith(VERSIONS_PREFIX)) return id.slice(id.indexOf('.', VERSIONS_PREFIX.length) + 1);
  return id;
}

/** The release a version's id belongs to; undefined for drafts and published documents. */
export function releaseOf(id: string): string | undefined {
  if (!id.startsWith(VERSIONS_PREFIX)) return undefined;
  return id.slice(VERSIONS_PREFIX.length, id.indexOf('.', VERSIONS_PREFIX.length));
}

/** The layers a perspective reads, highest priority first (published is always the last). */
function layersOf(perspective: ReadPerspective): string[] {
  if (perspective === 'published') return [];
  if (perspective === 'drafts') return ['drafts'];
  return [...perspective];
}

/** Where a layer keeps its copy of a document. */
const idIn = (layer: string, id: string): string =>
  layer === 'drafts' ? `${DRAFTS_PREFIX}${id}` : versionId(layer, id);

export function inPerspective<T extends Identified>(
  documents: readonly T[],
  perspective: ReadPerspective,
): (T & { _originalId?: string })[] {
  const layers = layersOf(perspective);
  const published = documents.filter((doc) => publishedIdOf(doc._id) === doc._id);
  if (layers.length === 0) return published;
  const byId = new Map(documents.map((doc) => [doc._id, doc]));
  const ids = new Set(published.map((doc) => doc._id));
  for (const { _id } of documents) {
    const layer = _id.startsWith(DRAFTS_PREFIX) ? 'drafts' : releaseOf(_id);
    if (layer !== undefined && layers.includes(layer)) ids.add(publishedIdOf(_id));
  }
  return [...ids].flatMap((id) => {
    const layer = layers.find((name) => byId.has(idIn(name, id)));
    const originalId = layer === undefined ? id : idIn(layer, id);
    const doc = byId.get(originalId);
    if (!doc || (doc as { _system?: { delete?: boolean } })._system?.delete) return [];
    return [{ ...doc, _id: id, _originalId: originalId }];
  });
}

/** Names that are perspectives of their own, never a release's. */
const NOT_RELEASE_NAMES: ReadonlySet<string> = new Set([
  'drafts',
  'published',
  'raw',
  'previewDrafts',
]);

/**
 * Whether `name` may name a release in a perspective stack and in a version's id
 * (`versions.<name>.<id>`): letters, digits, `_` and `-`, as the Studio makes them (`rLaunch`).
 */
export function isReleaseName(name: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(name) && !NOT_RELEASE_NAMES.has(name);
}
