/**
 * How a running local API tells other processes on this machine where it is:
 * a small JSON file beside the dataset file it serves (`<store file>.api.json`) with its
 * address and the certificate that signs its TLS certificate. The site reads it to check
 * preview secrets with the API (the Studio keeps them there), whichever port the API got.
 * The site also lets the Studio the API serves frame its previews (web/preview/preview-settings.ts),
 * so moving the Studio takes `STUDIO_PORT` alone. The API writes it when it starts and removes
 * it when it stops. Free of path aliases: the production server (server.ts) loads it directly.
 */
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { readTextIfPresent } from './atomic-file.ts';
import { isProcessRunning } from './process-alive.ts';

export interface LocalApiAddress {
  /** e.g. `https://127.0.0.1:3334`. */
  readonly url: string;
  readonly projectId: string;
  readonly dataset: string;
  /**
   * PEM of what a client must trust: mkcert's local authority, or the self-signed
   * certificate itself.
   */
  readonly authority: string;
  /** The API's process, to tell a file left by a killed API from a live one. */
  readonly pid: number;
  /** What this machine's tools send as `Authorization: Bearer …` (the file is private). */
  readonly token: string;
  /** The Studio whose browser calls the API accepts, as printed (`http://localhost:3333`). */
  readonly studio?: string;
}

export function localApiAddressFile(storeFile: string): string {
  return `${storeFile}.api.json`;
}

export async function writeLocalApiAddress(
  storeFile: string,
  address: LocalApiAddress,
): Promise<void> {
  // Readable by this user only: it holds the token.
  await writeFile(localApiAddressFile(storeFile), `${JSON.stringify(address, null, 2)}\n`, {
    mode: 0o600,
  });
}

export async function removeLocalApiAddress(storeFile: string, pid: number): Promise<void> {
  // Only our own: another API may have started on the same file since.
  const current = await readLocalApiAddress(storeFile).catch(() => undefined);
  if (current?.pid === pid) await rm(localApiAddressFile(storeFile), { force: true });
}

/**
 * The API serving `storeFile`, or undefined when none runs (no file, or one a killed API
 * left). A file that is not what this module writes is an error naming it.
 */
export async function readLocalApiAddress(storeFile: string): Promise<LocalApiAddress | undefined> {
  const file = localApiAddressFile(storeFile);
  return parseAddress(file, await readTextIfPresent(file));
}

/** readLocalApiAddress for settings read where nothing may wait (each preview request). */
export function readLocalApiAddressNow(storeFile: string): LocalApiAddress | undefined {
  const file = localApiAddressFile(storeFile);
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return parseAddress(file, text);
}

function parseAddress(file: string, text: string | undefined): LocalApiAddress | undefined {
  if (text === undefined) return undefined;
  let value: Partial<LocalApiAddress>;
  try {
    value = JSON.parse(text) as Partial<LocalApiAddress>;
  } catch {
    throw new Error(`${file}: not JSON; delete it and restart npm run studio`);
  }
  const fields = ['url', 'projectId', 'dataset', 'authority'] as const;
  const wrong = fields.filter((field) => typeof value[field] !== 'string' || !value[field]);
  if (wrong.length || typeof value.pid !== 'number')
    throw new Error(
      `${file}: ${[...wrong, ...(typeof value.pid === 'number' ? [] : ['pid'])].join(', ')} missing or malformed; delete it and restart npm run studio`,
    );
  return isProcessRunning(value.pid) ? (value as LocalApiAddress) : undefined;
}

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
