/**
 * How a running site tells this checkout's tools where it is: `<store file>.site.json` beside
 * the dataset file it serves, with its address and process. The local API sends its publishes
 * there and the Studio frames it, so `PORT=3001 npm start` needs no other setting. The site
 * writes it when it listens and removes it when it stops; one left by a killed site does not
 * count. Free of path aliases: the production server (server.ts) loads it directly.
 */
import { rm, writeFile } from 'node:fs/promises';
import { readTextIfPresent } from './atomic-file.ts';
import { isProcessRunning } from './process-alive.ts';

export interface SiteAddress {
  /** e.g. `http://localhost:3001`. */
  readonly url: string;
  readonly pid: number;
}

export function siteAddressFile(storeFile: string): string {
  return `${storeFile}.site.json`;
}

export async function writeSiteAddress(storeFile: string, address: SiteAddress): Promise<void> {
  await writeFile(siteAddressFile(storeFile), `${JSON.stringify(address, null, 2)}\n`);
}

export async function removeSiteAddress(storeFile: string, pid: number): Promise<void> {
  // Only our own: another site may have started on the same file since.
  const current = await readSiteAddress(storeFile).catch(() => undefined);
  if (current?.pid === pid) await rm(siteAddressFile(storeFile), { force: true });
}

/**
 * The site serving `storeFile`, or undefined when none runs (no file, or one a killed site
 * left). A file that is not what this module writes is an error naming it.
 */
export async function readSiteAddress(storeFile: string): Promise<SiteAddress | undefined> {
  const file = siteAddressFile(storeFile);
  const text = await readTextIfPresent(file);
  if (text === undefined) return undefined;
  let value: Partial<SiteAddress> | undefined;
  try {
    value = JSON.parse(text) as Partial<SiteAddress>;
  } catch {
    value = undefined;
  }
  if (typeof value?.url !== 'string' || !URL.canParse(value.url) || typeof value.pid !== 'number')
    throw new Error(`${file}: not a site address (url, pid); delete it and restart npm start`);
  return isProcessRunning(value.pid) ? { url: value.url, pid: value.pid } : undefined;
}
