/**
 * A hash of a dictionary's content, with Web Crypto: the same in Node (the site, the
 * command) and in the browser (the Studio's Versions tool), so either can tell which kept
 * version holds the texts published now.
 */
import {
  canonicalJson,
  contentOf,
  isRecordableRevision,
  type DictionaryContent,
} from './version-records';

export async function contentHash(content: DictionaryContent): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(canonicalJson(content)),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The revision a version record is named by: the store's `_rev`, or for a document written
 * without one (import-locales on the local store) `c-` and the start of its content hash.
 */
export async function revisionOf(document: Record<string, unknown>): Promise<string> {
  const rev = document._rev;
  if (typeof rev === 'string' && isRecordableRevision(rev)) return rev;
  return `c-${(await contentHash(contentOf(document))).slice(0, 16)}`;
}
