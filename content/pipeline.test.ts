import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NAMESPACES } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { ContentError } from '@/schemas/problems';
import { exportLocales } from './export-locales';
import { importLocales } from './import-locales';
import { LocalStore } from './local-store';
import { makeTempProject, type TempProject } from './testing/temp-project';
import { snapshotFolder } from '@/testing/folder-snapshot';

let project: TempProject;
let store: LocalStore;

beforeEach(async () => {
  project = await makeTempProject();
  store = new LocalStore(project.storeFile);
});
afterEach(() => project.cleanup());

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}

async function messageOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContentError);
  return (error as ContentError).message;
}

describe('import then export', () => {
  it('round-trips every bundled dictionary without loss', async () => {
    await importLocales(store, { from: project.locales, dryRun: false });
    await exportLocales(store, { out: project.out, strict: true });
    for (const lang of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        const published = await readJson(path.join(project.out, lang, `${namespace}.json`));
        const input = await readJson(path.join(project.locales, lang, `${namespace}.json`));
        expect(published, `${lang}/${namespace}`).toEqual(input);
      }
    }
  });

  it('writes a Sanity-format dataset: one document per line with _id, _type and _key in arrays', async () => {
    await importLocales(store, { from: project.locales, dryRun: false });
    const lines = (await readFile(project.storeFile, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(NAMESPACES.length);
    const hero = lines.map((l) => JSON.parse(l)).find((d) => d._id === 'dictionary-hero');
    expect(hero._type).toBe('heroDictionary');
    expect(hero.stats[0]).toMatchObject({ _type: 'stat', _key: 'item0' });
    expect(Object.keys(hero.title.main)).toEqual(['_type', 'en', 'de', 'tr', 'translatedFrom']);
    // Imported together, each translation is of the English beside it.
    expect(hero.title.main.translatedFrom).toEqual({
      de: hero.title.main.en,
      tr: hero.title.main.en,
    });
  });

  it('reports 0 changes and leaves the store byte-identical on a second run', async () => {
    const first = await importLocales(store, { from: project.locales, dryRun: false });
    expect(first.written).toBe(NAMESPACES.length);
    const bytes = await readFile(project.storeFile);
    const second = await importLocales(store, { from: project.locales, dryRun: false });
    expect(second.written).toBe(0);
    for (const ns of second.namespaces) {
      expect(ns.changed).toBe(false);
      for (const lang of LANGUAGES)
        expect(ns.languages[lang].changes).toEqual({ added: 0, changed: 0, removed: 0 });
    }
    expect(await readFile(project.storeFile)).toEqual(bytes);
  });

  it('a dry run reports what would change and writes nothing', async () => {
    await importLocales(store, { from: project.locales, dryRun: false });
    const bytes = await readFile(project.storeFile);
    await project.edit('de', 'hero', (json) => {
      (json.title as Record<string, string>).main = 'Neuer Titel';
      delete json.subtitle;
    });
    const result = await importLocales(store, { from: project.locales, dryRun: true });
    const hero = result.namespaces.find((n) => n.namespace === 'hero')!;
    expect(hero.languages.de.changes).toEqual({ added: 0, changed: 1, removed: 1 });
    expect(hero.languages.de.missing).toBe(1);
    expect(result.written).toBe(0);
    expect(await readFile(project.storeFile)).toEqual(bytes);
  });
});

describe('bad input: a clear message naming file and key path, and nothing written', () => {
  const cases: [string, (p: TempProject) => Promise<void>, RegExp][] = [
    [
      'not JSON',
      (p) => writeFile(path.join(p.locales, 'de', 'hero.json'), '{"eyebrow": '),
      /de\/hero\.json: not valid JSON/,
    ],
    [
      'a BOM',
      (p) => writeFile(path.join(p.locales, 'de', 'hero.json'), '\uFEFF{}'),
      /de\/hero\.json: starts with a byte-order mark/,
    ],
    [
      'trailing garbage',
      (p) => writeFile(path.join(p.locales, 'tr', 'faq.json'), '{} }'),
      /tr\/faq\.json: not valid JSON/,
    ],
    [
      'an empty file',
      (p) => writeFile(path.join(p.locales, 'en', 'common.json'), ''),
      /en\/common\.json: file is empty/,
    ],
    [
      'a wrong type',
      (p) => p.edit('de', 'hero', (j) => ((j.title as Record<string, unknown>).main = 7)),
      /de\/hero\.json → title\.main: expected a text, got a number/,
    ],
    [
      'an unknown key',
      (p) => p.edit('tr', 'footer', (j) => (j.sloagn = 'x')),
      /tr\/footer\.json → sloagn: unknown key/,
    ],
    [
      'an unknown namespace file',
      (p) => writeFile(path.join(p.locales, 'en', 'heroes.json'), '{}'),
      /en\/heroes\.json: unknown namespace file/,
    ],
    [
      'an unknown language folder',
      (p) => mkdir(path.join(p.locales, 'fr')),
      /locales\/fr: unknown language folder/,
    ],
    [
      'a missing language folder',
      (p) => rm(path.join(p.locales, 'tr'), { recursive: true }),
      /locales\/tr: language folder is missing/,
    ],
    [
      'a list length that differs between languages',
      (p) => p.edit('de', 'hero', (j) => (j.stats as unknown[]).pop()),
      /hero\.json → stats: list length differs between languages \(en 3, de 2, tr 3\)/,
    ],
    [
      'a placeholder in tr that en lacks',
      (p) => p.edit('en', 'footer', (j) => (j.copyrightTemplate = '© {year} RG.')),
      /tr\/footer\.json → copyrightTemplate: placeholders differ from English: has \{brand\} that English lacks/,
    ],
    [
      'a placeholder en has and de lacks',
      (p) => p.edit('de', 'footer', (j) => (j.copyrightTemplate = '© RG')),
      /de\/footer\.json → copyrightTemplate: placeholders differ from English: lacks \{brand\}, \{year\}/,
    ],
  ];

  it.each(cases)('%s', async (_, breakIt, expected) => {
    await importLocales(store, { from: project.locales, dryRun: false });
    const before = await readFile(project.storeFile);
    await breakIt(project);
    expect(await messageOf(importLocales(store, { from: project.locales, dryRun: false }))).toMatch(
      expected,
    );
    expect(await readFile(project.storeFile)).toEqual(before);
  });
});

describe('export', () => {
  beforeEach(async () => {
    await importLocales(store, { from: project.locales, dryRun: false });
    await exportLocales(store, { out: project.out, strict: false });
  });

  // Stored documents are untyped JSON; the edits below reach into known fields.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function editStored(id: string, change: (doc: Record<string, any>) => void) {
    const docs = (await store.readAll()).map((doc) => {
      if (doc._id === id) change(doc);
      return doc;
    });
    await store.commit(docs);
  }

  it('falls back to English for a missing translation and lists it in the coverage report', async () => {
    await editStored('dictionary-hero', (doc) => delete doc.subtitle.tr);
    const coverage = await exportLocales(store, { out: project.out, strict: false });
    expect(coverage.namespaces.hero!.tr.fallbacks).toEqual(['subtitle']);
    const tr = (await readJson(path.join(project.out, 'tr', 'hero.json'))) as { subtitle: string };
    const en = (await readJson(path.join(project.out, 'en', 'hero.json'))) as { subtitle: string };
    expect(tr.subtitle).toBe(en.subtitle);
    const report = (await readJson(path.join(project.out, 'coverage.json'))) as typeof coverage;
    expect(report.languages.tr.missing).toBe(1);
  });

  it('counts outdated translations in the coverage report, and publishes them as they are', async () => {
    await editStored('dictionary-hero', (doc) => {
      doc.title.main.en = 'Games worth your evening';
      // White space alone flags nothing.
      doc.subtitle.en = `  ${doc.subtitle.en.replace(/ /g, '\n')} `;
    });
    const coverage = await exportLocales(store, { out: project.out, strict: true });
    for (const language of ['de', 'tr'] as const)
      expect(coverage.namespaces.hero![language]).toMatchObject({
        missing: 0,
        outdated: 1,
        outdatedPaths: ['title.main'],
      });
    expect(coverage.namespaces.hero!.en.outdated).toBe(0);
    const report = (await readJson(path.join(project.out, 'coverage.json'))) as typeof coverage;
    expect(report.languages.de.outdated).toBe(1);
    expect(report.namespaces.hero!.tr.outdatedPaths).toEqual(['title.main']);
    // Spaces at the ends flag no translation, but English itself gets a check warning.
    expect(report.languages.en.warnings).toBe(1);
    expect(report.namespaces.hero!.en.checks).toEqual([
      { path: 'subtitle', check: 'spaces', message: 'has spaces at the start, at the end' },
    ]);
    const de = (await readJson(path.join(project.out, 'de', 'hero.json'))) as {
      title: { main: string };
    };
    const bundled = (await readJson(path.join(project.locales, 'de', 'hero.json'))) as typeof de;
    expect(de.title.main).toBe(bundled.title.main);
    expect(JSON.stringify(de)).not.toContain('translatedFrom');
  });

  it('with --strict a missing translation fails and the published files stay as they were', async () => {
    const before = await snapshotFolder(project.out);
    await editStored('dictionary-hero', (doc) => delete doc.subtitle.de);
    expect(await messageOf(exportLocales(store, { out: project.out, strict: true }))).toContain(
      'dictionary-hero (de) → subtitle: German text is missing',
    );
    expect(await snapshotFolder(project.out)).toEqual(before);
  });

  it('a placeholder mismatch always fails, leaving the published files intact', async () => {
    const before = await snapshotFolder(project.out);
    await editStored('dictionary-footer', (doc) => (doc.copyrightTemplate.tr = '© {brand}'));
    expect(await messageOf(exportLocales(store, { out: project.out, strict: false }))).toContain(
      'dictionary-footer (tr) → copyrightTemplate: placeholders differ from English: lacks {year}',
    );
    expect(await snapshotFolder(project.out)).toEqual(before);
  });

  it('a failure in the last dictionary leaves every published file intact', async () => {
    const before = await snapshotFolder(project.out);
    await editStored('dictionary-hero', (doc) => (doc.eyebrow.en = 'Changed'));
    await editStored('dictionary-communityGuideline', (doc) => (doc.title.en = ' '));
    expect(await messageOf(exportLocales(store, { out: project.out, strict: false }))).toContain(
      'dictionary-communityGuideline (en) → title: required text is missing',
    );
    expect(await snapshotFolder(project.out)).toEqual(before);
  });

  it('names a dictionary missing from the store', async () => {
    await writeFile(project.storeFile, '');
    expect(await messageOf(exportLocales(store, { out: project.out, strict: false }))).toContain(
      'dictionary-common: document is missing from the content store',
    );
  });
});
