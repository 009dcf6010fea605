/**
 * `npm run versions` against a Sanity project, at the wire: the real @sanity/client talks
 * HTTP/2 to the repository's local API, which speaks Sanity's HTTP API. The site's
 * keeping of versions goes the same way (a token that may write), so the records the
 * command lists are written as a site with Sanity settings writes them.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { readContentSettings } from '@/content/store-settings';
import { startLocalApi, type RunningLocalApi } from '@/local-api/server';
import { ApiClient } from '@/local-api/testing/client';
import type { DictionaryDocument } from '../store';
import { versionsCommand, type VersionsIo } from './command';
import { keepVersions } from './keep';
import { openVersionsBackend } from './open';
import { contentOf } from './version-records';
import { applyRestore, planSiteRestore, type RestoreRefused } from './restore';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let bundled: string;
let dir: string;
let api: RunningLocalApi;
let client: ApiClient;
let env: Record<string, string>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-versions-wire-'));
  bundled = path.join(dir, 'bundled.ndjson');
  await importLocales(new LocalStore(bundled), { from: 'locales', dryRun: false });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

beforeEach(async () => {
  const storeFile = path.join(await mkdtemp(path.join(dir, 'run-')), 'production.ndjson');
  await copyFile(bundled, storeFile);
  api = await startLocalApi({ storeFile, log: () => undefined });
  // What NODE_EXTRA_CA_CERTS does for the spawned command: trust the API's certificate.
  setDefaultCACertificates([...getCACertificates('default'), api.certificate]);
  client = new ApiClient(api.url, api.token);
  env = {
    SANITY_PROJECT_ID: api.projectId,
    SANITY_DATASET: api.dataset,
    SANITY_API_TOKEN: api.token,
    SANITY_API_HOST: api.url,
  };
  return async () => {
    client.close();
    await api.close();
  };
});

/** Runs a command with stdin a closed pipe (not a terminal). */
function run(command: string, args: string[], environment: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { env: environment, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end();
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const backend = () => openVersionsBackend(readContentSettings(env, 'read'), 'test');

async function served(id: string): Promise<DictionaryDocument> {
  return (await client.get(`/data/doc/production/${id}`)).json.documents[0];
}

/** Edits and publishes through the API as the Studio does, then keeps it as the site does. */
async function publishAndKeep(id: string, set: Record<string, string>, liveAt: string) {
  const before = await served(id);
  const draftId = `drafts.${id}`;
  const answer = await client.post('/data/actions/production', {
    actions: [
      { actionType: 'sanity.action.document.edit', draftId, publishedId: id, patch: { set } },
      { actionType: 'sanity.action.document.publish', draftId, publishedId: id },
    ],
  });
  expect(answer.status, answer.text).toBe(200);
  const namespace = id.replace('dictionary-', '') as 'hero';
  await keepVersions(backend(), [
    { namespace, document: before, liveAt: '2026-01-01T00:00:00.000Z', publishedBy: null },
    { namespace, document: await served(id), liveAt, publishedBy: 'p-editor' },
  ]);
}

function io(answer = true): VersionsIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    env,
    out,
    err,
    log: (text) => out.push(text),
    error: (text) => err.push(text),
    confirm: async (question) => {
      out.push(`? ${question}`);
      return answer;
    },
  };
}

const titleDe = async () =>
  ((await served('dictionary-hero')).title as { main: { de: string } }).main.de;

describe('npm run versions against a Sanity-compatible API', () => {
  it('lists the kept versions and compares one with the published texts', async () => {
    const original = await titleDe();
    await publishAndKeep(
      'dictionary-hero',
      { 'title.main.de': 'Falsch' },
      '2026-02-01T10:00:00.000Z',
    );

    const listing = io();
    expect(await versionsCommand(['list', 'hero'], listing)).toBe(0);
    const text = listing.out.join('\n');
    expect(text).toContain(`content store: sanity (project local, dataset production)`);
    expect(text).toContain('Hero (hero): 2 kept version(s), newest first');
    expect(text).toMatch(/1\s+2026-02-01T10:00:00\.000Z\s+\S+\s+p-editor\s+published now/);
    expect(text).toMatch(/2\s+2026-01-01T00:00:00\.000Z/);

    const diff = io();
    expect(await versionsCommand(['diff', 'hero', '2'], diff)).toBe(0);
    expect(diff.out).toContain(`  de  title.main: "Falsch" → ${JSON.stringify(original)}`);
    expect(diff.out).toContain('Restore it with: npm run versions -- restore hero 2');
  });

  it('restores a version after the confirmation, and nothing when it is declined', async () => {
    const original = await titleDe();
    await publishAndKeep(
      'dictionary-hero',
      { 'title.main.de': 'Falsch' },
      '2026-02-01T10:00:00.000Z',
    );
    const [kept] = await backend().get([(await backend().list('hero'))[1]!._id]);

    const declined = io(false);
    expect(await versionsCommand(['restore', 'hero', '2'], declined)).toBe(0);
    expect(declined.out).toContain(
      '? Restore Hero to version #2? It is published at once and goes live within seconds. [y/N] ',
    );
    expect(declined.out.at(-1)).toBe('Nothing was changed.');
    expect(await titleDe()).toBe('Falsch');

    const accepted = io(true);
    expect(await versionsCommand(['restore', 'hero', '2'], accepted)).toBe(0);
    expect(accepted.out).toContain('restored: hero (1 text(s)); published as one transaction.');
    expect(accepted.out.at(-1)).toMatch(/Sanity's publish webhook takes it to the site/);
    const restored = await served('dictionary-hero');
    expect(restored.title).toMatchObject({ main: { de: original } });
    expect(contentOf(restored)).toEqual(kept!.content);

    // The site keeps the restore as a version of its own; the list says what it repeats.
    await keepVersions(backend(), [
      {
        namespace: 'hero',
        document: restored,
        liveAt: '2026-02-01T11:00:00.000Z',
        publishedBy: null,
      },
    ]);
    const listing = io();
    await versionsCommand(['list', 'hero'], listing);
    expect(listing.out.join('\n')).toMatch(/^1 .* published now; same texts as #3$/m);
  });

  it('refuses a version that does not exist and a time before the first kept one, changing nothing', async () => {
    await publishAndKeep(
      'dictionary-hero',
      { 'title.main.de': 'Falsch' },
      '2026-02-01T10:00:00.000Z',
    );
    const before = await served('dictionary-hero');
    const missing = io();
    expect(await versionsCommand(['restore', 'hero', '9'], missing)).toBe(1);
    expect(missing.err).toEqual([
      'Hero has no kept version "9". npm run versions -- list hero shows the kept ones (use the number or the revision).',
    ]);
    const early = io();
    expect(await versionsCommand(['restore-site', '--at', '2025-12-31T00:00:00Z'], early)).toBe(1);
    expect(early.err[0]).toMatch(
      /^2025-12-31T00:00:00\.000Z is before the first kept version of Hero .* Choose a time after 2026-01-01T00:00:00\.000Z\.$/,
    );
    expect(await served('dictionary-hero')).toEqual(before);
  });

  it('restores the whole site to a time in one transaction, or refuses it whole', async () => {
    await publishAndKeep(
      'dictionary-hero',
      { 'title.main.de': 'Hero neu' },
      '2026-02-01T10:00:00.000Z',
    );
    await publishAndKeep('dictionary-faq', { 'title.de': 'FAQ neu' }, '2026-02-01T11:00:00.000Z');
    await publishAndKeep(
      'dictionary-about',
      { 'hero.title.de': 'About neu' },
      '2026-02-01T12:00:00.000Z',
    );
    const at = '2026-01-15T00:00:00Z';

    // Someone starts editing the FAQ: the whole restore is refused, nothing changes.
    await client.post('/data/actions/production', {
      actions: [
        {
          actionType: 'sanity.action.document.edit',
          draftId: 'drafts.dictionary-faq',
          publishedId: 'dictionary-faq',
          patch: { set: { 'title.en': 'Being edited' } },
        },
      ],
    });
    const refused = io();
    expect(await versionsCommand(['restore-site', '--at', at], refused)).toBe(1);
    expect(refused.err[0]).toMatch(
      /^FAQ section has unpublished changes \(a draft\): someone is editing\./,
    );
    expect(await titleDe()).toBe('Hero neu');
    await client.post('/data/actions/production', {
      actions: [{ actionType: 'sanity.action.document.discard', draftId: 'drafts.dictionary-faq' }],
    });

    const done = io();
    expect(await versionsCommand(['restore-site', '--at', at, '--yes'], done)).toBe(0);
    expect(done.out).toContain(
      'The site as it was at 2026-01-15T00:00:00.000Z: 3 dictionary(ies) change.',
    );
    expect(done.out).toContain(
      'restored: hero (1 text(s)), faq (1 text(s)), about (1 text(s)); published as one transaction.',
    );
    expect(await titleDe()).not.toBe('Hero neu');
    expect(((await served('dictionary-faq')).title as { de: string }).de).not.toBe('FAQ neu');
    // One transaction: the three documents share its revision.
    const revisions = new Set(
      await Promise.all(
        ['dictionary-hero', 'dictionary-faq', 'dictionary-about'].map(
          async (id) => (await served(id))._rev,
        ),
      ),
    );
    expect(revisions.size).toBe(1);
  });

  it('refuses a plan when a dictionary was published after it was made', async () => {
    await publishAndKeep(
      'dictionary-hero',
      { 'title.main.de': 'Hero neu' },
      '2026-02-01T10:00:00.000Z',
    );
    const plan = await planSiteRestore(backend(), new Date('2026-01-15T00:00:00Z'));
    await publishAndKeep(
      'dictionary-hero',
      { 'title.main.de': 'Noch neuer' },
      '2026-02-02T10:00:00.000Z',
    );
    const error = await applyRestore(backend(), plan).catch((caught: unknown) => caught);
    expect((error as RestoreRefused).refusal).toEqual({
      reason: 'changed-meanwhile',
      namespaces: ['hero'],
    });
    expect(await titleDe()).toBe('Noch neuer');
  });

  it('says which setting is missing without a token', async () => {
    const withoutToken = io();
    const { SANITY_API_TOKEN: _token, ...rest } = env;
    expect(await versionsCommand(['list', 'hero'], { ...withoutToken, env: rest })).toBe(1);
    expect(withoutToken.err).toEqual([
      'Configuration error: Keeping and restoring versions in a Sanity project needs SANITY_API_TOKEN: a token with write access (Editor), server-side only. See docs/versions.md.',
    ]);
  });

  it('as a command, proceeds without asking when stdin is not a terminal', async () => {
    await publishAndKeep(
      'dictionary-hero',
      { 'title.main.de': 'Falsch' },
      '2026-02-01T10:00:00.000Z',
    );
    const certificate = path.join(dir, 'api-cert.pem');
    await writeFile(certificate, api.certificate);
    // Not spawnSync: the API answering it runs in this process.
    const result = await run('npm', ['run', '-s', 'versions', '--', 'restore', 'hero', '2'], {
      ...process.env,
      ...env,
      NODE_EXTRA_CA_CERTS: certificate,
      NO_COLOR: '1',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('restored: hero (1 text(s)); published as one transaction.');
    expect(await titleDe()).not.toBe('Falsch');
  });
});
