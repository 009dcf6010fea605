/**
 * The content store: where dictionary documents live between import and export.
 * Two backends share this interface and the same GROQ query: a local dataset file in
 * Sanity's NDJSON format (the default) and a real Sanity project.
 */
import type { Namespace } from '@/schemas';
import type { ReadPerspective } from './perspective';
import { readContentSettings, type ContentSettings } from './store-settings';
import { LocalStore } from './local-store';
import { SanityStore } from './sanity-store';

export interface DictionaryDocument {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

export interface ContentStore {
  readonly kind: 'local' | 'sanity';
  /** e.g. `local (.content/production.ndjson)` or `sanity (project abc123, dataset production)`. */
  readonly description: string;
  /**
   * The dictionary documents (all, or those of `namespaces`), read with one GROQ query:
   * published by default; with the `drafts` perspective (previews) each as its draft where
   * one exists.
   */
  fetchDictionaries(
    namespaces?: readonly Namespace[],
    options?: { readonly perspective?: ReadPerspective },
  ): Promise<DictionaryDocument[]>;
  /** Creates or replaces the documents in one transaction. */
  commit(documents: readonly DictionaryDocument[]): Promise<void>;
  /**
   * Runs `body` as the only writer of the store: a read followed by a commit inside it
   * cannot interleave with another import or the local API.
   */
  exclusive<T>(holder: string, body: () => Promise<T>): Promise<T>;
}

export function openContentStore(
  purpose: 'read' | 'write',
  settings: ContentSettings = readContentSettings(process.env, purpose),
): ContentStore {
  return settings.kind === 'sanity' ? new SanityStore(settings) : new LocalStore(settings.file);
}
