/**
 * The content stores of the browser tests: copies of the embedded store that a test may
 * change, and the export of the store the plain builds read (what the tests compare with).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { LocalStore } from '@/content/local-store';
import { DEFAULT_LOCAL_STORE } from '@/content/settings';

export const E2E_CONTENT = '.e2e-content';
/** `npm run export-locales` of the embedded store, written by the global setup. */
export const PUBLISHED_FOR_TESTS = path.join(E2E_CONTENT, 'published');

/** A fresh copy of the embedded store (which the plain builds read) at `file`. */
export function copyEmbeddedStore(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  copyFileSync(DEFAULT_LOCAL_STORE, file);
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
