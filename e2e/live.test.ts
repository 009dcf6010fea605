/**
 * Publish → live, and the gate: a running `next start` whose content store the tests
 * change directly (as a write through the API would, bypassing the Studio), then tell
 * with the signed webhook Sanity sends. Whether a page was regenerated is read from
 * Next's own `x-nextjs-cache` header: HIT means it was served from the prerendered cache.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteAddress } from '@/content/site-address';
import { newChallenge, siteProof } from '@/content/site-proof';
import { NAMESPACES, type DictionaryOf, type Namespace } from '@/schemas';
import { CONSENT_WORDING_ONLY, markWordingOnly } from '@/schemas/consent-text';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { pagesShowing, SITE_PAGES } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';
import { DEFAULT_STUDIO_URL } from '@/web/preview/preview-settings';
import { readSiteSettings } from '@/web/site/site-settings';
import { serveBuildCopy, type RunningSite } from '@/testing/site-server';
import { postWebhook } from '@/testing/post-webhook';
import { openPage, rememberConsent, setupBrowser } from './browser';
import { copyEmbeddedStore, editStored } from './content-store';
import { LIVE_STORE, LIVE_VARIANT, LIVE_WEBHOOK_SECRET, PLAIN_BUILD } from './variants';

const browser = setupBrowser();
const ELSEWHERE = 'https://elsewhere.example';
/** The origin the plain build was made for: no SITE_URL, so the default. */
const BUILT_FOR = readSiteSettings({}).SITE_URL;
let site: RunningSite;
let origin: string;

beforeAll(async () => {
  copyEmbeddedStore(LIVE_STORE);
  // The server runs with another SITE_URL than the build: a regenerated page must still link
  // to the origin the site was built for.
  site = await serveBuildCopy(PLAIN_BUILD, {
    ...LIVE_VARIANT,
    env: { ...LIVE_VARIANT.env, SITE_URL: ELSEWHERE },
  });
  origin = site.url.replace('localhost', '127.0.0.1');
}, 240_000);
afterAll(() => site?.stop());

describe("this checkout's site", () => {
  it('says where it runs beside its store, and proves it holds the webhook secret', async () => {
    // The local API sends publishes there, and the Studio frames it (content/site-address.ts).
    expect((await readSiteAddress(LIVE_STORE))?.url).toBe(site.url);
    const challenge = newChallenge();
    const answer = await fetch(`${origin}/api/revalidate?challenge=${challenge}`);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(await answer.json()).toEqual({ proof: siteProof(challenge, LIVE_WEBHOOK_SECRET) });
    expect((await fetch(`${origin}/api/revalidate?challenge=short`)).status).toBe(400);
  });
});

/**
 * A page or `/locales` file as the server answers it twice: first from Next (the build's copy,
 * or a render after a publish), then from the server's memory, once it has kept those bytes.
 */
async function servedTwice(pathname: string) {
  const first = await fetch(`${origin}${pathname}`);
  const text = await first.text();
  const etags = new Set([first.headers.get('etag')]);
  await expect
    .poll(async () => {
      const again = await fetch(`${origin}${pathname}`);
      etags.add(again.headers.get('etag'));
      expect(await again.text(), pathname).toBe(text);
      return again.headers.get('x-page-memory');
    })
    .toBe('hit');
  etags.delete(null);
  return { text, etags: [...etags] };
}

describe('the same copy, the same bytes', () => {
  it('every page and /locales file after a publish and its undoing is byte-identical to the build, with the same ETag', async () => {
    const paths = [
      ...everyPage.map(({ path }) => path),
      ...NAMESPACES.flatMap((n) => LANGUAGES.map((language) => `/locales/${language}/${n}.json`)),
    ];
    const served = async () => {
      const answers = new Map<string, Awaited<ReturnType<typeof servedTwice>>>();
      for (const pathname of paths) answers.set(pathname, await servedTwice(pathname));
      return answers;
    };
    const built = await served();
    for (const [pathname, { etags }] of built) expect(etags, pathname).toHaveLength(1);

    // Every page shows the footer: a German edit renders the English and Turkish pages again
    // from the same copy as the build did, and the German ones from new copy.
    let original = '';
    await editStored(LIVE_STORE, 'dictionary-footer', (doc) => {
      original = doc.copyrightTemplate.de;
      doc.copyrightTemplate.de = '© {year} {brand}. Alle Rechte bleiben beim Studio.';
    });
    expect((await publish('footer')).body.status).toBe('revalidated');
    const edited = await served();
    const changed = (pathname: string) =>
      pathname === '/de' || pathname.startsWith('/de/') || pathname === '/locales/de/footer.json';
    for (const pathname of paths) {
      if (changed(pathname))
        expect(edited.get(pathname)!.text, pathname).toContain('Alle Rechte bleiben beim Studio.');
      else expect(edited.get(pathname), pathname).toEqual(built.get(pathname));
    }

    await editStored(LIVE_STORE, 'dictionary-footer', (doc) => {
      doc.copyrightTemplate.de = original;
    });
    expect((await publish('footer')).body.status).toBe('revalidated');
    const undone = await served();
    for (const pathname of paths)
      expect(undone.get(pathname), pathname).toEqual(built.get(pathname));
  }, 240_000);
});

/** The limit the site promises from a publish to the new text on the page. */
const LIVE_WITHIN_MS = 5_000;

const publish = (
  namespace: Namespace | string,
  {
    secret = LIVE_WEBHOOK_SECRET,
    ...options
  }: Parameters<typeof postWebhook>[3] & {
    secret?: string;
  } = {},
) => postWebhook(origin, namespace, secret, options);

async function get(pathname: string) {
  const response = await fetch(`${origin}${pathname}`);
  return { cache: response.headers.get('x-nextjs-cache'), text: await response.text() };
}

/** A served `/locales` file, typed from schemas/: the site validated it against its shape. */
const localesJson = async <N extends Namespace>(
  language: Language,
  namespace: N,
): Promise<DictionaryOf<N>> =>
  JSON.parse((await get(`/locales/${language}/${namespace}.json`)).text) as DictionaryOf<N>;

async function status() {
  // The detail is for the webhook secret's holder (and this machine).
  const response = await fetch(`${origin}/api/content-status`, {
    headers: { authorization: `Bearer ${LIVE_WEBHOOK_SECRET}` },
  });
  return (await response.json()) as {
    heldBack: { namespace: string; document: string; problems: string[] }[];
    namespaces: Record<string, { storeReads: number }>;
  };
}

/**
 * The first request for each path after the webhook answered must already show `text`
 * (no stale copy served once more), all within the promised time from the publish.
 */
async function expectLive(sent: number, paths: string[], text: string): Promise<number> {
  const pages = await Promise.all(paths.map((pathname) => get(pathname)));
  const elapsed = Date.now() - sent;
  for (const [index, page] of pages.entries()) expect(page.text, paths[index]).toContain(text);
  expect(elapsed).toBeLessThan(LIVE_WITHIN_MS);
  return elapsed;
}

async function textOf(pathname: string, selector: string): Promise<string> {
  const { page, context } = await openPage(browser());
  await page.goto(`${origin}${pathname}`);
  const text = await page.locator(selector).first().innerText();
  await context.close();
  return text;
}

const everyPage = SITE_PAGES.flatMap((page) =>
  LANGUAGES.map((language) => ({ page, path: pagePath(page.slug, language) })),
);

describe('publish → live', () => {
  it('shows a German edit on /de and /locales/de within 5 s; English, Turkish and other pages stay as they were', async () => {
    const before = {
      en: await textOf('/', '#hero-title'),
      tr: await textOf('/tr', '#hero-title'),
      enJson: await localesJson('en', 'hero'),
      trJson: await localesJson('tr', 'hero'),
    };
    const edited = `Live bearbeitet ${Date.now()}`;
    await editStored(LIVE_STORE, 'dictionary-hero', (doc) => (doc.title.main.de = edited));

    const sent = Date.now();
    const answer = await publish('hero');
    expect(answer).toMatchObject({
      status: 200,
      body: { status: 'revalidated', namespace: 'hero', pages: ['/', '/de', '/tr'] },
    });
    const elapsed = await expectLive(sent, ['/de', '/locales/de/hero.json'], edited);
    console.log(`publish → /de and /locales/de/hero.json show the edit: ${elapsed} ms`);
    await expect(textOf('/de', '#hero-title')).resolves.toContain(edited);
    const regeneratedDe = (await get('/de')).text;
    expect(regeneratedDe).toContain(`<link rel="canonical" href="${BUILT_FOR}/de"/>`);
    expect(regeneratedDe).not.toContain(ELSEWHERE);

    await expect(textOf('/', '#hero-title')).resolves.toBe(before.en);
    await expect(textOf('/tr', '#hero-title')).resolves.toBe(before.tr);
    await expect(localesJson('en', 'hero')).resolves.toEqual(before.enJson);
    await expect(localesJson('tr', 'hero')).resolves.toEqual(before.trJson);

    // Every page and /locales file of the other namespaces still comes from the build.
    const showingHero = new Set(pagesShowing('hero'));
    const others = [
      ...everyPage.filter(({ page }) => !showingHero.has(page)).map(({ path }) => path),
      ...NAMESPACES.filter((n) => n !== 'hero').flatMap((n) =>
        LANGUAGES.map((language) => `/locales/${language}/${n}.json`),
      ),
    ];
    const regenerated = [];
    for (const pathname of others)
      if ((await get(pathname)).cache !== 'HIT') regenerated.push(pathname);
    expect(regenerated).toEqual([]);
  });

  it('a not-found page rendered again after a publish keeps its one title', async () => {
    // Next renders a page on a 404 request without its generateMetadata (StatusPageTitle).
    const title = `Nicht gefunden ${Date.now()}`;
    await editStored(LIVE_STORE, 'dictionary-error', (doc) => (doc.meta.title.de = title));
    expect((await publish('error')).status).toBe(200);
    const notFound = async () => (await fetch(`${origin}/de/gibt-es-nicht`)).text();
    await expect.poll(notFound, { timeout: LIVE_WITHIN_MS }).toContain(`<title>${title} | `);
    expect((await notFound()).match(/<title>/g)).toHaveLength(1);
  });

  it('answers unsigned, wrongly signed and stale webhooks with 401 and changes nothing', async () => {
    const served = (await localesJson('de', 'hero')).title.main;
    await editStored(
      LIVE_STORE,
      'dictionary-hero',
      (doc) => (doc.title.main.de = 'Nicht freigegeben'),
    );
    const body = JSON.stringify({ _id: 'dictionary-hero', _type: 'heroDictionary' });
    const unsigned = await fetch(`${origin}/api/revalidate`, { method: 'POST', body });
    expect(unsigned.status).toBe(401);
    expect((await publish('hero', { secret: 'not-the-secret' })).status).toBe(401);
    expect((await publish('hero', { signedAt: Date.now() - 10 * 60_000 })).status).toBe(401);

    await new Promise((resolve) => setTimeout(resolve, 500));
    const page = await get('/de');
    expect(page.cache).toBe('HIT');
    expect(page.text).toContain(served);
    expect((await localesJson('de', 'hero')).title.main).toBe(served);
    await editStored(LIVE_STORE, 'dictionary-hero', (doc) => (doc.title.main.de = served));
  });
});

describe('the Studio on a Sanity project asks the site whether a revision is live', () => {
  it('answers anyone, open to the Studio origin, with nothing but the health word', async () => {
    const ask = async (query: string) => {
      const response = await fetch(`${origin}/api/content-status?${query}`, {
        headers: { origin: DEFAULT_STUDIO_URL },
      });
      return { response, body: (await response.json()) as Record<string, unknown> };
    };
    // Sanity's documents carry a `_rev`; the store here is written as Sanity would.
    const rev = `studioRev${Date.now()}`;
    await editStored(LIVE_STORE, 'dictionary-faq', (doc) => {
      doc._rev = rev;
      doc.title.de = `FAQ ${rev}`;
    });
    expect((await ask(`document=dictionary-faq&rev=${rev}`)).body.serves).toBe(false);
    expect((await publish('faq')).status).toBe(200);
    await expect
      .poll(async () => (await ask(`document=dictionary-faq&rev=${rev}`)).body.serves, {
        timeout: LIVE_WITHIN_MS,
      })
      .toBe(true);
    const { response, body } = await ask(`document=dictionary-faq&rev=${rev}`);
    expect(response.headers.get('access-control-allow-origin')).toBe(DEFAULT_STUDIO_URL);
    expect(Object.keys(body).sort()).toEqual(['document', 'serves', 'status']);
    expect((await ask('document=dictionary-faq&rev=someOtherRev')).body.serves).toBe(false);
    expect((await ask('document=not-a-dictionary&rev=x')).response.status).toBe(400);
    expect((await ask(`document=dictionary-faq&rev=${'x'.repeat(65)}`)).response.status).toBe(400);
  });
});

describe('the gate', () => {
  it('keeps the last good footer when a German placeholder is dropped, reports it, and goes live once fixed', async () => {
    const year = new Date().getFullYear();
    const before = await textOf('/de', '.site-footer__bottom p');
    expect(before).toContain(String(year));
    const logLength = site.server.output().length;

    await editStored(LIVE_STORE, 'dictionary-footer', (doc) => {
      doc.copyrightTemplate.de = '© {brand}. Alle Rechte vorbehalten.';
    });
    const problem =
      'dictionary-footer (de) → copyrightTemplate: placeholders differ from English: lacks {year}';
    expect(await publish('footer')).toMatchObject({
      status: 200,
      body: { status: 'held-back', problems: [problem] },
    });
    expect((await publish('footer')).body.status).toBe('held-back');
    await expect(textOf('/de', '.site-footer__bottom p')).resolves.toBe(before);
    expect((await localesJson('de', 'footer')).copyrightTemplate).toContain('{year}');
    expect((await status()).heldBack).toEqual([
      expect.objectContaining({
        namespace: 'footer',
        document: 'dictionary-footer',
        problems: [problem],
      }),
    ]);
    const logLines = site.server
      .output()
      .slice(logLength)
      .split('\n')
      .filter((line) => line.includes('held back'));
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toContain(`held back dictionary-footer`);
    expect(logLines[0]).toContain(problem);

    await editStored(LIVE_STORE, 'dictionary-footer', (doc) => {
      doc.copyrightTemplate.de = '© {year} {brand}. Alle Rechte bleiben vorbehalten.';
    });
    const sent = Date.now();
    expect((await publish('footer')).body.status).toBe('revalidated');
    await expectLive(sent, ['/de', '/locales/de/footer.json'], 'Alle Rechte bleiben vorbehalten.');
    await expect(textOf('/de/about', '.site-footer__bottom p')).resolves.toBe(
      `© ${year} RG Games. Alle Rechte bleiben vorbehalten.`,
    );
    expect((await status()).heldBack).toEqual([]);
  });

  it('holds back a javascript: address written into the store; the page keeps its safe link', async () => {
    const served = await localesJson('de', 'hero');
    await editStored(LIVE_STORE, 'dictionary-hero', (doc) => {
      doc.ctas.primary.url.de = 'javascript:alert(document.cookie)';
    });
    const { body } = await publish('hero');
    expect(body).toMatchObject({ status: 'held-back' });
    expect(body.status === 'held-back' && body.problems.join('\n')).toContain(
      'dictionary-hero (de) → ctas.primary.url: "javascript:alert(document.cookie)" is not a site path',
    );
    const { page, context } = await openPage(browser());
    await page.goto(`${origin}/de`);
    await expect(page.locator('a[href^="javascript:"]').count()).resolves.toBe(0);
    await expect(page.locator('.hero a').first().getAttribute('href')).resolves.toBe(
      `/de${served.ctas.primary.url}`,
    );
    await context.close();
    expect((await status()).heldBack.map((held) => held.namespace)).toEqual(['hero']);

    await editStored(LIVE_STORE, 'dictionary-hero', (doc) => {
      doc.ctas.primary.url.de = served.ctas.primary.url;
    });
    expect((await publish('hero')).body.status).toBe('revalidated');
    expect((await status()).heldBack).toEqual([]);
  });
});

describe('the webhook endpoint', () => {
  it('answers 503 with Retry-After while the store cannot be read, and revalidates nothing', async () => {
    const stored = await readFile(LIVE_STORE, 'utf8');
    await get('/de');
    await writeFile(LIVE_STORE, '{ this line is not a JSON document\n');
    try {
      expect(await publish('hero')).toMatchObject({
        status: 503,
        retryAfter: '10',
        body: { status: 'unavailable', namespace: 'hero' },
      });
      // The page keeps its copy: nothing was expired.
      expect((await get('/de')).cache).toBe('HIT');
    } finally {
      await writeFile(LIVE_STORE, stored);
    }
    // Sanity delivers again: the store is back, so is the answer.
    expect(await publish('hero')).toMatchObject({ status: 200, body: { status: 'revalidated' } });
  });

  it('answers bad input without revalidating anything', async () => {
    await get('/de/about');
    await get('/de');
    expect((await fetch(`${origin}/api/revalidate`)).status).toBe(400);
    expect((await fetch(`${origin}/api/revalidate`, { method: 'PUT' })).status).toBe(405);
    expect(await publish('hero', { body: 'not json' })).toMatchObject({
      status: 400,
      body: { message: 'body is not JSON' },
    });
    expect(await publish('post')).toMatchObject({ status: 200, body: { status: 'ignored' } });
    expect(await publish('hero', { id: 'drafts.dictionary-hero' })).toMatchObject({
      status: 200,
      body: { status: 'ignored' },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await get('/de/about')).cache).toBe('HIT');
    expect((await get('/de')).cache).toBe('HIT');
  });

  it('coalesces a flood of webhooks for one namespace: one store read at a time, shared', async () => {
    await editStored(
      LIVE_STORE,
      'dictionary-discord',
      (doc) => (doc.title.de = 'Flut überstanden'),
    );
    const readsBefore = (await status()).namespaces.discord!.storeReads;
    const sent = Date.now();
    const answers = await Promise.all(Array.from({ length: 25 }, () => publish('discord')));
    expect(new Set(answers.map((a) => `${a.status} ${String(a.body.status)}`))).toEqual(
      new Set(['200 revalidated']),
    );
    // One read at a time per namespace, each shared by every delivery that came meanwhile
    // (the exact count depends on how the deliveries spread over time; 25 without coalescing).
    const reads = (await status()).namespaces.discord!.storeReads - readsBefore;
    console.log(`25 webhooks for one namespace: ${reads} store reads`);
    expect(reads).toBeLessThan(answers.length / 2);
    await expectLive(sent, ['/de', '/locales/de/discord.json'], 'Flut überstanden');
    expect((await get('/de/about')).cache).toBe('HIT');
  });
});

describe('npm run import-locales with SITE_REVALIDATE_URL', () => {
  it('imports, then sends the signed webhook: the running site shows the imported text', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rg-live-import-'));
    try {
      await cp('locales', path.join(dir, 'locales'), { recursive: true });
      const file = path.join(dir, 'locales', 'de', 'faqPage.json');
      const json = JSON.parse(await readFile(file, 'utf8')) as { hero: { title: string } };
      json.hero.title = 'Fragen, frisch importiert';
      await writeFile(file, JSON.stringify(json));
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/import-locales.ts', '--from', path.join(dir, 'locales')],
        {
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            CONTENT_STORE_FILE: LIVE_STORE,
            SITE_REVALIDATE_URL: `${origin}/api/revalidate`,
            SANITY_REVALIDATE_SECRET: LIVE_WEBHOOK_SECRET,
          },
        },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('dictionary-faqPage: 200 revalidated');
      await expect(textOf('/de/faq', 'main h1')).resolves.toBe('Fragen, frisch importiert');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('cookie consent after a publish', () => {
  /** A returning visitor who declined on the banner published when `remember` ran. */
  async function returningVisitor() {
    const opened = await openPage(browser());
    await rememberConsent(opened.context, 'declined', origin);
    return opened;
  }
  async function bannerShown(page: Page): Promise<boolean> {
    await page.goto(`${origin}/de`, { waitUntil: 'networkidle' });
    // The runtime checks the stored choice once the page is hydrated, after the first paint.
    await page.waitForTimeout(1000);
    return page.locator('.consent-banner').isVisible();
  }

  it('a changed banner body asks a returning visitor again; a text outside the banner does not', async () => {
    const { page, context } = await returningVisitor();
    await expect(bannerShown(page)).resolves.toBe(false);

    await editStored(LIVE_STORE, 'dictionary-common', (doc) => {
      doc.cookieBanner.settings.en = 'Cookie choices';
    });
    expect((await publish('common')).status).toBe(200);
    await expect(bannerShown(page)).resolves.toBe(false);

    await editStored(LIVE_STORE, 'dictionary-common', (doc) => {
      doc.cookieBanner.body.en += ' We also measure which pages load slowly.';
    });
    expect((await publish('common')).status).toBe(200);
    await expect(bannerShown(page)).resolves.toBe(true);
    await context.close();
  });
  it('a banner change marked wording only asks no one again; the next real change does', async () => {
    const { page, context } = await returningVisitor();
    await expect(bannerShown(page)).resolves.toBe(false);

    // Published as the Studio's "Wording only" action leaves the document.
    await editStored(LIVE_STORE, 'dictionary-common', (doc) => {
      const before = structuredClone(doc);
      doc.cookieBanner.body.en = doc.cookieBanner.body.en.replace(/\.?$/, '!');
      doc[CONSENT_WORDING_ONLY] = markWordingOnly(doc, before);
    });
    expect((await publish('common')).status).toBe(200);
    await expect(bannerShown(page)).resolves.toBe(false);

    // A change that matters keeps the old mark in the document, but asks again.
    await editStored(LIVE_STORE, 'dictionary-common', (doc) => {
      doc.cookieBanner.accept.en = 'Accept analytics';
    });
    expect((await publish('common')).status).toBe(200);
    await expect(bannerShown(page)).resolves.toBe(true);
    await context.close();
  });
});

describe('facts written once', () => {
  it('a team size changed once in the facts is on every page stating it, in every language, and in /locales', async () => {
    const stated: Record<Language, Record<string, string>> = {
      en: {
        '/': '31-person studio',
        '/about': 'Two offices, 31 people',
        '/manifesto': '31 people',
      },
      de: {
        '/de': '31-köpfiges Studio',
        '/de/about': 'Zwei Büros, 31 Leute',
        '/de/manifesto': '31 Leute',
      },
      tr: {
        '/tr': '31 kişilik bir stüdyo',
        '/tr/about': 'İki ofis, 31 kişi',
        '/tr/manifesto': '31 kişi',
      },
    };
    await editStored(LIVE_STORE, 'dictionary-facts', (doc) => (doc.teamSize = 31));
    expect(await publish('facts')).toMatchObject({
      status: 200,
      body: { status: 'revalidated', namespace: 'facts' },
    });
    for (const language of LANGUAGES) {
      for (const [pathname, text] of Object.entries(stated[language])) {
        const page = (await get(pathname)).text;
        expect(page, pathname).toContain(text);
        expect(page, pathname).not.toMatch(/\{teamSize\}|\b24 (people|Leute|kişi)/);
      }
      expect((await localesJson(language, 'hero')).subtitle, language).toContain('31');
    }
  });
});
