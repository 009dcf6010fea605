/** The real Sanity client pointed at a running local content API, as the Studio's is. */
import { createClient, type SanityClient } from '@sanity/client';
import type { RunningContentApi } from '../server';

export function sanityClientFor(
  api: Pick<RunningContentApi, 'projectId' | 'dataset' | 'url' | 'token'>,
): SanityClient {
  return createClient({
    projectId: api.projectId,
    dataset: api.dataset,
    apiHost: api.url,
    useProjectHostname: false,
    token: api.token,
    apiVersion: '2025-02-19',
    useCdn: false,
  });
}
