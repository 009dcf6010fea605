import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsError } from './store-settings';
import { localWebhookSecretFile, senderWebhookSecret, siteWebhookSecret } from './webhook-secret';

let dir: string;
let local: Record<string, string | undefined>;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-webhook-secret-'));
  local = { CONTENT_STORE_FILE: path.join(dir, 'production.ndjson') };
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const SANITY = { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production' };

describe('the webhook secret', () => {
  it('with the local store and no setting: a sender makes a private random secret beside the dataset, and the site reads the same one', async () => {
    const file = path.join(dir, 'webhook-secret');
    expect(localWebhookSecretFile(local.CONTENT_STORE_FILE!)).toBe(file);
    // Before any sender ran, the site has no secret and so refuses every delivery.
    await expect(siteWebhookSecret(local)).resolves.toBeUndefined();

    const made = senderWebhookSecret(local);
    expect(made).toEqual({ secret: expect.stringMatching(/^[0-9a-f]{64}$/), source: { file } });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await expect(siteWebhookSecret(local)).resolves.toEqual(made);
    // Made once: later senders (a restarted Studio, an import) sign with the same one.
    expect(senderWebhookSecret(local)).toEqual(made);
    expect((await readFile(file, 'utf8')).trim()).toBe(made.secret);
  });

  it('SANITY_REVALIDATE_SECRET wins on both ends and no file is made', async () => {
    const env = { ...local, SANITY_REVALIDATE_SECRET: ' set-by-hand ' };
    expect(senderWebhookSecret(env)).toEqual({
      secret: 'set-by-hand',
      source: 'SANITY_REVALIDATE_SECRET',
    });
    await expect(siteWebhookSecret(env)).resolves.toEqual({
      secret: 'set-by-hand',
      source: 'SANITY_REVALIDATE_SECRET',
    });
    expect(existsSync(path.join(dir, 'webhook-secret'))).toBe(false);
  });

  it('never falls back with a Sanity store: the site has no secret, a sender names the setting', async () => {
    senderWebhookSecret(local);
    // Even with a secret file beside the configured local path, Sanity settings decide.
    for (const env of [
      { ...local, ...SANITY },
      { ...local, SANITY_PROJECT_ID: 'abc123' }, // half-configured
    ]) {
      await expect(siteWebhookSecret(env)).resolves.toBeUndefined();
      expect(() => senderWebhookSecret(env)).toThrow(SettingsError);
    }
    expect(() => senderWebhookSecret({ ...local, ...SANITY })).toThrow(
      /SANITY_REVALIDATE_SECRET is missing/,
    );
  });

  it('a secret file that holds too little is no secret: the site refuses, a sender says what to do', async () => {
    await writeFile(path.join(dir, 'webhook-secret'), 'short\n');
    await expect(siteWebhookSecret(local)).resolves.toBeUndefined();
    expect(() => senderWebhookSecret(local)).toThrow(
      /webhook-secret does not hold a webhook secret .*delete it and a new one is made/,
    );
  });
});
