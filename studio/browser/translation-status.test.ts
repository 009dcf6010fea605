/**
 * Translations that fell behind, in the real Studio (built from studio/) on the real local
 * API: an English edit flags the German and Turkish texts as outdated (the note
 * beside the field with the English before and after, the document badge, the Translations
 * tool, the export's coverage.json); editing German makes German current, "Still correct"
 * Turkish; an English change marked "Wording only" flags nothing, nor does reordering FAQ
 * entries; an address the same in every language is offered to change along with English.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exportLocales, type Coverage } from '@/content/export-locales';
import { LocalStore } from '@/content/local-store';
import {
  fieldIn,
  inputIn,
  studioWithScratch,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio-servers';

let session: StudioSession;
let tab: StudioTab;
let scratch: string;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ session, tab, scratch, close } = await studioWithScratch(
    inject('studioBuild'),
    'rg-studio-outdated-',
  ));
});
afterAll(() => close?.());

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const input = (fieldPath: string) => inputIn(tab, fieldPath);
/** The note beside the outdated translations of a text, for one language. */
const outdatedNote = (fieldPath: string, language: 'de' | 'tr') =>
  fieldIn(tab, fieldPath).locator(`[data-testid="outdated-note"][data-languages~="${language}"]`);
const notesIn = (fieldPath: string) =>
  fieldIn(tab, fieldPath).locator('[data-testid="outdated-note"]').count();
const badge = () => tab.page.getByText(/^de \d+\/\d+.* tr \d+\/\d+/).first();

/** The badge's counts: translated and outdated texts per language. */
async function badgeCounts() {
  const label = await badge().innerText();
  const [, deDone, deOutdated, trDone, trOutdated] =
    /^de (\d+)\/\d+(?: · (\d+) outdated)? · tr (\d+)\/\d+(?: · (\d+) outdated)?$/.exec(label) ?? [];
  return {
    de: { translated: Number(deDone), outdated: Number(deOutdated ?? 0) },
    tr: { translated: Number(trDone), outdated: Number(trOutdated ?? 0) },
  };
}

async function stored(id: string): Promise<Record<string, unknown> | undefined> {
  return (await readFile(session.storeFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((doc) => doc._id === id);
}

interface StoredText {
  en?: string;
  de?: string;
  tr?: string;
  translatedFrom?: { de?: string; tr?: string };
}

async function storedHeroTitle(id = 'drafts.dictionary-hero'): Promise<StoredText | undefined> {
  return ((await stored(id)) as { title?: { main?: StoredText } } | undefined)?.title?.main;
}

async function publish(id: string) {
  const button = tab.page.getByTestId('action-publish');
  await eventually(() => button.getAttribute('data-disabled')).toBe('false');
  await button.click();
  await eventually(async () => (await stored(`drafts.${id}`)) === undefined).toBe(true);
}

async function exportedCoverage(name: string): Promise<Coverage> {
  const out = path.join(scratch, name);
  await exportLocales(new LocalStore(session.storeFile), { out, strict: false });
  return JSON.parse(await readFile(path.join(out, 'coverage.json'), 'utf8')) as Coverage;
}

/** The Translations tool's outdated counts of one dictionary. */
async function toolCounts(namespace: string) {
  await tab.page.goto(`${session.studioUrl}/translations`);
  await tab.page.getByTestId('translation-totals').waitFor({ timeout: 60_000 });
  const row = tab.page.getByTestId(`translation-row-${namespace}`);
  const count = async (language: string) => {
    const cell = row.getByTestId(`outdated-${language}`);
    return (await cell.count()) ? Number(await cell.getAttribute('data-outdated')) : 0;
  };
  return { de: await count('de'), tr: await count('tr') };
}

const focusedField = () =>
  tab.page.evaluate(() =>
    document.activeElement?.closest('[data-testid^="field-"]')?.getAttribute('data-testid'),
  );

describe('translations that fell behind', () => {
  let original: StoredText;
  const changedEnglish = 'Games with a clear point of view,';

  it('flags German and Turkish when the English hero title changes: note, badge, tool, export', async () => {
    original = (await storedHeroTitle('dictionary-hero'))!;
    expect(original.translatedFrom).toEqual({ de: original.en, tr: original.en });
    await session.openDictionary(tab, 'hero');
    await session.showField(tab, 'hero', 'title.main');
    const before = await badgeCounts();
    expect(before.de.outdated + before.tr.outdated).toBe(0);
    expect(await notesIn('title.main')).toBe(0);

    // White space alone flags nothing.
    await input('title.main.en').fill(`  ${original.en}  `);
    await eventually(async () => (await storedHeroTitle())?.en).toBe(`  ${original.en}  `);
    expect(await notesIn('title.main')).toBe(0);

    await input('title.main.en').fill(changedEnglish);
    for (const language of ['de', 'tr'] as const)
      await outdatedNote('title.main', language).waitFor();
    const note = outdatedNote('title.main', 'de');
    expect(await note.innerText()).toContain('English changed since this was translated');
    // The English before and after, the changed word marked.
    expect(await note.getByTestId(/^outdated-before-/).innerText()).toBe(original.en);
    expect(await note.locator('ins').allInnerTexts()).toEqual([
      expect.stringContaining('clear') as unknown as string,
    ]);
    await eventually(badgeCounts).toEqual({
      de: { translated: before.de.translated, outdated: 1 },
      tr: { translated: before.tr.translated, outdated: 1 },
    });
    expect(await badge().innerText()).toMatch(
      /^de \d+\/\d+ · 1 outdated · tr \d+\/\d+ · 1 outdated$/,
    );
    // The German and Turkish texts are untouched: the site keeps serving them.
    await eventually(() => storedHeroTitle()).toMatchObject({
      en: changedEnglish,
      de: original.de,
      tr: original.tr,
      translatedFrom: { de: original.en, tr: original.en },
    });

    await publish('dictionary-hero');
    const coverage = await exportedCoverage('flagged');
    for (const language of ['de', 'tr'] as const)
      expect(coverage.namespaces.hero![language]).toMatchObject({
        missing: 0,
        outdated: 1,
        outdatedPaths: ['title.main'],
      });
    expect(coverage.languages.de.outdated).toBe(1);

    expect(await toolCounts('hero')).toEqual({ de: 1, tr: 1 });
    // The count opens the dictionary at the outdated text.
    await tab.page.getByTestId('translation-row-hero').getByTestId('outdated-de').click();
    await eventually(focusedField).toBe('field-title.main.de');
  });

  it('makes German current when it is edited; Turkish stays outdated', async () => {
    await session.openDictionary(tab, 'hero');
    await session.showField(tab, 'hero', 'title.main');
    await outdatedNote('title.main', 'tr').waitFor();
    await input('title.main.de').fill('Spiele mit klarer Haltung,');
    await eventually(() => outdatedNote('title.main', 'de').count()).toBe(0);
    expect(await outdatedNote('title.main', 'tr').count()).toBe(1);
    await eventually(badgeCounts).toMatchObject({ de: { outdated: 0 }, tr: { outdated: 1 } });
    await eventually(async () => (await storedHeroTitle())?.translatedFrom).toEqual({
      de: changedEnglish,
      tr: original.en,
    });
  });

  it('"Still correct" makes Turkish current without editing it', async () => {
    await outdatedNote('title.main', 'tr').getByTestId('keep-current-tr').click();
    await eventually(() => notesIn('title.main')).toBe(0);
    await eventually(badgeCounts).toMatchObject({ de: { outdated: 0 }, tr: { outdated: 0 } });
    await eventually(() => storedHeroTitle()).toMatchObject({
      tr: original.tr,
      translatedFrom: { de: changedEnglish, tr: changedEnglish },
    });
  });

  it('an English change marked "Wording only" keeps the translations current', async () => {
    const typoFixed = 'Games with a clear point of view!';
    await input('title.main.en').fill(typoFixed);
    // By default the change flags them, until the editor says it is wording only.
    await outdatedNote('title.main', 'de').waitFor();
    await fieldIn(tab, 'title.main').getByTestId('wording-only').click();
    await eventually(() => notesIn('title.main')).toBe(0);
    expect(await fieldIn(tab, 'title.main').getByTestId('wording-only').count()).toBe(0);
    await eventually(badgeCounts).toMatchObject({ de: { outdated: 0 }, tr: { outdated: 0 } });
    await eventually(async () => (await storedHeroTitle())?.translatedFrom).toEqual({
      de: typoFixed,
      tr: typoFixed,
    });

    await publish('dictionary-hero');
    expect(await toolCounts('hero')).toEqual({ de: 0, tr: 0 });
    const coverage = await exportedCoverage('current');
    expect(coverage.namespaces.hero!.de.outdated).toBe(0);
    expect(coverage.namespaces.hero!.tr.outdated).toBe(0);
  });

  it('an English address changed: the same German and Turkish are not outdated, and change along in one click', async () => {
    await session.openDictionary(tab, 'footer');
    const url = 'brand.homeUrl';
    await session.showField(tab, 'footer', `${url}.en`);
    const before = await input(`${url}.en`).inputValue();
    expect(await input(`${url}.de`).inputValue()).toBe(before);
    await input(`${url}.en`).fill('/about');
    const note = fieldIn(tab, url).getByTestId('copy-note');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toContain('German and Turkish');
    expect(await notesIn(url)).toBe(0);

    await note.getByTestId('change-every-language').click();
    await eventually(() => input(`${url}.de`).inputValue()).toBe('/about');
    expect(await input(`${url}.tr`).inputValue()).toBe('/about');
    await eventually(() => note.count()).toBe(0);
    await eventually(async () => {
      const footer = (await stored('drafts.dictionary-footer')) as
        { brand: { homeUrl: StoredText } } | undefined;
      return footer?.brand.homeUrl;
    }).toMatchObject({
      de: '/about',
      tr: '/about',
      translatedFrom: { de: '/about', tr: '/about' },
    });
  });

  it('reordering FAQ entries flags nothing new: each entry keeps its own status', async () => {
    await session.openDictionary(tab, 'faq');
    await session.showField(tab, 'faq', 'items');
    // One entry outdated first, so there is a status to keep.
    const chevron = (key: string) =>
      tab.page
        .locator(`[data-item-path='items[_key=="${key}"]']`)
        .getByTestId('inline-item-toggle')
        .first();
    await chevron('item1').click();
    const question = 'items[_key=="item1"].question';
    await input(`${question}.en`).fill('Do you work with teams outside Turkey and Germany?');
    await outdatedNote(question, 'de').waitFor();
    await eventually(badgeCounts).toMatchObject({ de: { outdated: 1 }, tr: { outdated: 1 } });
    await chevron('item1').click();

    // The first entry moved below the second with the keyboard, as Sanity's list allows;
    // each key waits for the list's announcement of the step before.
    const handle = tab.page
      .locator(`[data-item-path='items[_key=="item0"]']`)
      .locator('[data-ui="DragHandleButton"]');
    const announced = () =>
      tab.page
        .locator('[id^="DndLiveRegion"]')
        .evaluateAll((regions) => regions.map((region) => region.textContent).join(' '));
    await handle.focus();
    await tab.page.keyboard.press('Space');
    await eventually(announced).toContain('item0 was moved over droppable area item0');
    await tab.page.keyboard.press('ArrowDown');
    await eventually(announced).toContain('item0 was moved over droppable area item1');
    await tab.page.keyboard.press('Space');
    await eventually(announced).toContain('item0 was dropped over droppable area item1');
    await eventually(async () => {
      const faq = (await stored('drafts.dictionary-faq')) as { items: { _key: string }[] };
      return faq?.items.slice(0, 2).map((item) => item._key);
    }).toEqual(['item1', 'item0']);
    await eventually(badgeCounts).toMatchObject({ de: { outdated: 1 }, tr: { outdated: 1 } });
    // Still the entry whose English changed, now first.
    await chevron('item1').click();
    await outdatedNote(question, 'de').waitFor();
    await chevron('item0').click();
    expect(await notesIn('items[_key=="item0"]')).toBe(0);
  });

  it('shows no console error besides the offline hosts, and the API knew every request', () => {
    expect(tab.errors).toEqual([]);
    expect(session.api.unknownRoutes()).toEqual([]);
  });
});
