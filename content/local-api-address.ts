/**
 * How a running local API tells other processes on this machine where it is:
 * `<store file>.api.json` beside the dataset file it serves (content/announced-address.ts),
 * with its address and the certificate that signs its TLS certificate. The site reads it to
 * check preview secrets with the API (the Studio keeps them there), whichever port the API got.
 * The site also lets the Studio the API serves frame its previews (web/preview/preview-settings.ts),
 * so moving the Studio takes `STUDIO_PORT` alone.
 */
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { announcedAddress, type Announced } from './announced-address.ts';

export interface LocalApiAddress extends Announced {
  readonly projectId: string;
  readonly dataset: string;
  /**
   * PEM of what a client must trust: mkcert's local authority, or the self-signed
   * certificate itself.
   */
  readonly authority: string;
  /** What this machine's tools send as `Authorization: Bearer …` (the file is private). */
  readonly token: string;
  /** The Studio whose browser calls the API accepts, as printed (`http://localhost:3333`). */
  readonly studio?: string;
}

const localApi = announcedAddress<LocalApiAddress>({
  suffix: '.api.json',
  required: ['projectId', 'dataset', 'authority'],
  restart: 'npm run studio',
  private: true,
});

export const {
  file: localApiAddressFile,
  write: writeLocalApiAddress,
  remove: removeLocalApiAddress,
  read: readLocalApiAddress,
  readNow: readLocalApiAddressNow,
} = localApi;

const trusted = new Set<string>();

/**
 * Adds the API's certificate authority to those this process trusts, as NODE_EXTRA_CA_CERTS
 * would, so the real Sanity client can speak to the local API.
 */
export function trustLocalApi(authority: string): void {
  if (trusted.has(authority)) return;
  setDefaultCACertificates([...getCACertificates('default'), authority]);
  trusted.add(authority);
}
