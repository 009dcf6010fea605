/**
 * The content stores of the browser tests: the tests' own store, imported fresh from
 * `locales/` by the global setup (never the developer's `.content/`, which may hold edits
 * or an older import), copies of it that a test may change, and its export (what the
 * tests compare pages with).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { LocalStore } from '@/content/local-store';
import { versionsFileOf } from '@/content/versions/local-versions';
import { VERSION_TYPE } from '@/content/versions/version-records';

export const E2E_CONTENT = '.e2e-content';
/** The store the plain builds read: the bundled copy, imported by the global setup. */
export const E2E_STORE = path.join(E2E_CONTENT, 'site.ndjson');
/** `npm run export-locales` of that store, written by the global setup. */
export const PUBLISHED_FOR_TESTS = path.join(E2E_CONTENT, 'published');

/** A fresh copy of the tests' store at `file`. */
export function copyEmbeddedStore(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(E2E_STORE, file);
}

// Stored documents are untyped JSON; the edits reach into known fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StoredDocument = Record<string, any>;

/** Changes one stored document in place, as a direct write to the store would. */
export async function editStored(
  file: string,
  id: string,
  change: (doc: StoredDocument) => void,
): Promise<void> {
  const store = new LocalStore(file);
  const doc = (await store.readAll()).find((candidate) => candidate._id === id);
  if (!doc) throw new Error(`${file} holds no document ${id}`);
  change(doc);
  await store.commit([doc]);
}

/** Whether the store keeps a version of the namespace that shows `text` (content/versions). */
export async function keepsVersionWith(
  file: string,
  namespace: string,
  text: string,
): Promise<boolean> {
  return (await new LocalStore(versionsFileOf(file)).readAll()).some(
    (doc) =>
      doc._type === VERSION_TYPE &&
      (doc as StoredDocument).namespace === namespace &&
      JSON.stringify((doc as StoredDocument).content).includes(text),
  );
}
