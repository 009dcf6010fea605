/**
 * Preview before publishing, end to end: the real Studio's Presentation tool on the local
 * local API, framing the real site (`next build` + the production server) on the same
 * dataset. The Studio writes a preview secret, the site checks it with the API and enters
 * draft mode; typing in the Studio shows in the frame; a click in the frame opens the field.
 */
import { rm } from 'node:fs/promises';
import type { Frame, FrameLocator, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningSite } from '@/testing/site-server';
import {
  serveSiteCopy,
  startStudioSession,
  temporaryDataset,
  type StudioSession,
  type StudioTab,
} from '@/testing/studio';

/**
 * The promise to editors is about 2 s from the last key to the framed page (printed); the
 * assertion leaves room for a loaded test machine.
 */
const SHOWN_WITHIN_MS = 5_000;

let dataset: { dir: string; storeFile: string };
let site: RunningSite;
let siteUrl: string;
let session: StudioSession;
let tab: StudioTab;

beforeAll(async () => {
  dataset = await temporaryDataset();
  session = await startStudioSession({
    build: inject('studioBuild'),
    storeFile: dataset.storeFile,
    // As npm run studio does: the site finds the API (and its preview secrets) through it.
    api: { announce: true },
  });
  site = await serveSiteCopy('studio-preview', dataset.storeFile, {
    STUDIO_URL: session.studioUrl,
  });
  // The Studio serves from 127.0.0.1: the site on the same host is same-site to it.
  siteUrl = site.url.replace('localhost', '127.0.0.1');
  tab = await session.newTab();
}, 420_000);

afterAll(async () => {
  await session?.close();
  await site?.stop();
  if (dataset) await rm(dataset.dir, { recursive: true, force: true });
});

const framed = (): FrameLocator => tab.page.frameLocator('iframe');

/** The framed page itself (for timing in the page, without a round trip per check). */
function previewFrame(): Frame {
  const frame = tab.page
    .frames()
    .find((f) => f !== tab.page.mainFrame() && f.url().startsWith(siteUrl));
  if (!frame) throw new Error(`no frame shows ${siteUrl}`);
  return frame;
}

/**
 * Clicks `target` in the frame until the Studio focuses `field`: the overlay takes clicks
 * only once it has registered the page's texts and reached the Studio, a moment after load.
 */
async function clickToEdit(target: Locator, field: string): Promise<void> {
  await expect
    .poll(
      async () => {
        // The overlay tracks the pointer: come from outside, hover, then click.
        await tab.page.mouse.move(1, 1);
        await target.hover({ position: { x: 4, y: 4 } });
        await tab.page.waitForTimeout(300);
        await target.click({ position: { x: 4, y: 4 } });
        await tab.page.waitForTimeout(1_000);
        return focusedField();
      },
      { timeout: 45_000, interval: 500 },
    )
    .toBe(field);
}

async function openPresentation(pathname: string): Promise<void> {
  await tab.page.goto(
    `${session.studioUrl}/presentation?preview=${encodeURIComponent(`${siteUrl}${pathname}`)}`,
  );
  await framed().locator('.preview-bar').waitFor({ timeout: 60_000 });
}

const focusedField = () =>
  tab.page.evaluate(() =>
    document.activeElement?.closest('[data-testid^="field-"]')?.getAttribute('data-testid'),
  );

async function publicText(pathname: string, selector: string): Promise<string> {
  const page = await session.browser.newPage();
  try {
    await page.goto(`${siteUrl}${pathname}`);
    return await page.locator(selector).first().innerText();
  } finally {
    await page.close();
  }
}

describe('the Presentation tool', () => {
  it('shows /de in draft mode, and a click on a text opens its field', async () => {
    await openPresentation('/de');
    await expect(framed().locator('.preview-bar').innerText()).resolves.toContain(
      'Vorschau: unveröffentlichte Änderungen',
    );

    await clickToEdit(framed().locator('#manifesto h2').first(), 'field-title.de');
    expect(tab.page.url()).toContain('/manifestoDictionary/dictionary-manifesto');
    expect(tab.errors).toEqual([]);
  });

  it('shows German copy typed in the Studio in the frame within seconds; the public /de does not', async () => {
    const published = await publicText('/de', '#hero-title');
    // A fresh Presentation tool on /de, as an editor opens it, independent of the test before.
    await openPresentation('/de');
    // The top left corner is the main part, not the highlighted one.
    await clickToEdit(framed().locator('#hero-title'), 'field-title.main.de');

    // The Presentation tool tells the page about edits from the moment it has read the
    // opened document's state; keys typed before that change the draft, but the page hears
    // of it only with the next edit. An editor never types that fast after a click.
    await tab.page.getByTestId('action-publish').waitFor({ timeout: 30_000 });
    await tab.page.waitForTimeout(2_000);
    const typed = `Entwurf${Date.now() % 100_000}`;
    // The page notes when the text first shows, so that polling adds nothing to the time.
    await previewFrame().evaluate((text) => {
      const state = window as unknown as { shownAt?: number };
      new MutationObserver(() => {
        if (!state.shownAt && document.querySelector('#hero-title')?.textContent?.includes(text))
          state.shownAt = Date.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, typed);
    await tab.page.keyboard.press('End');
    await tab.page.keyboard.type(` ${typed}`);
    const typedAt = Date.now();

    await framed().locator('#hero-title', { hasText: typed }).waitFor({ timeout: 30_000 });
    const shownAt = await previewFrame().evaluate(
      () => (window as unknown as { shownAt?: number }).shownAt ?? Date.now(),
    );
    console.log(`Presentation: last key → text in the framed page: ${shownAt - typedAt} ms`);
    expect(shownAt - typedAt).toBeLessThanOrEqual(SHOWN_WITHIN_MS);

    // Not published: visitors still get the published text.
    await expect(publicText('/de', '#hero-title')).resolves.toBe(published);
    expect(await (await fetch(`${siteUrl}/de`)).text()).not.toContain(typed);
    expect(tab.errors).toEqual([]);
  });
});
