/**
 * Which Studio may frame previews: the one STUDIO_URL names, else the one this checkout's
 * local API announces beside the dataset file (`npm run studio` with STUDIO_PORT alone), read
 * again on each call so that a Studio started after the site counts; else the default.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalApi } from '@/local-api/server';
import { throwawayCertificate } from '@/local-api/tls';
import { DEFAULT_STUDIO_URL, readPreviewSettings } from './preview-settings';

let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-preview-settings-'));
  const storeFile = path.join(dir, 'production.ndjson');
  await writeFile(storeFile, '');
  env = { CONTENT_STORE_FILE: storeFile };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the Studio a preview may be framed by', () => {
  it("follows the local API's Studio while it runs, unless STUDIO_URL names one", async () => {
    expect(readPreviewSettings(env).studioOrigin).toBe(DEFAULT_STUDIO_URL);
    const api = await startLocalApi({
      storeFile: env.CONTENT_STORE_FILE!,
      tls: await throwawayCertificate(['127.0.0.1', 'localhost']),
      announce: true,
      log: () => undefined,
      // As npm run studio passes them with STUDIO_PORT=3444: the printed address first.
      studioOrigins: ['http://localhost:3444', 'http://127.0.0.1:3444'],
    });
    try {
      expect(readPreviewSettings(env)).toEqual({
        studioUrl: 'http://localhost:3444',
        studioOrigin: 'http://localhost:3444',
      });
      expect(
        readPreviewSettings({ ...env, STUDIO_URL: 'https://rg.sanity.studio/' }).studioOrigin,
      ).toBe('https://rg.sanity.studio');
    } finally {
      await api.close();
    }
    expect(readPreviewSettings(env).studioOrigin).toBe(DEFAULT_STUDIO_URL);
  });

  it('takes a Studio on Sanity, or an unreadable announcement, as none', async () => {
    await writeFile(`${env.CONTENT_STORE_FILE}.api.json`, '{ not json');
    expect(readPreviewSettings(env).studioOrigin).toBe(DEFAULT_STUDIO_URL);
    expect(
      readPreviewSettings({ SANITY_PROJECT_ID: 'abc', SANITY_DATASET: 'production' }).studioOrigin,
    ).toBe(DEFAULT_STUDIO_URL);
  });
});
