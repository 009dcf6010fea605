/** The real Sanity client pointed at a running local content API, as the Studio's is. */
import { createClient, type SanityClient } from '@sanity/client';
import type { RunningContentApi } from '../server';

export function sanityClientFor(
  api: Pick<RunningContentApi, 'projectId' | 'dataset' | 'url'>,
): SanityClient {
  return createClient({
    projectId: api.projectId,
    dataset: api.dataset,
    apiHost: api.url,
    useProjectHostname: false,
    // The local API accepts any token; the preview-secret calls insist on one.
    token: 'any',
    apiVersion: '2025-02-19',
    useCdn: false,
  });
}
