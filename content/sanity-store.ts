/** A real Sanity project as the content store, through the official client. */
import { createClient, type SanityClient } from '@sanity/client';
import type { ReadPerspective } from './perspective';
import type { ContentSettings } from './store-settings';
import type { Namespace } from '@/schemas';
import { DICTIONARIES_QUERY, dictionaryQueryParams } from './queries';
import type { ContentStore, DictionaryDocument } from './store';

export const SANITY_API_VERSION = '2025-02-19';

type SanitySettings = Extract<ContentSettings, { kind: 'sanity' }>;

export function sanityStoreDescription(settings: SanitySettings): string {
  return `sanity (project ${settings.projectId}, dataset ${settings.dataset})`;
}

/** The client for the project the settings name, with their token when there is one. */
export function sanityClientFor(settings: SanitySettings): SanityClient {
  return createClient({
    projectId: settings.projectId,
    dataset: settings.dataset,
    ...(settings.token && { token: settings.token }),
    apiVersion: SANITY_API_VERSION,
    useCdn: false,
    // Export publishes what editors published, never drafts.
    perspective: 'published',
    ...(settings.apiHost ? { apiHost: settings.apiHost, useProjectHostname: false } : {}),
  });
}

export class SanityStore implements ContentStore {
  readonly kind = 'sanity';
  readonly description: string;
  private readonly client: SanityClient;

  constructor(settings: SanitySettings) {
    this.description = sanityStoreDescription(settings);
    this.client = sanityClientFor(settings);
  }

  fetchDictionaries(
    namespaces?: readonly Namespace[],
    { perspective = 'published' }: { readonly perspective?: ReadPerspective } = {},
  ): Promise<DictionaryDocument[]> {
    // Drafts need a token that may read them (viewer rights at least).
    return this.client.fetch<DictionaryDocument[]>(
      DICTIONARIES_QUERY,
      dictionaryQueryParams(namespaces),
      { perspective: typeof perspective === 'string' ? perspective : [...perspective] },
    );
  }

  /** Sanity orders transactions itself; there is no local file to guard. */
  exclusive<T>(_holder: string, body: () => Promise<T>): Promise<T> {
    return body();
  }

  async commit(documents: readonly DictionaryDocument[]): Promise<void> {
    const transaction = this.client.transaction();
    for (const doc of documents) transaction.createOrReplace(doc);
    await transaction.commit({ visibility: 'sync' });
  }
}
