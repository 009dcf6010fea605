/**
 * Published versions on the embedded store: what the site keeps when a version goes live,
 * and restoring one dictionary or the whole site, with every refusal leaving the dataset
 * file exactly as it was.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import type { DictionaryDocument } from '@/content/store';
import { documentId, type Namespace } from '@/schemas';
import { compareWithLive } from './compare';
import { keepVersions } from './keep';
import { LocalVersions, versionsFileOf } from './local-versions';
import {
  contentOf,
  publisherOf,
  releasePublisher,
  releasesLive,
  VERSIONS_KEPT,
  type VersionSummary,
} from './version-records';
import {
  applyRestore,
  liveVersionsOf,
  planRestore,
  planSiteRestore,
  planVersionsRestore,
  RestoreRefused,
  type Refusal,
} from './restore';

let bundled: string;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-versions-bundled-'));
  bundled = path.join(dir, 'production.ndjson');
  await importLocales(new LocalStore(bundled), { from: 'locales', dryRun: false });
});

let dir: string;
let store: LocalStore;
let versions: LocalVersions;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-versions-'));
  const file = path.join(dir, 'production.ndjson');
  await copyFile(bundled, file);
  store = new LocalStore(file);
  versions = new LocalVersions(store, 'versions test');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function published(namespace: Namespace): Promise<DictionaryDocument> {
  const [doc] = await store.fetchDictionaries([namespace]);
  return doc!;
}

/** Publishes an edit as the local API would (a new `_rev`) and keeps it as the site does. */
async function publishAndKeep(
  namespace: Namespace,
  edit: (doc: Record<string, any>) => void, // eslint-disable-line @typescript-eslint/no-explicit-any
  liveAt: string,
): Promise<DictionaryDocument> {
  const before = await published(namespace);
  const after = structuredClone(before);
  edit(after);
  after._rev = `rev${Math.random().toString(36).slice(2, 10)}`;
  await store.commit([after]);
  await keepVersions(versions, [
    { namespace, document: before, liveAt: '2026-01-01T00:00:00.000Z', publishedBy: null },
    { namespace, document: after, liveAt, publishedBy: 'editor-1' },
  ]);
  return after;
}

async function refusal(promise: Promise<unknown>): Promise<Refusal> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RestoreRefused);
  return (error as RestoreRefused).refusal;
}

/** Both files of the store: the dataset and the versions kept beside it. */
const file = async () =>
  `${await readFile(store.file, 'utf8')}${await readFile(versionsFileOf(store.file), 'utf8').catch(() => '')}`;
const titleDe = async () => ((await published('hero')).title as { main: { de: string } }).main.de;

describe('keeping the versions that went live', () => {
  it('keeps the new version and the one it replaced, with time, revision and publisher', async () => {
    const before = await published('hero');
    const after = await publishAndKeep(
      'hero',
      (doc) => (doc.title.main.de = 'Spiele mit Herz,'),
      '2026-02-01T10:00:00.000Z',
    );
    const kept = await versions.list('hero');
    expect(kept).toHaveLength(2);
    expect(kept[0]).toMatchObject({
      _id: `publishedVersion.hero.${String(after._rev)}`,
      revision: after._rev,
      liveAt: '2026-02-01T10:00:00.000Z',
      publishedBy: 'editor-1',
    });
    // The import wrote no revision: the replaced version is named by its content.
    expect(kept[1]).toMatchObject({ liveAt: '2026-01-01T00:00:00.000Z', publishedBy: null });
    expect(kept[1]!.revision).toMatch(/^c-[0-9a-f]{16}$/);
    const [full] = await versions.get([kept[1]!._id]);
    expect(full!.content).toEqual(contentOf(before));
  });

  it('writes a version once, however many site instances keep it', async () => {
    const after = await publishAndKeep(
      'hero',
      (doc) => (doc.title.main.de = 'Eins'),
      '2026-02-01T10:00:00.000Z',
    );
    const written = await file();
    // A second instance received the same webhook a moment later.
    await keepVersions(versions, [
      { namespace: 'hero', document: after, liveAt: '2026-02-01T10:00:01.000Z', publishedBy: null },
    ]);
    expect(await file()).toBe(written);
    expect((await versions.list('hero'))[0]!.liveAt).toBe('2026-02-01T10:00:00.000Z');
  });

  it(`keeps the newest ${VERSIONS_KEPT} of each dictionary`, async () => {
    const base = await published('hero');
    for (let index = 0; index < VERSIONS_KEPT + 5; index += 1) {
      const doc = structuredClone(base);
      (doc.title as { main: { de: string } }).main.de = `Fassung ${index}`;
      doc._rev = `r${index}`;
      await keepVersions(versions, [
        {
          namespace: 'hero',
          document: doc,
          liveAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
          publishedBy: null,
        },
      ]);
    }
    const kept = await versions.list('hero');
    expect(kept).toHaveLength(VERSIONS_KEPT);
    expect(kept[0]!.revision).toBe(`r${VERSIONS_KEPT + 4}`);
    expect(kept.at(-1)!.revision).toBe('r5');
  });
});

describe('restoring one dictionary', () => {
  it('makes the version the published document, with a new revision, and refuses what is already there', async () => {
    const original = await titleDe();
    await publishAndKeep(
      'hero',
      (doc) => (doc.title.main.de = 'Falsch'),
      '2026-02-01T10:00:00.000Z',
    );
    const plan = await planRestore(versions, 'hero', '2');
    expect(plan.items[0]!.comparison.de.filter((row) => row.changed)).toEqual([
      { path: 'title.main', version: original, live: 'Falsch', changed: true },
    ]);
    const revisionBefore = (await published('hero'))._rev;
    await applyRestore(versions, plan);

    const restored = await published('hero');
    expect(contentOf(restored)).toEqual(plan.items[0]!.version.content);
    expect(restored._rev).not.toBe(revisionBefore);
    expect(await refusal(planRestore(versions, 'hero', '2'))).toEqual({
      reason: 'unchanged',
      namespace: 'hero',
    });
  });

  it('refuses a version that does not exist, saying how to list them', async () => {
    await publishAndKeep('hero', (doc) => (doc.title.main.de = 'X'), '2026-02-01T10:00:00.000Z');
    const error = await planRestore(versions, 'hero', '7').catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      /Hero has no kept version "7"\. npm run versions -- list hero shows the kept ones/,
    );
    expect(await refusal(planRestore(versions, 'faq', '1'))).toEqual({
      reason: 'no-versions',
      namespace: 'faq',
    });
  });

  it('refuses while someone edits the dictionary (a draft exists), changing nothing', async () => {
    await publishAndKeep('hero', (doc) => (doc.title.main.de = 'X'), '2026-02-01T10:00:00.000Z');
    const draft = { ...(await published('hero')), _id: `drafts.${documentId('hero')}` };
    await store.commit([draft]);
    const before = await file();
    const refused = await refusal(planRestore(versions, 'hero', '2'));
    expect(refused).toEqual({ reason: 'draft', namespaces: ['hero'] });
    expect(new RestoreRefused(refused).message).toMatch(
      /Hero has unpublished changes \(a draft\): someone is editing\. Publish or discard the draft in the Studio first, then restore/,
    );
    expect(await file()).toBe(before);
  });

  it('refuses a version that no longer passes today’s validation, with the reasons', async () => {
    // A version kept before a rule was added: its German title lacks a placeholder English has.
    await publishAndKeep(
      'footer',
      (doc) => (doc.copyrightTemplate.de = '© {brand}. Alle Rechte vorbehalten.'),
      '2026-02-01T10:00:00.000Z',
    );
    await publishAndKeep(
      'footer',
      (doc) => (doc.copyrightTemplate.de = '© {year} {brand}. Alle Rechte vorbehalten.'),
      '2026-02-02T10:00:00.000Z',
    );
    const before = await file();
    expect(await refusal(planRestore(versions, 'footer', '2'))).toEqual({
      reason: 'invalid',
      problems: [
        'dictionary-footer (de) → copyrightTemplate: placeholders differ from English: lacks {year}',
      ],
    });
    expect(await file()).toBe(before);
  });
});

describe('restoring the site to a time', () => {
  beforeEach(async () => {
    await publishAndKeep(
      'hero',
      (doc) => (doc.title.main.de = 'Hero 1'),
      '2026-02-01T10:00:00.000Z',
    );
    await publishAndKeep('faq', (doc) => (doc.title.de = 'FAQ 1'), '2026-02-01T11:00:00.000Z');
    await publishAndKeep(
      'hero',
      (doc) => (doc.title.main.de = 'Hero 2'),
      '2026-02-02T10:00:00.000Z',
    );
    await publishAndKeep('faq', (doc) => (doc.title.de = 'FAQ 2'), '2026-02-02T11:00:00.000Z');
    await publishAndKeep(
      'about',
      (doc) => (doc.hero.title.de = 'About 2'),
      '2026-02-02T12:00:00.000Z',
    );
  });

  it('puts every dictionary that changed since then back to the version live at that moment', async () => {
    const plan = await planSiteRestore(versions, new Date('2026-02-01T12:00:00Z'));
    expect(plan.items.map((item) => [item.namespace, item.version.liveAt])).toEqual([
      ['hero', '2026-02-01T10:00:00.000Z'],
      ['faq', '2026-02-01T11:00:00.000Z'],
      ['about', '2026-01-01T00:00:00.000Z'],
    ]);
    await applyRestore(versions, plan);
    expect(await titleDe()).toBe('Hero 1');
    expect(((await published('faq')).title as { de: string }).de).toBe('FAQ 1');
    const about = await published('about');
    expect(contentOf(about)).toEqual(plan.items[2]!.version.content);
  });

  it('changes none of them when one cannot be restored (all or nothing)', async () => {
    await store.commit([{ ...(await published('faq')), _id: `drafts.${documentId('faq')}` }]);
    const before = await file();
    expect(await refusal(planSiteRestore(versions, new Date('2026-02-01T12:00:00Z')))).toEqual({
      reason: 'draft',
      namespaces: ['faq'],
    });
    expect(await file()).toBe(before);
  });

  it('refuses a plan when a dictionary was published after it was made, changing nothing', async () => {
    const plan = await planSiteRestore(versions, new Date('2026-02-01T12:00:00Z'));
    await publishAndKeep(
      'about',
      (doc) => (doc.hero.title.de = 'About 3'),
      '2026-02-03T10:00:00.000Z',
    );
    const before = await file();
    expect(await refusal(applyRestore(versions, plan))).toEqual({
      reason: 'changed-meanwhile',
      namespaces: ['about'],
    });
    expect(await file()).toBe(before);
  });

  it('is undone by putting back, together, the versions live before it', async () => {
    const plan = await planSiteRestore(versions, new Date('2026-02-01T12:00:00Z'));
    const before = await liveVersionsOf(versions, plan);
    expect(before?.map((version) => [version.namespace, version.liveAt])).toEqual([
      ['hero', '2026-02-02T10:00:00.000Z'],
      ['faq', '2026-02-02T11:00:00.000Z'],
      ['about', '2026-02-02T12:00:00.000Z'],
    ]);
    await applyRestore(versions, plan);
    expect(await titleDe()).toBe('Hero 1');
    const undo = await planVersionsRestore(versions, before!);
    expect(undo.items.map((item) => item.namespace)).toEqual(['hero', 'faq', 'about']);
    await applyRestore(versions, undo);
    expect(await titleDe()).toBe('Hero 2');
    expect(((await published('faq')).title as { de: string }).de).toBe('FAQ 2');
    expect(((await published('about')).hero as { title: { de: string } }).title.de).toBe('About 2');
    // Undone already: a second undo has nothing to change.
    expect(await refusal(planVersionsRestore(versions, before!))).toEqual({
      reason: 'unchanged',
      namespace: null,
    });
  });

  it('refuses a time in the future, saying so instead of "nothing to restore"', async () => {
    const now = new Date('2026-02-02T13:00:00Z');
    const refused = await refusal(planSiteRestore(versions, new Date('2026-02-03T09:00:00Z'), now));
    expect(refused).toEqual({
      reason: 'future',
      at: '2026-02-03T09:00:00.000Z',
      now: '2026-02-02T13:00:00.000Z',
    });
    expect(new RestoreRefused(refused).message).toMatch(/is in the future.*Choose an earlier time/);
  });

  it('refuses a time before the first kept version, naming it', async () => {
    const refused = await refusal(planSiteRestore(versions, new Date('2025-06-01T00:00:00Z')));
    expect(refused.reason).toBe('before-first');
    expect(new RestoreRefused(refused).message).toMatch(
      /2025-06-01T00:00:00\.000Z is before the first kept version of Hero, .*Choose a time after 2026-01-01T00:00:00\.000Z/,
    );
  });
});

describe('the releases that put versions live', () => {
  const summary = (namespace: Namespace, liveAt: string, publishedBy: string | null) =>
    ({ _id: `${namespace}-${liveAt}`, namespace, liveAt, publishedBy }) as VersionSummary;

  it('reads back the release the local API names as the publisher, and only that', () => {
    expect(publisherOf(releasePublisher('editor-1', 'rLaunch'))).toEqual({
      author: 'editor-1',
      release: 'rLaunch',
    });
    expect(publisherOf('p1a2b3c4')).toEqual({ author: 'p1a2b3c4' });
    expect(publisherOf('npm run versions (ada)')).toEqual({ author: 'npm run versions (ada)' });
  });

  it('groups the versions of each release, newest release first, from its first one live', () => {
    const launch = releasePublisher('editor-1', 'rLaunch');
    const sale = releasePublisher('editor-2', 'rSale');
    const releases = releasesLive([
      summary('hero', '2026-03-01T10:00:00.050Z', sale),
      summary('footer', '2026-02-01T10:00:00.020Z', launch),
      summary('about', '2026-02-01T11:00:00.000Z', 'editor-1'),
      summary('hero', '2026-02-01T10:00:00.010Z', launch),
      summary('faq', '2026-01-01T00:00:00.000Z', null),
    ]);
    expect(
      releases.map(({ release, liveAt, versions }) => [
        release,
        liveAt,
        versions.map((version) => version.namespace),
      ]),
    ).toEqual([
      ['rSale', '2026-03-01T10:00:00.050Z', ['hero']],
      ['rLaunch', '2026-02-01T10:00:00.010Z', ['footer', 'hero']],
    ]);
  });
});

describe('comparing a version with the live texts', () => {
  it('lists every text per language and marks the ones that differ', async () => {
    const live = contentOf(await published('hero'));
    const version = structuredClone(live) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    version.title.main.de = 'Anders';
    delete version.title.main.tr;
    const comparison = compareWithLive('hero', version, live);
    expect(comparison.en.every((row) => !row.changed)).toBe(true);
    expect(comparison.de.filter((row) => row.changed).map((row) => row.path)).toEqual([
      'title.main',
    ]);
    expect(comparison.tr.find((row) => row.path === 'title.main')).toMatchObject({
      version: undefined,
      changed: true,
    });
  });
});
