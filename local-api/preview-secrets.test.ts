/**
 * The preview-secret flow at the wire, with Sanity's own code on both ends: the Studio's
 * `createPreviewSecret` writes a secret to the local API, and the site's
 * `validatePreviewUrl` (what next-sanity's enable route runs) reads it back, both through
 * the real Sanity client over HTTPS. Secrets live in memory: the dataset file never sees
 * them.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import type { SanityClient } from '@sanity/client';
import { validatePreviewUrl } from '@sanity/preview-url-secret';
import { createPreviewSecret } from '@sanity/preview-url-secret/create-secret';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { localApiAddressFile, readLocalApiAddress } from '@/content/local-api-address';
import { LocalStore } from '@/content/local-store';
import { startLocalApi, type RunningLocalApi } from './server';
import { sanityClientFor } from './testing/sanity-client';
import { throwawayCertificate } from './tls';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let dir: string;
let storeFile: string;
let api: RunningLocalApi;
let client: SanityClient;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-api-secrets-'));
  storeFile = path.join(dir, 'production.ndjson');
  const bundled = path.join(dir, 'bundled.ndjson');
  await importLocales(new LocalStore(bundled), { from: 'locales', dryRun: false });
  await copyFile(bundled, storeFile);
  const tls = await throwawayCertificate(['127.0.0.1', 'localhost']);
  // As the site does: trust exactly the certificate the API announces.
  setDefaultCACertificates([...getCACertificates('default'), tls.cert]);
  api = await startLocalApi({ storeFile, tls, announce: true, log: () => undefined });
  client = sanityClientFor(api);
});
afterAll(async () => {
  await api?.close();
  await rm(dir, { recursive: true, force: true });
});

const previewUrl = (secret: string) =>
  `https://site.example/api/draft-mode/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=/de`;

describe('preview secrets on the local API', () => {
  it('announces itself beside the dataset file, with the certificate to trust', async () => {
    const address = await readLocalApiAddress(storeFile);
    expect(address).toMatchObject({ url: api.url, projectId: 'local', dataset: 'production' });
    expect(address?.authority).toBe(api.certificate);
  });

  it("accepts the Studio's secret, which the site's check then finds; a wrong one it does not", async () => {
    const before = await readFile(storeFile, 'utf8');
    const { secret } = await createPreviewSecret(
      client,
      'sanity/presentation',
      'http://localhost:3333/presentation',
      'local-editor',
    );
    expect(await validatePreviewUrl(client, previewUrl(secret))).toMatchObject({
      isValid: true,
      redirectTo: '/de',
      studioOrigin: 'http://localhost:3333',
    });
    expect(await validatePreviewUrl(client, previewUrl(`${secret}x`))).toMatchObject({
      isValid: false,
    });
    // Only in memory: the dataset file is byte for byte what it was.
    expect(await readFile(storeFile, 'utf8')).toBe(before);
    expect(before).not.toContain('previewUrlSecret');
  });

  it('refuses a delete by query that reaches dictionaries, and writing secrets with dictionaries', async () => {
    await expect(
      client.delete({
        query: '*[_type == "sanity.previewUrlSecret" || _type == "heroDictionary"]',
      }),
    ).rejects.toThrow(/preview secrets only.*dictionary-hero/);
    await expect(
      client
        .transaction()
        .createOrReplace({ _id: 'drafts.abc', _type: 'sanity.previewUrlSecret' })
        .patch('dictionary-hero', (patch) => patch.set({ 'title.main.en': 'x' }))
        .commit(),
    ).rejects.toThrow(/never in one transaction with dictionaries/);
    expect(await new LocalStore(storeFile).fetchDictionaries(['hero'])).toHaveLength(1);
  });

  it('removes its address file when it stops', async () => {
    const second = await startLocalApi({
      storeFile: path.join(dir, 'other.ndjson'),
      announce: true,
      log: () => undefined,
    });
    const file = localApiAddressFile(path.join(dir, 'other.ndjson'));
    await expect(readFile(file, 'utf8')).resolves.toContain(second.url);
    await second.close();
    await expect(readFile(file, 'utf8')).rejects.toThrow(/ENOENT/);
  });
});
