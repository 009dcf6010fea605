/**
 * The release check without a server: a release read in its own perspective, validated and
 * rendered with the site's render check, nothing recorded; English changed without German or
 * Turkish blocks it unless waived. The route's refusals are the webhook's (401, 400) and 404
 * for a release that changes no dictionary.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { versionId } from '@/content/perspective';
import { makeTempProject, type TempProject } from '@/content/testing/temp-project';
import { sendPublishWebhook } from '@/content/webhook';
import type { DictionaryDocument } from '@/content/store';
import { LANGUAGES } from '@/schemas/languages';
import { renderHtml } from '../site/testing/render-html';

// A marker package that throws outside Next's server bundles; it has no behaviour to keep.
vi.mock('server-only', () => ({}));

const SECRET = 'release-check-test-secret';
const BREAKS = '\u2603';
let project: TempProject;
let store: LocalStore;
let handleReleaseCheck: (request: Request) => Promise<Response>;

beforeAll(async () => {
  project = await makeTempProject();
  store = new LocalStore(project.storeFile);
  await importLocales(store, { from: project.locales, dryRun: false });
  vi.stubEnv('CONTENT_STORE_FILE', project.storeFile);
  vi.stubEnv('SANITY_REVALIDATE_SECRET', SECRET);
  vi.stubEnv('NEXT_DIST_DIR', path.join(project.dir, '.next'));
  // The site's check with a renderer that works outside Next's server bundles, broken on
  // purpose for one character (U+2603), as in web/dictionaries/render-gate.test.tsx.
  const { handSiteRenderCheck } = await import('../render/render-check');
  handSiteRenderCheck(async (tree) => {
    if ((await renderHtml(tree)).includes(BREAKS)) throw new Error('broken on purpose for U+2603');
  });
  ({ handleReleaseCheck } = await import('./release-check'));
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await project.cleanup();
});

/** Puts `change` of the published `id` into `release` as its version. */
async function inRelease(release: string, id: string, change: (doc: DictionaryDocument) => void) {
  const doc = structuredClone((await store.readAll()).find((candidate) => candidate._id === id)!);
  change(doc);
  await store.commit([{ ...doc, _id: versionId(release, id) }]);
}

async function check(body: unknown, secret = SECRET) {
  const response = await sendPublishWebhook(
    'http://localhost/api/release-check',
    JSON.stringify(body),
    secret,
    { via: handleReleaseCheck },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// Stored documents are untyped JSON; the edits reach into known fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Stored = Record<string, any>;

describe('POST /api/release-check', { timeout: 60_000 }, () => {
  it('is ready for a release that changes two dictionaries in every language, and records nothing', async () => {
    const before = await store.readAll();
    await inRelease('launch', 'dictionary-hero', (doc: Stored) => {
      for (const language of LANGUAGES) doc.title.main[language] = `Neu ${language} Titel`;
    });
    await inRelease('launch', 'dictionary-footer', (doc: Stored) => {
      for (const language of LANGUAGES) doc.brand.tagline[language] = `Neu ${language} Zeile`;
    });
    expect(await check({ release: 'launch' })).toEqual({
      status: 200,
      body: { status: 'ready', release: 'launch', problems: [], outdated: [] },
    });
    const after = await store.readAll();
    expect(after.filter((doc) => !doc._id.startsWith('versions.'))).toEqual(before);
  });

  it('blocks English changed without German and Turkish, unless waived', async () => {
    await inRelease('english', 'dictionary-footer', (doc: Stored) => {
      doc.brand.tagline.en = 'Only English changed';
    });
    const outdated = ['de', 'tr'].map((language) => ({
      document: 'dictionary-footer',
      language,
      path: 'brand.tagline',
    }));
    expect(await check({ release: 'english' })).toMatchObject({
      status: 200,
      body: { status: 'blocked', problems: [], outdated },
    });
    expect(await check({ release: 'english', waiveOutdated: true })).toMatchObject({
      status: 200,
      body: { status: 'ready', problems: [], outdated },
    });
  });

  it('blocks a version that fails the gate, and renders each version beside the others of the release', async () => {
    await inRelease('broken', 'dictionary-hero', (doc: Stored) => {
      for (const language of LANGUAGES) doc.title.main[language] = `Neu ${language}`;
    });
    await inRelease('broken', 'dictionary-footer', (doc: Stored) => {
      doc.copyrightTemplate.de = '© {brand}. Ohne Jahr.';
    });
    const invalid = await check({ release: 'broken' });
    expect(invalid.body.status).toBe('blocked');
    expect(invalid.body.problems).toContainEqual(
      expect.objectContaining({
        document: 'dictionary-footer',
        language: 'de',
        path: 'copyrightTemplate',
      }),
    );
    // A footer that does not render: the hero of the release, on the same pages, fails beside it.
    await inRelease('unrendered', 'dictionary-hero', (doc: Stored) => {
      for (const language of LANGUAGES) doc.title.main[language] = `Neu ${language}`;
    });
    await inRelease('unrendered', 'dictionary-footer', (doc: Stored) => {
      doc.brand.tagline.de = `Zeile ${BREAKS}`;
    });
    const unrendered = (await check({ release: 'unrendered' })).body;
    expect(unrendered.status).toBe('blocked');
    const named = new Set((unrendered.problems as { document: string }[]).map((p) => p.document));
    expect([...named].sort()).toEqual(['dictionary-footer', 'dictionary-hero']);
  });

  it('answers 404 for a release that changes no dictionary, 400 for a bad body, 401 unsigned', async () => {
    expect(await check({ release: 'nothing' })).toMatchObject({
      status: 404,
      body: { status: 'not-found', release: 'nothing' },
    });
    expect(await check({ release: '../x' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('release') },
    });
    expect(await check({ release: 'launch', waiveOutdated: 'yes' })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('waiveOutdated') },
    });
    expect(await check({ release: 'launch' }, 'another-secret')).toMatchObject({ status: 401 });
  });
});
