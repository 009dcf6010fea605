/**
 * A release made and run in the real Studio (Sanity's Releases tool) on the local API: the
 * editor creates a release, adds changes of two dictionaries to it from their forms, and runs
 * it; both changes are published together, in one transaction.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { documentId, type Namespace } from '@/schemas';
import {
  dictionaryPath,
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

function valueAt(doc: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value as Record<string, unknown> | undefined)?.[key],
    doc,
  );
}
