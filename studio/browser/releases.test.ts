/**
 * A release made and run in the real Studio (Sanity's Releases tool) on the local API: the
 * editor creates a release, adds changes of two dictionaries to it from their forms, and runs
 * it; both changes are published together, in one transaction. A text another open release
 * also changes gets a warning beside it as the editor types.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ApiClient } from '@/local-api/testing/client';
import { documentId, type Namespace } from '@/schemas';
import {
  dictionaryPath,
  fieldIn,
  inputIn,
  startStudioSession,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio-servers';

let session: StudioSession;
let tab: StudioTab;

beforeAll(async () => {
  session = await startStudioSession({ build: inject('studioBuild') });
  tab = await session.newTab();
}, 240_000);

afterAll(() => session?.close());

const CHANGES: [Namespace, string, string][] = [
  ['footer', 'brand.name.en', ' Launch'],
  ['hero', 'eyebrow.en', ' Launch'],
];

it('creates a release, adds two dictionaries to it and runs it: both published at once', async () => {
  const { page } = tab;
  await session.openTool(tab, 'releases');
  await page
    .getByRole('button', { name: /new release/i })
    .first()
    .click();
  await page.getByPlaceholder('Untitled release').fill('Launch');
  await page.getByRole('button', { name: 'Create release' }).click();
  await page.waitForURL(/\/releases\/r[A-Za-z0-9_-]+/, { timeout: 30_000 });
  const release = /\/releases\/(r[A-Za-z0-9_-]+)/.exec(page.url())![1]!;

  const before = new Map<string, string>();
  for (const [namespace, field, added] of CHANGES) {
    await page.goto(`${session.studioUrl}${dictionaryPath(namespace)}?perspective=${release}`);
    await page.getByRole('button', { name: 'Add to release' }).click({ timeout: 60_000 });
    await session.showField(tab, namespace, field);
    const input = inputIn(tab, field);
    before.set(namespace, await input.inputValue());
    await input.click();
    await input.press('End');
    await page.keyboard.type(added);
    const [top, ...rest] = field.split('.');
    const versionId = `versions.${release}.${documentId(namespace)}`;
    await expect
      .poll(() => valueAt(session.api.store.get(versionId), [top!, ...rest]), { timeout: 20_000 })
      .toBe(`${before.get(namespace)}${added}`);
  }

  await page.goto(`${session.studioUrl}/releases/${release}`);
  await page.getByRole('button', { name: 'Run release' }).click({ timeout: 60_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Run release' }).click();
  await expect
    .poll(() => session.api.store.get(`_.releases.${release}`)?.state, { timeout: 30_000 })
    .toBe('published');

  // Both published, by the same transaction, and no version left behind.
  const published = CHANGES.map(([namespace]) => session.api.store.get(documentId(namespace))!);
  for (const [index, [namespace, field, added]] of CHANGES.entries())
    expect(valueAt(published[index], field.split('.'))).toBe(`${before.get(namespace)}${added}`);
  expect(new Set(published.map((doc) => doc._rev)).size).toBe(1);
  expect(session.api.store.all().filter((doc) => doc._id.startsWith('versions.'))).toEqual([]);
  expect(tab.errors).toEqual([]);
}, 300_000);

it('warns beside a text another open release also changes, without blocking', async () => {
  const { page } = tab;
  const FOOTER = documentId('footer');
  const api = new ApiClient(session.api.url, session.api.token);
  const act = async (action: Record<string, unknown>) => {
    const answer = await api.post('/data/actions/production', { actions: [action] });
    expect(answer.status, answer.text).toBe(200);
  };
  try {
    // Another editor's release "Summer" changes the English brand name; "Autumn" is empty.
    for (const [name, title] of [
      ['rSummer', 'Summer'],
      ['rAutumn', 'Autumn'],
    ])
      await act({
        actionType: 'sanity.action.release.create',
        releaseId: name,
        metadata: { title },
      });
    await act({
      actionType: 'sanity.action.document.version.create',
      publishedId: FOOTER,
      baseId: FOOTER,
      versionId: `versions.rSummer.${FOOTER}`,
    });
    await act({
      actionType: 'sanity.action.document.edit',
      draftId: `versions.rSummer.${FOOTER}`,
      publishedId: FOOTER,
      patch: { set: { 'brand.name.en': 'Summer brand' } },
    });
  } finally {
    api.close();
  }

  await page.goto(`${session.studioUrl}${dictionaryPath('footer')}?perspective=rAutumn`);
  await page.getByRole('button', { name: 'Add to release' }).click({ timeout: 60_000 });
  await session.showField(tab, 'footer', 'brand.name.en');
  /** What one language of the brand name says under its input, at one level. */
  const said = (language: string, level: 'errors' | 'warnings') =>
    fieldIn(tab, 'brand.name').locator(
      `[data-language-field="${language}"] [data-testid="field-${level}"]`,
    );
  const message = 'Release “Summer” also changes this text; the release published last wins.';
  const name = inputIn(tab, 'brand.name.en');
  await name.click();
  await name.press('End');
  await page.keyboard.type(' Autumn');
  await expect
    .poll(async () => (await said('en', 'warnings').allInnerTexts()).join('\n'), {
      timeout: 30_000,
    })
    .toContain(message);
  // A text only this release changes has none; the warning is no error.
  const german = inputIn(tab, 'brand.name.de');
  await german.click();
  await german.press('End');
  await page.keyboard.type(' Herbst');
  await expect
    .poll(() =>
      valueAt(session.api.store.get(`versions.rAutumn.${FOOTER}`), ['brand', 'name', 'de']),
    )
    .toMatch(/ Herbst$/);
  expect(await said('de', 'warnings').count()).toBe(0);
  expect(await said('en', 'errors').count()).toBe(0);
  expect(tab.errors).toEqual([]);
}, 300_000);

function valueAt(doc: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value as Record<string, unknown> | undefined)?.[key],
    doc,
  );
}
