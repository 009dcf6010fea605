/**
 * The translation queue in the real Studio on the local API: Next and Previous go
 * from gap to gap across dictionaries, from the Translations tool and from a dictionary's
 * header, each opening the field to fill, focused, and from the keyboard inside the text being
 * written; a gap filled in a draft counts as filled and is marked as waiting for Publish.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  focusedField,
  startStudioSession,
  temporaryDataset,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio-servers';

let dataset: { dir: string; storeFile: string };
let session: StudioSession;
let tab: StudioTab;

/** Published gaps: four Turkish texts in three dictionaries, and one German. */
const REMOVED: [id: string, path: string[]][] = [
  ['dictionary-footer', ['copyrightTemplate', 'tr']],
  ['dictionary-hero', ['eyebrow', 'de']],
  ['dictionary-hero', ['eyebrow', 'tr']],
  ['dictionary-hero', ['subtitle', 'tr']],
  ['dictionary-privacyPolicy', ['title', 'tr']],
];

beforeAll(async () => {
  dataset = await temporaryDataset();
  const documents = (await readFile(dataset.storeFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  for (const [id, path] of REMOVED) {
    let node = documents.find((doc) => doc._id === id)!;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
    delete node[path.at(-1)!];
  }
  await writeFile(dataset.storeFile, documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n');
  session = await startStudioSession({
    build: inject('studioBuild'),
    storeFile: dataset.storeFile,
  });
  tab = await session.newTab();
  await tab.page.setViewportSize({ width: 1280, height: 720 });
});
afterAll(async () => {
  await session?.close();
  if (dataset) await rm(dataset.dir, { recursive: true, force: true });
});

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });
/** A text of a draft as the API stored it: what is kept if the tab closes now. */
async function draftText(id: string, path: string[]): Promise<unknown> {
  const draft = (await readFile(dataset.storeFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((doc) => doc._id === `drafts.${id}`);
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], draft);
}
const row = (namespace: string) => tab.page.getByTestId(`translation-row-${namespace}`);
const missing = (namespace: string, language: 'de' | 'tr') =>
  row(namespace).getByTestId(`missing-${language}`).getAttribute('data-missing');

async function openTool() {
  await tab.page.goto(`${session.studioUrl}/translations`);
  await tab.page.getByTestId('translation-totals').waitFor({ timeout: 60_000 });
}

describe('the translation queue', () => {
  it('lists the gaps per dictionary and language, the most first', async () => {
    await openTool();
    expect(await missing('hero', 'tr')).toBe('2');
    expect(await missing('hero', 'de')).toBe('1');
    expect(await missing('footer', 'tr')).toBe('1');
    expect(await missing('privacyPolicy', 'tr')).toBe('1');
    const order = await tab.page
      .locator('[data-testid^="translation-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')));
    expect(order[0]).toBe('translation-row-hero');
  });

  it('steps through the Turkish gaps across dictionaries, from the tool and from the form', async () => {
    await openTool();
    await tab.page.getByRole('tab', { name: 'Turkish' }).click();
    const queue = tab.page.getByTestId('translation-queue');
    await eventually(() => queue.getByTestId('queue-count').getAttribute('data-count')).toBe('4');

    // From the tool: the first Turkish gap in desk order, focused, ready to type.
    await queue.getByTestId('queue-next').click();
    await eventually(() => focusedField(tab)).toBe('field-copyrightTemplate.tr');
    await tab.page.keyboard.type('© {year} {brand}. Tüm hakları saklıdır.');

    // From the form's header: the next Turkish gap is in the next dictionary with one.
    const header = tab.page.getByTestId('translation-queue');
    await header.getByTestId('queue-next').click();
    await eventually(() => focusedField(tab)).toBe('field-eyebrow.tr');
    // Every key typed before the step is stored, not only what was sent before it.
    expect(await draftText('dictionary-footer', ['copyrightTemplate', 'tr'])).toBe(
      '© {year} {brand}. Tüm hakları saklıdır.',
    );
    await header.getByTestId('queue-next').click();
    await eventually(() => focusedField(tab)).toBe('field-subtitle.tr');
    await header.getByTestId('queue-previous').click();
    await eventually(() => focusedField(tab)).toBe('field-eyebrow.tr');
    // Past the last gap of a dictionary, on to the next one.
    await header.getByTestId('queue-next').click();
    await eventually(() => focusedField(tab)).toBe('field-subtitle.tr');
    await header.getByTestId('queue-next').click();
    await eventually(() => focusedField(tab)).toBe('field-title.tr');
    expect(tab.page.url()).toContain('dictionary-privacyPolicy');
  });

  it('counts a gap filled in a draft as filled, and says it waits for Publish', async () => {
    await eventually(async () =>
      (await readFile(dataset.storeFile, 'utf8')).includes('drafts.dictionary-footer'),
    ).toBe(true);
    await openTool();
    await eventually(() => missing('footer', 'tr')).toBe('0');
    await row('footer').getByTestId('filled-in-draft-tr').waitFor();
    expect(await row('footer').innerText()).toMatch(/unpublished changes/);
    expect(await row('footer').getByTestId('filled-in-draft-tr').innerText()).toBe(
      '1 filled in the draft',
    );
    expect(await missing('hero', 'tr')).toBe('2');
    await eventually(() =>
      tab.page
        .getByTestId('translation-queue')
        .getByTestId('queue-count')
        .getAttribute('data-count'),
    ).toBe('3');
  });

  it('steps from the text being written with Alt+Page Down and Alt+Page Up, keyboard alone', async () => {
    await openTool();
    const next = tab.page.getByTestId('translation-queue').getByTestId('queue-next');
    expect(await next.getAttribute('aria-keyshortcuts')).toBe('Alt+PageDown');
    await next.focus();
    await tab.page.keyboard.press('Enter');
    await eventually(() => focusedField(tab)).toBe('field-eyebrow.tr');
    await tab.page.keyboard.type('Bağımsız stüdyo ve yayıncı');
    // From inside the text, to the next Turkish gap: in the same dictionary, then the next one.
    await tab.page.keyboard.press('Alt+PageDown');
    await eventually(() => focusedField(tab)).toBe('field-subtitle.tr');
    await tab.page.keyboard.press('Alt+PageDown');
    await eventually(() => focusedField(tab)).toBe('field-title.tr');
    expect(tab.page.url()).toContain('dictionary-privacyPolicy');
    // Typed as soon as the field shows the focus: every key lands.
    await tab.page.keyboard.type('Gizlilik Politikası');
    await tab.page.keyboard.press('Alt+PageUp');
    await eventually(() => focusedField(tab)).toBe('field-subtitle.tr');
    expect(tab.page.url()).toContain('dictionary-hero');
    expect(await draftText('dictionary-hero', ['eyebrow', 'tr'])).toBe(
      'Bağımsız stüdyo ve yayıncı',
    );
    expect(await draftText('dictionary-privacyPolicy', ['title', 'tr'])).toBe(
      'Gizlilik Politikası',
    );
  });

  it('names the languages in the editor’s interface language: German', async () => {
    const german = await session.newTab();
    await german.page.addInitScript(() =>
      localStorage.setItem('sanity-locale:local:default', 'de-DE'),
    );
    await german.page.goto(`${session.studioUrl}/translations`);
    await german.page.getByTestId('translation-totals').waitFor({ timeout: 60_000 });
    await german.page.getByRole('tab', { name: 'Türkisch' }).click();
    const next = german.page.getByTestId('translation-queue').getByTestId('queue-next');
    await eventually(() => next.getAttribute('title')).toBe(
      'Nächste fehlende Übersetzung (Türkisch) (Alt+Bild ab)',
    );
    expect(german.errors).toEqual([]);
    await german.context.close();
  });

  it('shows no console error besides the offline hosts, and the API knew every request', () => {
    expect(tab.errors).toEqual([]);
    expect(session.api.unknownRoutes()).toEqual([]);
  });
});
