/**
 * The local API serves the versions the site keeps beside the dataset
 * (`<store file>.versions.ndjson`) as part of the one dataset the Studio sees: queries and
 * listeners include them, records written through the API land in that file, and an edit of
 * a dictionary rewrites only the dataset file.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { keepVersions, versionRecord } from '@/content/versions/keep';
import { LocalVersions, versionsFileOf } from '@/content/versions/local-versions';
import { startLocalApi, type RunningLocalApi } from './server';
import { ApiClient } from './testing/client';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let bundled: string;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-kept-bundled-'));
  bundled = path.join(dir, 'production.ndjson');
  await importLocales(new LocalStore(bundled), { from: 'locales', dryRun: false });
});

let dir: string;
let storeFile: string;
let api: RunningLocalApi;
let client: ApiClient;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-kept-'));
  storeFile = path.join(dir, 'production.ndjson');
  await copyFile(bundled, storeFile);
  api = await startLocalApi({ storeFile, watchIntervalMs: 50, log: () => undefined });
  client = new ApiClient(api.url, api.token);
});
afterEach(async () => {
  client.close();
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

const RECORDS = encodeURIComponent('*[_type == "publishedVersion"]._id');

describe('versions kept beside the dataset', () => {
  it('are served and announced to listeners once the site writes them', async () => {
    const listener = client.listen('*[_type == "publishedVersion"]');
    await listener.waitFor(1);
    const store = new LocalStore(storeFile);
    const [hero] = await store.fetchDictionaries(['hero']);
    await keepVersions(new LocalVersions(store, 'the site'), [
      { namespace: 'hero', document: hero!, liveAt: '2026-02-01T10:00:00.000Z', publishedBy: null },
    ]);
    await expect
      .poll(
        async () =>
          (await client.get(`/data/query/production?query=${RECORDS}&perspective=raw`)).json.result,
      )
      .toHaveLength(1);
    const [welcome, mutation] = await listener.waitFor(2);
    expect(welcome!.event).toBe('welcome');
    expect(mutation!.data).toMatchObject({ transition: 'appear' });
    expect(await readFile(storeFile, 'utf8')).not.toContain('publishedVersion');
    listener.close();
  });

  it('written through the API land beside the dataset; a dictionary edit leaves them alone', async () => {
    const [hero] = await new LocalStore(storeFile).fetchDictionaries(['hero']);
    const record = await versionRecord({
      namespace: 'hero',
      document: hero!,
      liveAt: '2026-02-01T10:00:00.000Z',
      publishedBy: null,
    });
    const created = await client.post('/data/mutate/production', {
      mutations: [{ createIfNotExists: record }],
    });
    expect(created.status, created.text).toBe(200);
    const kept = await readFile(versionsFileOf(storeFile), 'utf8');
    expect(kept).toContain(record._id);
    expect(await readFile(storeFile, 'utf8')).not.toContain(record._id);

    const edit = await client.post('/data/actions/production', {
      actions: [
        {
          actionType: 'sanity.action.document.edit',
          draftId: 'drafts.dictionary-hero',
          publishedId: 'dictionary-hero',
          patch: { set: { 'eyebrow.de': 'Neu' } },
        },
      ],
    });
    expect(edit.status, edit.text).toBe(200);
    expect(await readFile(storeFile, 'utf8')).toContain('drafts.dictionary-hero');
    expect(await readFile(versionsFileOf(storeFile), 'utf8')).toBe(kept);
    // A record is kept, never edited.
    const patched = await client.post('/data/mutate/production', {
      mutations: [{ patch: { id: record._id, set: { liveAt: 'now' } } }],
    });
    expect(patched.status).toBe(400);
  });
});
