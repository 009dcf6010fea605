/**
 * Preview before publishing, end to end: the real Studio's Presentation tool on the local
 * local API, framing the real site (`next build` + the production server) on the same
 * dataset. The Studio writes a preview secret, the site checks it with the API and enters
 * draft mode; typing in the Studio shows in the frame, and so do a discard and a publish;
 * a click in the frame opens the field.
 * The preview stays out of the way: no cookie banner, the site's language selector and links
 * to other sites work without breaking the frame, the bar is styled and reachable by
 * keyboard, each outline names its field, and the top bar's Presentation opens the page of
 * the dictionary being edited, in the editor's language.
 */
import { stegaClean } from '@sanity/client/stega';
import type { Frame, FrameLocator, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '@/local-api/testing/client';
import {
  clickToEdit,
  focusedField,
  publishEdit,
  startStudioWithSite,
  type StudioSession,
  type StudioWithSite,
  type StudioTab,
} from '@/testing/studio-servers';

/**
 * The promise to editors is about 2 s from the last key to the framed page (printed); the
 * assertion leaves room for a loaded test machine.
 */
const SHOWN_WITHIN_MS = 5_000;

let studio: StudioWithSite;
let siteUrl: string;
let session: StudioSession;
let tab: StudioTab;

beforeAll(async () => {
  studio = await startStudioWithSite({
    build: inject('studioBuild'),
    siteCopy: 'studio-preview',
    // As npm run studio does: the site finds the API (and its preview secrets) through it.
    preview: true,
  });
  ({ session, tab, framedSiteUrl: siteUrl } = studio);
}, 420_000);

afterAll(() => studio?.stop());

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
 * An Alt + click as an editor makes it: Alt held first, the click once the overlay has let go.
 * The overlay re-sends an Alt + click on a link as a plain click, which opens the link's text
 * unless Alt has switched the overlay off. With focus in the Studio (a field was just opened)
 * the Studio passes Alt on to the frame as a message, and a click sent in the same instant
 * overtook it: the click waits until the outline under the pointer is gone.
 */
async function altClick(target: Locator): Promise<void> {
  const position = { x: 4, y: 4 };
  const outlined = framed().locator('sanity-visual-editing [data-hovered]');
  await tab.page.mouse.move(1, 1);
  await target.hover({ position });
  await expect.poll(() => outlined.count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await tab.page.keyboard.down('Alt');
  try {
    await expect.poll(() => outlined.count(), { timeout: 30_000 }).toBe(0);
    await target.click({ modifiers: ['Alt'], position });
  } finally {
    await tab.page.keyboard.up('Alt');
  }
}

async function openPresentation(pathname: string): Promise<void> {
  // Settled first: the Studio mounts its layout, and the framed page with it, a second time
  // as it starts; a click before that can land on a frame that is about to be replaced.
  await session.openTool(
    tab,
    `presentation?preview=${encodeURIComponent(`${siteUrl}${pathname}`)}`,
  );
  await framed().locator('.preview-bar').waitFor({ timeout: 60_000 });
}

async function publicText(pathname: string, selector: string): Promise<string> {
  const page = await session.browser.newPage();
  try {
    await page.goto(`${siteUrl}${pathname}`);
    return await page.locator(selector).first().innerText();
  } finally {
    await page.close();
  }
}

/** The framed page's address, as the frame has it now. */
const framedPath = () => new URL(previewFrame().url()).pathname;

describe('the Presentation tool', () => {
  it('shows /de in draft mode, and a click on a text opens its field', async () => {
    await openPresentation('/de');
    await expect(framed().locator('.preview-bar').innerText()).resolves.toContain(
      'Vorschau: unveröffentlichte Änderungen',
    );

    await clickToEdit(tab, framed().locator('#manifesto h2').first(), 'field-title.de');
    expect(tab.page.url()).toContain('/manifestoDictionary/dictionary-manifesto');
    expect(tab.errors).toEqual([]);
  });

  it('shows German copy typed in the Studio in the frame within seconds; the public /de does not', async () => {
    const published = await publicText('/de', '#hero-title');
    // A fresh Presentation tool on /de, as an editor opens it, independent of the test before.
    await openPresentation('/de');
    // The top left corner is the main part, not the highlighted one.
    await clickToEdit(tab, framed().locator('#hero-title'), 'field-title.main.de');

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
  it('drops a discarded draft and shows a publish made elsewhere, without a reload', async () => {
    const published = await publicText('/de', '#hero-title');
    await openPresentation('/de');
    await clickToEdit(tab, framed().locator('#hero-title'), 'field-title.main.de');
    // Typed as in the test before, and shown in the frame: no keystroke is left to send.
    await tab.page.getByTestId('action-publish').waitFor({ timeout: 30_000 });
    await tab.page.waitForTimeout(2_000);
    const draft = `Verworfen${Date.now() % 100_000}`;
    await tab.page.keyboard.press('End');
    await tab.page.keyboard.type(` ${draft}`);
    await framed().locator('#hero-title', { hasText: draft }).waitFor({ timeout: 30_000 });
    // Marks this document: a reload of the frame would lose the mark.
    await previewFrame().evaluate(() => ((window as { kept?: boolean }).kept = true));
    // The Studio refreshes the page once more a second after an edit: let that pass, as an
    // editor's pause before ⋯ → Discard changes does.
    await tab.page.waitForTimeout(2_000);

    // What ⋯ → Discard changes sends.
    const api = new ApiClient(session.api.url, session.api.token);
    try {
      const discardedAt = Date.now();
      const discard = {
        actionType: 'sanity.action.document.discard',
        draftId: 'drafts.dictionary-hero',
      };
      const discarded = await api.post('/data/actions/production', { actions: [discard] });
      expect(discarded.status, discarded.text).toBe(200);
      await expect
        .poll(() => framed().locator('#hero-title').innerText(), {
          timeout: SHOWN_WITHIN_MS,
          interval: 50,
        })
        .not.toContain(draft);
      // The published text, its edit info (invisible characters) aside.
      expect(stegaClean(await framed().locator('#hero-title').innerText())).toBe(published);
      console.log(
        `Presentation: discard → the framed page drops the draft: ${Date.now() - discardedAt} ms`,
      );
    } finally {
      api.close();
    }

    // A dictionary the Studio does not have open, published elsewhere (as a restore is).
    const manifesto = `Manifest${Date.now() % 100_000}`;
    const publishedAt = Date.now();
    await publishEdit(session.api, 'dictionary-manifesto', { 'title.de': manifesto });
    await framed()
      .locator('#manifesto h2', { hasText: manifesto })
      .waitFor({ timeout: SHOWN_WITHIN_MS });
    console.log(
      `Presentation: publish elsewhere → the framed page shows it: ${Date.now() - publishedAt} ms`,
    );
    expect(await previewFrame().evaluate(() => (window as { kept?: boolean }).kept)).toBe(true);
    expect(tab.errors).toEqual([]);
  });

  it('follows a menu link on Alt + click in edit mode, without editing it; a plain click edits', async () => {
    await openPresentation('/de');
    const link = framed().locator('header a.nav-link[href="/de/about"]').first();
    // A plain click edits the link's text, as on any text.
    await clickToEdit(tab, link, /^field-header\.links\[.+\]\.name\.de$/);
    expect(tab.page.url()).toContain('/layoutDictionary/dictionary-layout');
    expect(framedPath()).toBe('/de');

    // From another dictionary, Alt + click goes to the page and leaves the link's text alone.
    await clickToEdit(tab, framed().locator('#hero-title'), 'field-title.main.de');
    const studioAddresses: string[] = [];
    tab.page.on('framenavigated', (frame) => {
      if (frame === tab.page.mainFrame()) studioAddresses.push(frame.url());
    });
    await altClick(link);
    await expect.poll(() => framedPath(), { timeout: 30_000 }).toBe('/de/about');
    await framed().locator('.preview-bar').waitFor({ timeout: 30_000 });
    await tab.page.waitForTimeout(1_000);
    expect(studioAddresses.filter((address) => address.includes('layoutDictionary'))).toEqual([]);
    expect(tab.errors).toEqual([]);
  });

  it('shows no cookie banner in the preview, which visitors still get', async () => {
    await openPresentation('/de');
    expect(await framed().locator('.consent-banner').count()).toBe(0);
    const visitor = await session.browser.newPage();
    try {
      await visitor.goto(`${siteUrl}/de`);
      await visitor.locator('.consent-banner').waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('keeps the preview when a link to another site is clicked: it opens in a new tab', async () => {
    await openPresentation('/de');
    const social = framed().locator('.social-link').first();
    const href = await social.getAttribute('href');
    expect(href).toMatch(/^https:\/\//);
    // Offline: the other site is answered here.
    await tab.context.route(href!, (route) =>
      route.fulfill({ status: 200, contentType: 'text/plain', body: 'another site' }),
    );
    const opened = tab.context.waitForEvent('page');
    await social.click();
    const popup = await opened;
    expect(popup.url()).toBe(href);
    await popup.close();
    await tab.page.bringToFront();
    expect(framedPath()).toBe('/de');
    await framed().locator('.preview-bar').waitFor();
  });

  it("switches the framed page's language with the site's own selector (in the bar or the phone menu)", async () => {
    await openPresentation('/de');
    // The page has connected to the Studio (it reports its address) and the frame settled.
    await expect
      .poll(() => tab.page.url(), { timeout: 30_000 })
      .toContain('sanity-preview-perspective');
    // The overlay must not take the clicks: the menu button and the selector's labels are no
    // fields to open.
    const inBar = framed().locator('.site-header__languages [data-language-switch="tr"]');
    const menuButton = framed().locator('.mobile-menu__button');
    if (await inBar.isVisible()) await inBar.click();
    else {
      await menuButton.click();
      await framed().locator('.mobile-menu__panel [data-language-switch="tr"]').click();
    }
    // One click: the draft page takes seconds on a loaded machine, and a second click would
    // restart the switch.
    await expect.poll(framedPath, { timeout: 30_000 }).toBe('/tr');
    await expect(framed().locator('.preview-bar').innerText()).resolves.toContain(
      'Önizleme: yayımlanmamış değişiklikler',
    );
    // Only switched: the click opened no field of the labels' dictionary (Common texts).
    await tab.page.waitForTimeout(2_000);
    expect(tab.page.url()).not.toContain('dictionary-common');
  });

  it('styles the preview bar and reaches its actions by keyboard', async () => {
    await openPresentation('/de');
    const bar = framed().locator('.preview-bar');
    // Polled: the Presentation tool may still swap its frame once after the first load.
    await expect
      .poll(
        () =>
          bar.evaluate((element) => ({
            background: getComputedStyle(element).backgroundColor,
            display: getComputedStyle(element).display,
            linkBorder: getComputedStyle(element.querySelector('.preview-bar__link')!)
              .borderTopStyle,
          })),
        { timeout: 30_000 },
      )
      .toEqual({ background: 'rgb(255, 138, 184)', display: 'flex', linkBorder: 'solid' });
    // The bar's two actions come right after the skip link, the first stop of the page.
    const focused = framed().locator(':focus');
    await framed().locator('.skip-link').focus();
    await tab.page.keyboard.press('Tab');
    expect(await focused.innerText()).toBe('Textschlüssel anzeigen');
    await tab.page.keyboard.press('Tab');
    expect(await focused.innerText()).toBe('Vorschau beenden');
  });

  it('names the field under the outline of a hovered text', async () => {
    await openPresentation('/de');
    const title = framed().locator('#hero-title');
    const label = framed().getByTestId('preview-field-label');
    await expect
      .poll(
        async () => {
          await tab.page.mouse.move(1, 1);
          await title.hover({ position: { x: 4, y: 4 } });
          await tab.page.waitForTimeout(300);
          return (await label.count()) ? label.first().innerText() : '';
        },
        { timeout: 45_000, interval: 500 },
      )
      .toBe('Title › Main › German');
  });

  it("opens, from the top bar, the page of the dictionary being edited, in the editor's language", async () => {
    await tab.page.goto(`${session.studioUrl}/structure/legal;dictionary-privacyPolicy`);
    const turkish = tab.page.getByTestId('field-title.tr').locator('input');
    await turkish.click();
    await tab.page.getByRole('link', { name: 'Presentation', exact: true }).click();
    await framed().locator('.preview-bar').waitFor({ timeout: 60_000 });
    expect(framedPath()).toBe('/tr/privacy-policy');
    expect(tab.page.url()).toContain('privacyPolicyDictionary/dictionary-privacyPolicy');
    await tab.page.getByTestId('field-title.tr').waitFor({ timeout: 30_000 });
    expect(tab.errors).toEqual([]);
  });

  it('opens the preview in the language last typed in, not the last field passed by keyboard', async () => {
    await tab.page.goto(`${session.studioUrl}/structure/legal;dictionary-privacyPolicy`);
    await tab.page.getByTestId('field-title.de').locator('input').click();
    // To the Turkish input by keyboard, and a change typed there.
    await tab.page.keyboard.press('Tab');
    expect(await focusedField(tab)).toBe('field-title.tr');
    await tab.page.keyboard.press('End');
    await tab.page.keyboard.type('!');
    await tab.page.keyboard.press('Backspace');
    // On the way to the top bar, through the German and English inputs.
    await tab.page.keyboard.press('Shift+Tab');
    await tab.page.keyboard.press('Shift+Tab');
    expect(await focusedField(tab)).toBe('field-title.en');
    await tab.page.getByRole('link', { name: 'Presentation', exact: true }).click();
    await framed().locator('.preview-bar').waitFor({ timeout: 60_000 });
    expect(framedPath()).toBe('/tr/privacy-policy');
  });
});
