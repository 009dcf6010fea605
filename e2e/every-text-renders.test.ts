/**
 * The defect this guards against, on the real production server: a German hero title with
 * a zero-width space (as word processors paste it) passed the gate and `/de` answered 500
 * from then on, because the text measuring threw. Copy with the invisible characters that
 * have a use (schemas/invisible.ts: soft hyphens inside words, no-break spaces, emoji
 * sequences), emoji and right-to-left text is published by the signed webhook: it goes
 * live, and every page that shows it answers 200 with it, its preview image too. A zero-width
 * space is held back, named in the webhook's answer.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '@/testing/post-webhook';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';
import { serveBuildCopy, type RunningSite, type Variant } from '@/testing/site-server';
import { copyEmbeddedStore, E2E_CONTENT, editStored } from './content-store';
import { PLAIN_BUILD } from './variants';

const STORE = path.join(E2E_CONTENT, 'unicode.ndjson');
const SECRET = 'test-only-webhook-secret-unicode-5c2d';
const VARIANT: Variant = {
  name: 'unicode',
  env: { CONTENT_STORE_FILE: STORE, SANITY_REVALIDATE_SECRET: SECRET },
};

const HERO_TITLE = 'Spiele mit Hal\u00adtung,\u00a0שלום 😀 👩\u200d💻 ❤\ufe0f';
const BRAND = 'R\u00a0G Games 🇩🇪 👨🏽\u200d🚀';

let site: RunningSite;
let origin: string;
beforeAll(async () => {
  copyEmbeddedStore(STORE);
  site = await serveBuildCopy(PLAIN_BUILD, VARIANT);
  origin = site.url.replace('localhost', '127.0.0.1');
}, 300_000);
afterAll(() => site?.stop());

const publish = async (namespace: string) => (await postWebhook(origin, namespace, SECRET)).body;

describe('copy with invisible characters, emoji and right-to-left text', () => {
  it('goes live, and every page that shows it answers 200 with it', async () => {
    await editStored(STORE, 'dictionary-hero', (doc) => (doc.title.main.de = HERO_TITLE));
    await editStored(STORE, 'dictionary-footer', (doc) => (doc.brand.name.de = BRAND));
    expect((await publish('hero')).status).toBe('revalidated');
    expect((await publish('footer')).status).toBe('revalidated');

    const home = await fetch(`${origin}/de`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain(HERO_TITLE);
    for (const page of SITE_PAGES) {
      for (const language of LANGUAGES) {
        const response = await fetch(`${origin}${pagePath(page.slug, language)}`);
        expect(response.status, pagePath(page.slug, language)).toBe(200);
        if (language === 'de') expect(await response.text()).toContain('R\u00a0G');
        else await response.arrayBuffer();
      }
    }
    const image = await fetch(`${origin}/og/de/home.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('holds back a zero-width space, names it, and keeps serving the title before', async () => {
    await editStored(STORE, 'dictionary-hero', (doc) => (doc.title.main.de = 'Spiele\u200bmit'));
    const answer = await publish('hero');
    expect(answer).toMatchObject({ status: 'held-back' });
    expect(JSON.stringify(answer)).toContain('U+200B zero-width space at character 7');
    expect(await (await fetch(`${origin}/de`)).text()).toContain(HERO_TITLE);
  });
});
