/**
 * Sanity's perspectives over a list of documents, for stores that have no query engine of
 * their own to apply them (groq-js evaluates GROQ but ignores perspectives).
 *
 * - `published`: documents that are not drafts (ids without `drafts.`).
 * - `drafts`: every document as its draft where one exists, else as published, under the
 *   published id, with `_originalId` naming the document it came from (as Sanity answers).
 */
export type ReadPerspective = 'published' | 'drafts';

const DRAFTS_PREFIX = 'drafts.';

interface Identified {
  readonly _id: string;
}

export function inPerspective<T extends Identified>(
  documents: readonly T[],
  perspective: ReadPerspective,
): (T & { _originalId?: string })[] {
  const published = documents.filter(
    (doc) => !doc._id.startsWith(DRAFTS_PREFIX) && !doc._id.startsWith('versions.'),
  );
  if (perspective === 'published') return published;
  const drafts = new Map(
    documents
      .filter((doc) => doc._id.startsWith(DRAFTS_PREFIX))
      .map((doc) => [doc._id.slice(DRAFTS_PREFIX.length), doc]),
  );
  const byId = new Map(published.map((doc) => [doc._id, doc]));
  const ids = new Set([...byId.keys(), ...drafts.keys()]);
  return [...ids].map((id) => {
    const doc = drafts.get(id) ?? byId.get(id)!;
    return { ...doc, _id: id, _originalId: doc._id };
  });
}
