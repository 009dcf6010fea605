/**
 * What an editor sees in the real Studio (built from studio/) on the real local API,
 * at 1440 × 900: readable titles and list previews, languages one under the other, large
 * dictionaries in tabs, legal sections opened in place, the translation overview with the
 * export's figures, and the language filter inside list entries.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exportLocales } from '@/content/export-locales';
import { LocalStore } from '@/content/local-store';
import { NAMESPACES } from '@/schemas';
import {
  fieldIn,
  focusedField,
  inputIn,
  measureRoom,
  studioWithScratch,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio-servers';

/**
 * The About dictionary's form height at 1440 × 900 before this work (main at 45a80de: every
 * field of the document in one column, each language under the other), measured as below.
 */
const ABOUT_FORM_HEIGHT_BEFORE = 10_542;

/** How Sanity titles a document or list entry it has no preview for: the object, dumped. */
const OBJECT_DUMP = /[{}]|\b(en|de|tr): /;

let session: StudioSession;
let tab: StudioTab;
let scratch: string;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ session, tab, scratch, close } = await studioWithScratch(
    inject('studioBuild'),
    'rg-studio-editor-',
  ));
});
afterAll(() => close?.());

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
const field = (fieldPath: string) => fieldIn(tab, fieldPath);
const input = (fieldPath: string) => inputIn(tab, fieldPath);
/** The chevron that opens the list entry with the key `key` of a field. */
const toggle = (fieldPath: string, key: string) =>
  tab.page
    .locator(`[data-item-path='${fieldPath}[_key=="${key}"]']`)
    .getByTestId('inline-item-toggle')
    .first();
/**
 * Opens a list entry in place, as an editor does: brings the list into view first, because it
 * renders only the rows in view and the Presentation tool's locations ("Used on N pages"),
 * which arrive late, can push a row below the fold; then clicks the chevron and waits until the
 * entry shows its fields.
 */
async function openEntry(fieldPath: string, key: string) {
  const chevron = toggle(fieldPath, key);
  await eventually(async () => {
    if ((await chevron.count()) === 0)
      await field(fieldPath).evaluate((list) => list.scrollIntoView({ block: 'start' }));
    return chevron.count();
  }).toBeGreaterThan(0);
  await chevron.click();
  await eventually(() => chevron.getAttribute('aria-expanded')).toBe('true');
}
const dialogs = () =>
  tab.page.locator('[data-testid="nested-object-dialog"], [role="dialog"]').count();
const tabButton = (name: string) => tab.page.getByRole('tab', { name, exact: true });
/** The row (preview) of each list entry of a field, without the fields of open entries. */
const rowTexts = (fieldPath: string) =>
  field(fieldPath)
    .locator('[data-testid="inline-item"] > div:first-child')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.trim()));

async function storedDocument(id: string): Promise<Record<string, unknown> | undefined> {
  return (await readFile(session.storeFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((doc) => doc._id === id);
}

async function publish(id: string) {
  const button = tab.page.getByTestId('action-publish');
  await eventually(() => button.getAttribute('data-disabled')).toBe('false');
  await button.click();
  await eventually(async () => (await storedDocument(`drafts.${id}`)) === undefined).toBe(true);
}

describe('the Studio an editor enjoys', () => {
  it('titles every dictionary with its own name, and lists entries by their English text', async () => {
    await session.openDictionary(tab, 'privacyPolicy');
    await tab.page
      .getByTestId('pane-header')
      .last()
      .getByText('Privacy policy', { exact: true })
      .waitFor();

    // Intro paragraphs and sections: one row each, with the English text, not an object.
    // The form renders its lists a moment after its first fields.
    await eventually(async () => (await rowTexts('intro')).length).toBeGreaterThan(0);
    const intro = await rowTexts('intro');
    const english = JSON.parse(await readFile('locales/en/privacyPolicy.json', 'utf8')) as {
      intro: string[];
      sections: { heading: string }[];
    };
    expect(intro[0]).toContain(english.intro[0]!.slice(0, 40));
    await tabButton('Sections').click();
    await eventually(async () => {
      // The list renders the rows in view only, and the Presentation tool's locations
      // ("Used on N pages") above the form can move its last rows below the fold.
      await field('sections').evaluate((list) => list.scrollIntoView({ block: 'end' }));
      return (await rowTexts('sections')).map((row) => row.split('\n')[0]);
    }).toEqual(english.sections.map((section) => section.heading));
    const sections = await rowTexts('sections');
    for (const row of [...intro, ...sections]) expect(row).not.toMatch(OBJECT_DUMP);

    // A missing translation shows in the row; an entry without any text says so.
    await tabButton('Main texts').click();
    await openEntry('intro', 'item0');
    await input('intro[_key=="item0"].de').fill('');
    await eventually(async () => (await rowTexts('intro'))[0]).toMatch(/missing: German/);
    await input('intro[_key=="item0"].en').fill('');
    await input('intro[_key=="item0"].tr').fill('');
    await eventually(async () => (await rowTexts('intro'))[0]).toMatch(/^\(empty\)/);
    await input('intro[_key=="item0"].tr').fill('Türkçe giriş');
    await eventually(async () => (await rowTexts('intro'))[0]).toMatch(
      /^Türkçe giriş\n.*shown in Turkish · missing: English, German/,
    );
    // Restored, the row is the English text alone again.
    const restored: Record<string, string> = {};
    for (const language of ['en', 'de', 'tr'] as const) {
      const bundled = JSON.parse(
        await readFile(`locales/${language}/privacyPolicy.json`, 'utf8'),
      ) as { intro: string[] };
      restored[language] = bundled.intro[0]!;
      await input(`intro[_key=="item0"].${language}`).fill(bundled.intro[0]!);
    }
    await eventually(async () => (await rowTexts('intro'))[0]).toBe(english.intro[0]);
    // Every language saved before the page is left: leaving it aborts a pending save, and a
    // German text lost here would count as missing in a later test.
    await eventually(async () => {
      const draft = await storedDocument('drafts.dictionary-privacyPolicy');
      const first = (draft as { intro: Record<string, unknown>[] } | undefined)?.intro[0];
      return first && { en: first.en, de: first.de, tr: first.tr };
    }).toEqual(restored);

    // Search results use the same title.
    await tab.page.getByTestId('studio-search').click();
    await tab.page.keyboard.type('Privacy');
    const result = tab.page.getByRole('option').filter({ hasText: 'Privacy policy' }).first();
    await result.waitFor();
    expect(await result.innerText()).not.toMatch(OBJECT_DUMP);
    await tab.page.keyboard.press('Escape');
  });

  it('puts the languages of a text one under the other, each input wide enough for 40 characters', async () => {
    await session.openDictionary(tab, 'about');
    const [en, de, tr] = await Promise.all(
      ['en', 'de', 'tr'].map(
        async (language) => (await input(`hero.title.${language}`).boundingBox())!,
      ),
    );
    expect(de!.y).toBeGreaterThanOrEqual(en!.y + en!.height);
    expect(tr!.y).toBeGreaterThanOrEqual(de!.y + de!.height);
    const { fortyCharacters, narrowestInput } = await measureRoom(tab.page);
    expect(narrowestInput).toBeGreaterThanOrEqual(fortyCharacters);
    // A long text too, at the same width.
    const subtitleEn = await input('hero.subtitle.en').boundingBox();
    const subtitleDe = await input('hero.subtitle.de').boundingBox();
    expect(subtitleDe!.y).toBeGreaterThan(subtitleEn!.y + subtitleEn!.height);
    expect(Math.abs(subtitleEn!.width - en!.width)).toBeLessThan(2);
  });

  it('keeps the About dictionary to at most a third of its former height', async () => {
    await session.openDictionary(tab, 'about');
    // Measured once the opening tab has rendered down to its last field, the list of key figures.
    await field('hero.stats').waitFor();
    await input('hero.subtitle.tr').waitFor();
    const height = await tab.page
      .locator('[data-testid="document-panel-scroller"] form')
      .evaluate((form) => form.getBoundingClientRect().height);
    console.log(
      `About form height at 1440 × 900: ${Math.round(height)} px (before: ${ABOUT_FORM_HEIGHT_BEFORE} px)`,
    );
    expect(height).toBeLessThanOrEqual(ABOUT_FORM_HEIGHT_BEFORE / 3);
    // Every block is still one click away.
    for (const name of ['Page head', 'Vision', 'Mission', 'Origin story', 'Pillars', 'Timeline'])
      await tabButton(name).waitFor();
  });

  it("edits a legal subsection's and a sub-subsection's text without any dialog", async () => {
    await session.openDictionary(tab, 'privacyPolicy');
    await tabButton('Sections').click();
    await openEntry('sections', 'item1');
    await openEntry('sections[_key=="item1"].subsections', 'item0');
    const subsection = 'sections[_key=="item1"].subsections[_key=="item0"]';
    await input(`${subsection}.heading.en`).fill('Server logs, kept for seven days');
    expect(await dialogs()).toBe(0);

    await openEntry('sections[_key=="item1"].subsections', 'item1');
    await openEntry('sections[_key=="item1"].subsections[_key=="item1"].subsections', 'item0');
    const deepest = 'sections[_key=="item1"].subsections[_key=="item1"].subsections[_key=="item0"]';
    await input(`${deepest}.heading.de`).fill('Deine Sprache, nur im Browser');
    expect(await dialogs()).toBe(0);

    await eventually(async () => {
      const draft = (await storedDocument('drafts.dictionary-privacyPolicy')) as
        | {
            sections: {
              subsections: {
                heading: { en: string };
                subsections?: { heading: { de: string } }[];
              }[];
            }[];
          }
        | undefined;
      return [
        draft?.sections[1]?.subsections[0]?.heading.en,
        draft?.sections[1]?.subsections[1]?.subsections?.[0]?.heading.de,
      ];
    }).toEqual(['Server logs, kept for seven days', 'Deine Sprache, nur im Browser']);
  });

  it("counts missing translations as the export's coverage.json does, and opens the first missing text", async () => {
    // Two German texts removed and published: one at the top of About, one deep in a legal document.
    await session.openDictionary(tab, 'about');
    await input('hero.eyebrow.de').fill('');
    await publish('dictionary-about');
    const toast = tab.page.getByText(/About page.*was published|was published/).first();
    await toast.waitFor();
    expect(await toast.innerText()).not.toMatch(OBJECT_DUMP);

    await session.openDictionary(tab, 'privacyPolicy');
    await tabButton('Sections').click();
    await openEntry('sections', 'item1');
    await openEntry('sections[_key=="item1"].subsections', 'item0');
    await input('sections[_key=="item1"].subsections[_key=="item0"].heading.de').fill('');
    await publish('dictionary-privacyPolicy');

    const out = path.join(scratch, 'published');
    await exportLocales(new LocalStore(session.storeFile), { out, strict: false });
    const coverage = JSON.parse(await readFile(path.join(out, 'coverage.json'), 'utf8')) as {
      namespaces: Record<string, Record<'de' | 'tr', { missing: number }>>;
    };
    expect(coverage.namespaces.about?.de.missing).toBe(1);
    expect(coverage.namespaces.privacyPolicy?.de.missing).toBe(1);

    await tab.page.goto(`${session.studioUrl}/translations`);
    await tab.page.getByTestId('translation-totals').waitFor({ timeout: 60_000 });
    const shown = await tab.page.locator('[data-testid^="translation-row-"]').evaluateAll((rows) =>
      rows.map((row) => ({
        namespace: row.getAttribute('data-testid')!.slice('translation-row-'.length),
        de: Number(row.querySelector('[data-testid="missing-de"]')?.getAttribute('data-missing')),
        tr: Number(row.querySelector('[data-testid="missing-tr"]')?.getAttribute('data-missing')),
      })),
    );
    expect(
      Object.fromEntries(shown.map(({ namespace, de, tr }) => [namespace, { de, tr }])),
    ).toEqual(
      Object.fromEntries(
        NAMESPACES.map((namespace) => [
          namespace,
          {
            de: coverage.namespaces[namespace]!.de.missing,
            tr: coverage.namespaces[namespace]!.tr.missing,
          },
        ]),
      ),
    );
    // Sorted by what is missing.
    expect(
      shown
        .slice(0, 2)
        .map((row) => row.namespace)
        .sort(),
    ).toEqual(['about', 'privacyPolicy']);

    // Each count opens its document at the first missing text, with the entries on the way open.
    await tab.page.getByTestId('translation-row-privacyPolicy').getByTestId('missing-de').click();
    await eventually(() => focusedField(tab)).toBe(
      'field-sections[_key=="item1"].subsections[_key=="item0"].heading.de',
    );
    expect(await dialogs()).toBe(0);
    await tab.page.goto(`${session.studioUrl}/translations`);
    await tab.page.getByTestId('translation-row-about').getByTestId('missing-de').click();
    await eventually(() => focusedField(tab)).toBe('field-hero.eyebrow.de');
  });

  describe('translation checks, beside the field as the editor types', () => {
    const publishDisabled = () =>
      tab.page.getByTestId('action-publish').getAttribute('data-disabled');
    /** What one language of a text says under its input, at one level. */
    const said = (textPath: string, language: string, level: 'errors' | 'warnings') =>
      field(textPath).locator(`[data-language-field="${language}"] [data-testid="field-${level}"]`);
    const question = 'faq.items[_key=="item0"].question';

    it('blocks a 5,000-character German FAQ question on its German field', async () => {
      await session.openDictionary(tab, 'faqPage');
      await openEntry('faq.items', 'item0');
      const before = await input(`${question}.de`).inputValue();
      await input(`${question}.de`).fill(`${'Wo kann ich eure Spiele spielen, '.repeat(150)}?`);
      await eventually(() => said(question, 'de', 'errors').innerText()).toMatch(
        /German: too long for where it is shown \(\d{4} characters; at most 180/,
      );
      await eventually(publishDisabled).toBe('true');
      expect(await said(question, 'en', 'errors').count()).toBe(0);
      expect(await said(question, 'tr', 'errors').count()).toBe(0);
      await tab.page.getByText(/^Can’t publish: .*German$/).waitFor({ timeout: 30_000 });

      await input(`${question}.de`).fill(before);
      await eventually(() => said(question, 'de', 'errors').count()).toBe(0);
      await eventually(publishDisabled).toBe('false');
    });

    it('names a pasted zero-width space, and one click removes it', async () => {
      const before = await input(`${question}.de`).inputValue();
      await input(`${question}.de`).fill(before.replace('Spiele', 'Spiele\u200b'));
      const shown = field(question).locator(
        '[data-language-field="de"] [data-testid="invisible-characters"]',
      );
      await eventually(() => shown.innerText()).toContain('U+200B zero-width space after “Spiele”');
      await eventually(() => said(question, 'de', 'errors').innerText()).toContain(
        'invisible characters',
      );
      await shown.getByTestId('remove-invisible').click();
      await eventually(() => input(`${question}.de`).inputValue()).toBe(before);
      await eventually(() => shown.count()).toBe(0);
      await eventually(() => said(question, 'de', 'errors').count()).toBe(0);
    });

    it('warns on the Turkish question whose number differs from English', async () => {
      const before = await input(`${question}.tr`).inputValue();
      await input(`${question}.tr`).fill(before.replace('?', ' 30?'));
      await eventually(() => said(question, 'tr', 'warnings').innerText()).toContain(
        'numbers differ from English',
      );
      expect(await said(question, 'tr', 'errors').count()).toBe(0);
      await eventually(publishDisabled).toBe('false');
      await input(`${question}.tr`).fill(before);
      await eventually(() => said(question, 'tr', 'warnings').count()).toBe(0);
    });

    it('says a {year} dropped from English on the English field, not on the others', async () => {
      await session.openDictionary(tab, 'footer');
      const english = input('copyrightTemplate.en');
      const before = await english.inputValue();
      await english.fill(before.replace('{year} ', ''));
      await eventually(() => said('copyrightTemplate', 'en', 'errors').innerText()).toMatch(
        /English: placeholders differ from German: \{year\}/,
      );
      for (const language of ['de', 'tr'])
        expect(await said('copyrightTemplate', language, 'errors').count()).toBe(0);
      await eventually(publishDisabled).toBe('true');
      await english.fill(before);
      await eventually(() => said('copyrightTemplate', 'en', 'errors').count()).toBe(0);
    });

    it('blocks a job opening whose English title is empty, on the entry', async () => {
      await session.openDictionary(tab, 'contributions');
      await session.showField(tab, 'contributions', 'openings.positions');
      await openEntry('openings.positions', 'item0');
      const title = input('openings.positions[_key=="item0"].title.en');
      const before = await title.inputValue();
      await title.fill('');
      const entry = tab.page.locator(`[data-item-path='openings.positions[_key=="item0"]']`);
      await eventually(() => entry.getByTestId('item-errors').first().innerText()).toContain(
        'shown in German and Turkish but dropped in English',
      );
      await eventually(publishDisabled).toBe('true');
      await title.fill(before);
      await eventually(() => entry.getByTestId('item-errors').count()).toBe(0);
      await eventually(publishDisabled).toBe('false');
    });
  });

  it('flags a word just added to the glossary in a German text on the next keystroke', async () => {
    const warning = () =>
      field('title.main')
        .locator('[data-language-field="de"]')
        .getByTestId('input-validation-icon-warning');
    await session.openDictionary(tab, 'hero');
    await session.showField(tab, 'hero', 'title.main.de');
    await input('title.main.de').fill('Spiele mit Haltung, im Medienpaket,');
    await eventually(() => warning().count()).toBe(0);

    // Press kit is the glossary's sixth term; the edit stays a draft, unpublished.
    await session.openDictionary(tab, 'glossary');
    await openEntry('terms', 'item5');
    await input('terms[_key=="item5"].avoid.de').fill('Pressemappe, Presse-Kit, Medienpaket');
    await eventually(async () =>
      JSON.stringify((await storedDocument('drafts.dictionary-glossary')) ?? {}).includes(
        'Medienpaket',
      ),
    ).toBe(true);

    await session.openDictionary(tab, 'hero');
    await session.showField(tab, 'hero', 'title.main.de');
    await input('title.main.de').fill('Spiele mit Haltung, im Medienpaket, ');
    await input('title.main.de').fill('Spiele mit Haltung, im Medienpaket,');
    await warning().waitFor({ timeout: 30_000 });
  });

  // The language filter is kept in the browser and hides German from here on: it goes last.
  it('hides German inside list entries when the language filter hides it', async () => {
    await session.openDictionary(tab, 'about');
    await tabButton('Timeline').click();
    await openEntry('timeline.items', 'item0');
    await tabButton('Origin story').click();
    await openEntry('origin.paragraphs', 'item0');
    await tabButton('Timeline').click();
    const milestone = 'timeline.items[_key=="item0"]';
    await field(`${milestone}.year.de`).waitFor();

    await tab.page.getByRole('button', { name: 'Showing all' }).click();
    await tab.page.getByRole('button', { name: /German/ }).click();
    await tab.page.keyboard.press('Escape');
    await eventually(() => field(`${milestone}.year.de`).count()).toBe(0);
    expect(await field(`${milestone}.year.en`).count()).toBe(1);
    expect(await field(`${milestone}.year.tr`).count()).toBe(1);
    // A paragraph is itself a list entry of a text.
    await tabButton('Origin story').click();
    await field('origin.paragraphs[_key=="item0"].en').waitFor();
    expect(await field('origin.paragraphs[_key=="item0"].de').count()).toBe(0);
  });

  it('shows no console error besides the offline hosts, and the API knew every request', () => {
    expect(tab.errors).toEqual([]);
    expect(session.api.unknownRoutes()).toEqual([]);
  });
});
