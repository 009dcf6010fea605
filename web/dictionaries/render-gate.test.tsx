/**
 * The content gate renders what it lets through: with the site's render check, a version
 * that would not render is held back exactly like one that fails validation, and the page
 * keeps the last good copy; so is one that drops an item in one language only
 * (web/render/dropped-items.ts). The renderer is broken on purpose for one character (U+2603),
 * since every text the rules accept renders (web/render/every-text-renders.test.tsx).
 */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentGate } from '@/content/gate';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { Snapshot } from '@/content/snapshot';
import { makeTempProject, type TempProject } from '@/content/testing/temp-project';
import { SITE_PAGES } from '@/schemas/site';
import { ContentError, describeProblem } from '@/schemas/problems';
import type { LoadDictionary } from '../site/page-source';
import { servedVersions, siteRenderCheck, type RenderTree } from '../render/render-check';
import { SitePageView } from '../render/site-page';
import { renderHtml } from '../site/testing/render-html';

// A marker package that throws outside Next's server bundles; it has no behaviour to keep.
vi.mock('server-only', () => ({}));

const BREAKS = '\u2603';
const brokenRenderer: RenderTree = async (tree) => {
  if ((await renderHtml(tree)).includes(BREAKS)) throw new Error('broken on purpose for U+2603');
};

let project: TempProject;
let store: LocalStore;
let snapshot: Snapshot;
let logged: string[];

beforeEach(async () => {
  project = await makeTempProject();
  store = new LocalStore(project.storeFile);
  await importLocales(store, { from: project.locales, dryRun: false });
  snapshot = new Snapshot(path.join(project.dir, 'snapshot'));
  logged = [];
});
afterEach(() => project.cleanup());

const siteGate = (failOnProblems = false) =>
  new ContentGate({
    store,
    snapshot,
    failOnProblems,
    log: (line) => logged.push(line),
    renderCheck: siteRenderCheck({
      served: servedVersions(store, snapshot),
      renderTree: brokenRenderer,
    }),
  });

async function setGermanHeroTitle(title: string) {
  const docs = await store.readAll();
  const hero = docs.find((doc) => doc._id === 'dictionary-hero')!;
  (hero.title as { main: { de: string } }).main.de = title;
  await store.commit([hero]);
}

/** The German home page as the site renders it: the hero as the gate serves it. */
async function germanHomePage(gate: ContentGate): Promise<string> {
  const served = servedVersions(store, snapshot);
  const load: LoadDictionary = async (language, namespace) =>
    namespace === 'hero'
      ? (await gate.read(namespace)).languages[language]
      : (await served(namespace))![language];
  const home = SITE_PAGES.find((page) => page.slug === '')!;
  return renderHtml(
    <SitePageView language="de" page={home} source={{ body: load, head: load, preview: null }} />,
  );
}

describe('the gate with the site render check', () => {
  it('holds back a version that would not render, names page and language, serves the last good copy', async () => {
    const gate = siteGate();
    const good = await gate.read('hero');
    expect(good.state).toBe('live');
    const goodTitle = good.languages.de.title.main;

    await setGermanHeroTitle(`Spiele ${BREAKS} mit Haltung`);
    const refused = await gate.refresh('hero');
    expect(refused.state).toBe('held-back');
    expect(refused.languages).toEqual(good.languages);
    expect(refused.problems.map(describeProblem)).toEqual([
      'dictionary-hero (de): page / does not render with it (Error: broken on purpose for U+2603)',
    ]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/held back dictionary-hero .*page \/ does not render/);
    expect((await snapshot.read('hero'))?.heldBack?.problems).toEqual(refused.problems);

    const page = await germanHomePage(gate);
    expect(page).toContain(goodTitle);
    expect(page).not.toContain(BREAKS);
  });

  it('holds back a title with invisible characters this copy never needs, naming them', async () => {
    const gate = siteGate();
    await gate.read('hero');
    await setGermanHeroTitle('Spiele\u200b mit\u2060 Haltung\ufeff \u202eðlıẞ\u2066 😀');
    const result = await gate.refresh('hero');
    expect(result.state).toBe('held-back');
    expect(result.problems.map(describeProblem)).toEqual([
      'dictionary-hero (de) → title.main: contains invisible characters this copy never needs (U+200B zero-width space at character 7, U+2060 word joiner at character 12, U+FEFF zero-width no-break space (byte-order mark) at character 21, U+202E right-to-left override at character 23, U+2066 left-to-right isolate at character 28); remove them',
    ]);
  });

  it('lets a title with invisible characters that have a use through, and the page shows it', async () => {
    const gate = siteGate();
    await gate.read('hero');
    // A soft hyphen inside a word, a no-break space, an emoji sequence, right-to-left letters.
    const title = 'Spiele mit Hal\u00adtung\u00a0😀 👩\u200d💻 ðlıẞ שלום';
    await setGermanHeroTitle(title);
    const result = await gate.refresh('hero');
    expect(result.problems).toEqual([]);
    expect(result.state).toBe('live');
    expect(await germanHomePage(gate)).toContain(title);
  });

  it('holds back a job opening shown in German and Turkish but dropped in English', async () => {
    const gate = siteGate();
    await gate.read('contributions');
    const docs = await store.readAll();
    const page = docs.find((doc) => doc._id === 'dictionary-contributions')!;
    (page.openings as { positions: { title: { en: string } }[] }).positions[0]!.title.en = '';
    await store.commit([page]);
    const result = await gate.refresh('contributions');
    expect(result.state).toBe('held-back');
    expect(result.problems.map(describeProblem)).toEqual([
      'dictionary-contributions (en) → openings.positions[0]: the item is shown in German and Turkish but dropped in English, where a text it needs is empty',
    ]);
  });

  it('fails a build on copy that would not render', async () => {
    await setGermanHeroTitle(`Spiele ${BREAKS}`);
    const read = siteGate(true).read('hero');
    await expect(read).rejects.toThrow(ContentError);
    await expect(read).rejects.toThrow(/dictionary-hero \(de\): page \/ does not render/);
  });
});
