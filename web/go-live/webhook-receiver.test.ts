/**
 * The webhook receiver's answers without a server: a signed delivery for a store that cannot
 * be read is a 503 with Retry-After (Sanity delivers again), refusals are 4xx, each body the
 * one WebhookAnswer shape. The real server's end to end: e2e/live.test.ts.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContentGate } from '@/content/gate';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { Snapshot } from '@/content/snapshot';
import { sendPublishWebhook, type WebhookAnswer } from '@/content/webhook';

// A marker package that throws outside Next's server bundles; it has no behaviour to keep.
vi.mock('server-only', () => ({}));

const SECRET = 'receiver-test-secret';
let dir: string;
let handlePublishWebhook: (request: Request) => Promise<Response>;

/** The last good versions a build leaves in its output folder, as a served site has them. */
async function buildsLastGoodVersions() {
  const built = new LocalStore(path.join(dir, 'built.ndjson'));
  await importLocales(built, { from: 'locales', dryRun: false });
  const snapshot = new Snapshot(path.join(dir, '.next', 'content-snapshot'));
  await new ContentGate({
    store: built,
    snapshot,
    failOnProblems: false,
    log: () => undefined,
  }).read('hero');
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-receiver-'));
  // A folder where the store's file should be: every read fails (EISDIR), as a disk or
  // network fault would.
  const storeFile = path.join(dir, 'production.ndjson');
  await mkdir(storeFile);
  vi.stubEnv('CONTENT_STORE_FILE', storeFile);
  vi.stubEnv('SANITY_REVALIDATE_SECRET', SECRET);
  vi.stubEnv('NEXT_DIST_DIR', path.join(dir, '.next'));
  ({ handlePublishWebhook } = await import('./webhook-receiver'));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

async function deliver(body: string, secret = SECRET) {
  const response = await sendPublishWebhook('http://localhost/api/revalidate', body, secret, {
    via: handlePublishWebhook,
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as WebhookAnswer,
  };
}

describe('the publish webhook receiver', () => {
  const hero = JSON.stringify({ _id: 'dictionary-hero', _type: 'heroDictionary' });
  const unavailable = {
    status: 503,
    retryAfter: '10',
    body: { status: 'unavailable', namespace: 'hero' },
  };

  it('answers 503 with Retry-After when the store cannot be read, with no version to serve', async () => {
    expect(await deliver(hero)).toMatchObject(unavailable);
  });

  it('answers 503 with Retry-After when the store cannot be read beside the last good version', async () => {
    await buildsLastGoodVersions();
    expect(await deliver(hero)).toMatchObject(unavailable);
  });

  it('refuses a delivery signed with another secret, reading nothing', async () => {
    const answer = await deliver(hero, 'another-secret');
    expect(answer).toMatchObject({ status: 401, body: { status: 'rejected' } });
  });

  it('ignores a document that is no published dictionary', async () => {
    const answer = await deliver(JSON.stringify({ _id: 'drafts.dictionary-hero', _type: 'x' }));
    expect(answer).toMatchObject({ status: 200, body: { status: 'ignored' } });
  });
});
