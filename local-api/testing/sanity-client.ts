/** The real Sanity client pointed at a running local API, as the Studio's is. */
import { createClient, type SanityClient } from '@sanity/client';
import type { RunningLocalApi } from '../server';

export function sanityClientFor(
  api: Pick<RunningLocalApi, 'projectId' | 'dataset' | 'url' | 'token'>,
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
