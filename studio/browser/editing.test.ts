/**
 * An editor's session in the real Studio (built from studio/) against the real local
 * local API, in Chromium, on a temporary copy of the dataset: the desk, validation that
 * blocks publishing, the coverage badge, publishing to the dataset file and on to the
 * exported dictionaries, and a second tab that follows the edits live.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exportLocales } from '@/content/export-locales';
import { LocalStore } from '@/content/local-store';
import {
  fieldIn,
  inputIn,
  studioWithScratch,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio-servers';
import { snapshotFolder } from '@/testing/folder-snapshot';

const GROUPS = [
  'Site chrome: header, footer, cookie banner',
  'Home page sections',
  'Pages',
  'Legal documents',
  'Not-found page',
];

const run = promisify(execFile);

let session: StudioSession;
let tab: StudioTab;
let scratch: string;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ session, tab, scratch, close } = await studioWithScratch(
    inject('studioBuild'),
    'rg-studio-export-',
  ));
});
afterAll(() => close?.());

/** Studio state settles at its own pace on a loaded machine. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

const field = (path: string) => fieldIn(tab, path);
/** The status icon beside a language's label (a text's languages share one field). */
const languageStatus = (path: string, level: 'error' | 'warning') => {
  const language = path.slice(path.lastIndexOf('.') + 1);
  return field(path.slice(0, path.lastIndexOf('.')))
    .locator(`[data-language-field="${language}"]`)
    .getByTestId(`input-validation-icon-${level}`);
};
const input = (path: string) => inputIn(tab, path);
const publishButton = () => tab.page.getByTestId('action-publish');
const coverageBadge = () => tab.page.getByText(/^de \d+\/\d+ · tr \d+\/\d+$/);

async function coverage(): Promise<{ de: number; tr: number }> {
  const text = (await coverageBadge().textContent()) ?? '';
  const [, de, tr] = /de (\d+)\/\d+ · tr (\d+)\/\d+/.exec(text) ?? [];
  return { de: Number(de), tr: Number(tr) };
}

describe('the Studio on the local API', () => {
  it('shows the dictionary groups and opens the footer dictionary', async () => {
    await tab.page.goto(`${session.studioUrl}/structure`);
    for (const title of GROUPS) await tab.page.getByTestId(`pane-item-${title}`).waitFor();
    await tab.page.getByTestId(`pane-item-${GROUPS[0]}`).click();
    await tab.page.getByTestId('pane-item-Footer').click();
    await eventually(() => input('copyrightTemplate.de').inputValue()).toBe(
      '© {year} {brand}. Alle Rechte vorbehalten.',
    );
    await publishButton().waitFor();
    // Comments, tasks and scheduled drafts are switched off in the Studio config; releases
    // are on (the local API serves them).
    const controls = await tab.page.evaluate(() =>
      [...document.querySelectorAll('button, a')].map((element) =>
        (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      ),
    );
    expect(controls).toContain('Releases');
    for (const name of ['Comments', 'Add comment', 'Tasks', 'Schedule'])
      expect(controls).not.toContain(name);
  });

  it('opening dictionaries changes nothing: locales → import → Studio → export is byte-identical', async () => {
    const before = await readFile(session.storeFile);
    await session.openDictionary(tab, 'privacyPolicy');
    await session.openDictionary(tab, 'footer');
    expect(await readFile(session.storeFile)).toEqual(before);
    const out = path.join(scratch, 'unchanged');
    await exportLocales(new LocalStore(session.storeFile), { out, strict: false });
    expect(await snapshotFolder(out, ['coverage.json'])).toEqual(
      // accepted-checks.json sits beside the dictionaries and is not one: no export writes it.
      await snapshotFolder('locales', ['coverage.json', 'accepted-checks.json']),
    );
  });

  it('blocks a German copyright template without {year} from publishing, until it is fixed', async () => {
    await input('copyrightTemplate.de').fill('© {brand}. Alle Rechte vorbehalten.');
    await languageStatus('copyrightTemplate.de', 'error').waitFor();
    await eventually(() => publishButton().getAttribute('data-disabled')).toBe('true');

    await input('copyrightTemplate.de').fill('© {year} {brand}. Alle Rechte bleiben vorbehalten.');
    await eventually(() => languageStatus('copyrightTemplate.de', 'error').count()).toBe(0);
    await eventually(() => publishButton().getAttribute('data-disabled')).toBe('false');
  });

  it('warns when a Turkish text is cleared, and the coverage badge drops by one', async () => {
    const before = await coverage();
    await session.showField(tab, 'footer', 'brand.tagline.tr');
    await input('brand.tagline.tr').fill('');
    await languageStatus('brand.tagline.tr', 'warning').waitFor();
    await eventually(coverage).toEqual({ de: before.de, tr: before.tr - 1 });
    await eventually(() => publishButton().getAttribute('data-disabled')).toBe('false');
  });

  it('a second tab on the same document sees the edit without reloading', async () => {
    const second = await session.newTab();
    await session.openDictionary(second, 'footer');
    await session.showField(second, 'footer', 'brand.name.de');
    await session.showField(tab, 'footer', 'brand.name.de');
    await input('brand.name.de').fill('RG Games Studio');
    await eventually(() =>
      second.page.getByTestId('field-brand.name.de').locator('input').inputValue(),
    ).toBe('RG Games Studio');
    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  it('publishes: the dataset file holds the new text and no draft, and export-locales writes it', async () => {
    await eventually(() => publishButton().getAttribute('data-disabled')).toBe('false');
    await publishButton().click();
    await eventually(async () =>
      (await readFile(session.storeFile, 'utf8')).includes('drafts.dictionary-footer'),
    ).toBe(false);
    const footer = (await readFile(session.storeFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .find((doc) => doc._id === 'dictionary-footer');
    expect(footer.copyrightTemplate.de).toBe('© {year} {brand}. Alle Rechte bleiben vorbehalten.');
    expect(footer.brand.name.de).toBe('RG Games Studio');
    expect(footer.brand.tagline.tr).toBeUndefined();

    const out = path.join(scratch, 'published');
    // Not spawnSync: the local API runs in this process, and the publish's last steps (the
    // history file) still hold the store lock when the dataset file already shows it. A
    // blocked event loop never releases it, and export-locales gives up after 30 s.
    await run('npm', ['run', '-s', 'export-locales', '--', '--out', out], {
      env: { ...process.env, CONTENT_STORE_FILE: session.storeFile },
    });
    const de = JSON.parse(await readFile(path.join(out, 'de', 'footer.json'), 'utf8'));
    expect(de.copyrightTemplate).toBe('© {year} {brand}. Alle Rechte bleiben vorbehalten.');
    const tr = JSON.parse(await readFile(path.join(out, 'tr', 'footer.json'), 'utf8'));
    const en = JSON.parse(await readFile(path.join(out, 'en', 'footer.json'), 'utf8'));
    expect(tr.brand.tagline).toBe(en.brand.tagline);
  });

  it('shows no console error besides the offline hosts, and the API knew every request', () => {
    expect(tab.errors).toEqual([]);
    expect(session.api.unknownRoutes()).toEqual([]);
  });
});
