/**
 * The Sanity client the enable route checks a preview secret with, against whatever
 * store the site reads:
 *
 * - a Sanity project: the site's own settings, with `SANITY_API_TOKEN` (secrets and drafts
 *   are private: the token needs viewer rights at least);
 * - the embedded store: the local API serving the same dataset file, found through
 *   the address file it writes beside it (content/local-api-address.ts). The Studio keeps
 *   its secrets there. The API speaks TLS with a certificate from mkcert's local authority
 *   or a self-signed one; the site adds exactly that certificate to the ones it trusts, as
 *   NODE_EXTRA_CA_CERTS would, when it first asks the API.
 */
import 'server-only';
// next-sanity's client: the one its draft-mode helpers are typed and tested with.
import { createClient, type SanityClient } from 'next-sanity';
import { readLocalApiAddress, trustLocalApi } from '@/content/local-api-address';
import { SANITY_API_VERSION } from '@/content/sanity-store';
import { readContentSettings } from '@/content/store-settings';

/** Previews cannot work with the site's settings; the message says what to do. */
export class PreviewUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreviewUnavailable';
  }
}

export async function previewSecretClient(): Promise<SanityClient> {
  const settings = readContentSettings(process.env, 'read');
  if (settings.kind === 'sanity') {
    if (!settings.token)
      throw new PreviewUnavailable(
        'Previews need SANITY_API_TOKEN on the site: a token with viewer rights, since drafts and preview secrets are private.',
      );
    return createClient({
      projectId: settings.projectId,
      dataset: settings.dataset,
      token: settings.token,
      apiVersion: SANITY_API_VERSION,
      useCdn: false,
      ...(settings.apiHost ? { apiHost: settings.apiHost, useProjectHostname: false } : {}),
    });
  }
  const api = await readLocalApiAddress(settings.file);
  if (!api)
    throw new PreviewUnavailable(
      `Previews check their secret with the local API, and none serves ${settings.file}: start the Studio with npm run studio.`,
    );
  trustLocalApi(api.authority);
  return createClient({
    projectId: api.projectId,
    dataset: api.dataset,
    apiHost: api.url,
    useProjectHostname: false,
    token: api.token,
    apiVersion: SANITY_API_VERSION,
    useCdn: false,
  });
}
