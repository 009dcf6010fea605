/**
 * Publish → live on one machine with no settings, end to end: the real Studio on the
 * local API, and the real site (`next build` + the production server) on the same
 * temporary dataset file. The API sends each publish to the site as `npm run studio` does
 * (localPublishNotifier), signed with the secret the two share beside the dataset; nobody
 * sets SANITY_REVALIDATE_SECRET. Copy that fails the gate, written through the API's
 * actions endpoint around the Studio (whose validation would block it), is held back;
 * translations an English edit left outdated are reported and served.
 */
import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sendPublishWebhook } from '@/content/webhook';
import { senderWebhookSecret } from '@/content/webhook-secret';
import type { RunningSite } from '@/testing/site-server';
import {
  publishEdit,
  startStudioWithSite,
  type StudioSession,
  type StudioWithSite,
  type StudioTab,
} from '@/testing/studio-servers';

/** The limit the site promises from a publish to the new text on the page. */
const LIVE_WITHIN_MS = 5_000;

let studio: StudioWithSite;
let site: RunningSite;
let session: StudioSession;
let tab: StudioTab;
/** The site's answer to a signed delivery before any sender had made the shared secret. */
let answerBeforeSecret: { status: number; message: string };

async function get(pathname: string): Promise<string> {
  return (await fetch(`${site.url}${pathname}`)).text();
}

/** A signed delivery for the hero dictionary, as Sanity sends it, and the site's answer. */
async function deliver(secret: string) {
  const response = await sendPublishWebhook(
    `${site.url}/api/revalidate`,
    { _id: 'dictionary-hero', _type: 'heroDictionary' },
    secret,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function deliverWith(secret: string) {
  const { status, body } = await deliver(secret);
  return { status, message: (body as { message: string }).message };
}

async function textOn(pathname: string, selector: string): Promise<string> {
  const page = await session.browser.newPage();
  try {
    await page.goto(`${site.url}${pathname}`);
    return await page.locator(selector).first().innerText();
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  studio = await startStudioWithSite({
    build: inject('studioBuild'),
    siteCopy: 'studio-publish',
    hooks: ['onPublished', 'publishState'],
    beforeSecret: async (started) => {
      site = started;
      answerBeforeSecret = await deliverWith(randomBytes(32).toString('hex'));
    },
  });
  ({ session, tab } = studio);
}, 420_000);

afterAll(() => studio?.stop());

const input = (path: string): Locator =>
  tab.page.getByTestId(`field-${path}`).locator('input, textarea').first();
const publishButton = () => tab.page.getByTestId('action-publish');

describe('publish → live with the local API and no settings', () => {
  it('the site refuses deliveries until a sender has made the shared secret', () => {
    expect(answerBeforeSecret.status).toBe(401);
    expect(answerBeforeSecret.message).toMatch(/this site has no webhook secret/);
  });

  it('an edit published in the Studio is on /de and /locales/de/hero.json within 5 s, without a rebuild', async () => {
    const english = await textOn('/', '#hero-title');
    await session.openDictionary(tab, 'hero');
    await session.showField(tab, 'hero', 'title.main.de');
    const edited = `Live aus dem Studio ${Date.now()}`;
    await input('title.main.de').fill(edited);
    await expect
      .poll(() => publishButton().getAttribute('data-disabled'), { timeout: 30_000 })
      .toBe('false');

    await publishButton().click();
    const clicked = Date.now();
    await expect
      .poll(
        async () =>
          (await get('/de')).includes(edited) &&
          (await get('/locales/de/hero.json')).includes(edited),
        { timeout: LIVE_WITHIN_MS, interval: 100 },
      )
      .toBe(true);
    console.log(
      `Studio Publish → /de and /locales/de/hero.json show it: ${Date.now() - clicked} ms`,
    );

    await expect(textOn('/de', '#hero-title')).resolves.toContain(edited);
    await expect(textOn('/', '#hero-title')).resolves.toBe(english);
    // The edit's number (the time) is not in the English title: a warning, never a block.
    expect(studio.notes).toEqual([
      'publish → site: dictionary-hero: 200 revalidated (3 page(s), 3 /locales file(s)); check warnings: de 1',
    ]);
    // The editor is told beside Publish, not only the terminal.
    await expect
      .poll(() => tab.page.getByText('Live on the site').first().isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(tab.errors).toEqual([]);
  });

  it('copy that fails the gate, published around the Studio, never reaches the page and is reported', async () => {
    const year = String(new Date().getFullYear());
    const footer = await textOn('/de', '.site-footer__bottom p');
    expect(footer).toContain(year);

    await publishEdit(session.api, 'dictionary-footer', {
      'copyrightTemplate.de': '© {brand}. Alle Rechte vorbehalten.',
    });

    const problem =
      'dictionary-footer (de) → copyrightTemplate: placeholders differ from English: lacks {year}';
    await expect
      .poll(() => studio.notes.at(-1), { timeout: 15_000 })
      .toBe(`publish → site: dictionary-footer: 200 held back: ${problem}`);
    await expect(textOn('/de', '.site-footer__bottom p')).resolves.toBe(footer);
    expect(JSON.parse(await get('/locales/de/footer.json')).copyrightTemplate).toContain('{year}');
    const status = JSON.parse(await get('/api/content-status')) as {
      heldBack: { namespace: string; problems: string[] }[];
    };
    expect(status.heldBack).toEqual([
      expect.objectContaining({ namespace: 'footer', problems: [problem] }),
    ]);
    // And whoever opens the dictionary in the Studio reads why, beside Publish.
    await session.openDictionary(tab, 'footer');
    await expect
      .poll(() => tab.page.getByText(`Held back: ${problem}`).first().isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
  });

  it('answers how many German and Turkish texts an English edit left outdated, and keeps serving them', async () => {
    const german = await textOn('/de', '#hero-title');
    await publishEdit(session.api, 'dictionary-hero', {
      'title.main.en': 'Games that take a clear stand,',
    });
    await expect
      .poll(() => studio.notes.at(-1), { timeout: 15_000 })
      .toBe(
        'publish → site: dictionary-hero: 200 revalidated (3 page(s), 3 /locales file(s)); outdated translations: de 1, tr 1; check warnings: de 1',
      );
    await expect(textOn('/', '#hero-title')).resolves.toContain('Games that take a clear stand,');
    await expect(textOn('/de', '#hero-title')).resolves.toBe(german);

    // The answer itself, to a delivery signed with the secret the two share.
    const answer = await deliver(
      senderWebhookSecret({ CONTENT_STORE_FILE: studio.session.storeFile }).secret,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'revalidated',
      translations: {
        de: { missing: 0, outdated: 1 },
        tr: { missing: 0, outdated: 1 },
      },
    });
  });
});
