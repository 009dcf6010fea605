/**
 * The cookie consent badge in the real Studio (built from studio/) on the real local API: a
 * change to the banner body says publishing asks visitors again; "Wording only" beside
 * Publish marks it, the badge then says no one is asked again, and the published document
 * carries the mark the site reads (web/consent/version.ts).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CONSENT_WORDING_ONLY } from '@/schemas/consent-text';
import {
  inputIn,
  studioWithScratch,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio-servers';

let session: StudioSession;
let tab: StudioTab;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ session, tab, close } = await studioWithScratch(inject('studioBuild'), 'rg-studio-consent-'));
});
afterAll(() => close?.());

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 30_000 });

async function stored(id: string): Promise<Record<string, unknown> | undefined> {
  return (await readFile(session.storeFile, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((doc) => doc._id === id);
}

describe('cookie banner change marked wording only', () => {
  it('turns "asks visitors again" into "not asked again", and publishes the mark', async () => {
    const { page } = tab;
    await session.openDictionary(tab, 'common');
    await session.showField(tab, 'common', 'cookieBanner.body');
    const body = inputIn(tab, 'cookieBanner.body.en');
    await body.fill(`${await body.inputValue()}!`);
    const asked = page.getByText(/^Publishing asks visitors again \(en\)$/).first();
    await asked.waitFor({ timeout: 30_000 });

    await page.getByTestId('action-menu-button').click();
    await page.getByRole('menuitem', { name: /Wording only – don’t ask visitors again/ }).click();
    await page
      .getByText(/^Wording only: visitors are not asked again \(en\)$/)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await asked.count()).toBe(0);

    const publish = page.getByTestId('action-publish');
    await eventually(() => publish.getAttribute('data-disabled')).toBe('false');
    await publish.click();
    await eventually(async () => (await stored('drafts.dictionary-common')) === undefined).toBe(
      true,
    );
    const marks = (await stored('dictionary-common'))?.[CONSENT_WORDING_ONLY] as
      Record<string, string> | undefined;
    expect(Object.keys(marks ?? {}).sort()).toEqual(['en']);
  });
});
