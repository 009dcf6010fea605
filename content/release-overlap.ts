/**
 * Two open releases changing the same text of a document: each release's version differs
 * from the published text there, and whichever release is published last keeps its text.
 * `npm run releases -- show` lists them; the Studio warns beside the field
 * (studio/check-validation.ts). Every string of the stored document is compared, so no
 * schema is needed; list items are matched by their `_key`, so a release that only reorders
 * them changes no text.
 */
import { storedPathString, type StoredPathSegment } from '@/schemas/walk';

export interface ChangedText {
  /** The stored path as Sanity writes it: `items[_key=="item2"].question.de`. */
  readonly key: string;
  /** The same path as segments: where the Studio puts a marker. */
  readonly path: readonly StoredPathSegment[];
}

type Texts = Map<string, { path: readonly StoredPathSegment[]; text: string }>;

function textsOf(value: unknown, path: StoredPathSegment[] = [], out: Texts = new Map()): Texts {
  if (typeof value === 'string') out.set(storedPathString(path), { path, text: value });
  else if (Array.isArray(value))
    value.forEach((item: unknown, index) => {
      const key = (item as { _key?: unknown } | null)?._key;
      textsOf(item, [...path, typeof key === 'string' ? { _key: key } : index], out);
    });
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      if (!key.startsWith('_')) textsOf(item, [...path, key], out);
    }
  return out;
}

/** The texts a release's version changes against the published document, by key. */
export function changedTexts(version: object, published: object | undefined): ChangedText[] {
  const before = textsOf(published ?? {});
  const after = textsOf(version);
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  return keys
    .filter((key) => before.get(key)?.text !== after.get(key)?.text)
    .map((key) => ({ key, path: (after.get(key) ?? before.get(key))!.path }));
}

/** The texts both versions change against the published document. */
export function textsBothChange(
  mine: object,
  other: object,
  published: object | undefined,
): ChangedText[] {
  const theirs = new Set(changedTexts(other, published).map((text) => text.key));
  return changedTexts(mine, published).filter((text) => theirs.has(text.key));
}
