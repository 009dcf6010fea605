/**
 * Draft mode on the plain build, at the wire: the local API serves the tests'
 * store (announced beside it, as `npm run studio` does), a German hero title is edited as
 * a draft, and the Studio's own `createPreviewSecret` makes the secret the enable route
 * checks. Previews show the draft with click-to-edit info, uncached and never indexed;
 * visitors, `/locales`, page heads, prerendered pages and exports never see a draft or an
 * invisible encoding character.
 */
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { stegaClean } from '@sanity/client/stega';
import { vercelStegaDecode } from '@vercel/stega';
import { createPreviewSecret } from '@sanity/preview-url-secret/create-secret';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportLocales } from '@/content/export-locales';
import { versionId } from '@/content/perspective';
import { LocalStore } from '@/content/local-store';
import { startLocalApi, type RunningLocalApi } from '@/local-api/server';
import { ApiClient } from '@/local-api/testing/client';
import { sanityClientFor } from '@/local-api/testing/sanity-client';
import { throwawayCertificate } from '@/local-api/tls';
import { NAMESPACES } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { pagePath } from '@/schemas/language-paths';
import { SITE_PAGES } from '@/schemas/site';
import { distDir } from '@/testing/site-server';
import { baseUrl, openPage, setupBrowser } from './browser';
import { E2E_STORE } from './content-store';
import { VARIANTS } from './variants';

/** The characters stega encoding hides in text: zero-width, invisible operators, BOM, tags. */
const INVISIBLE = /[\u200B-\u200F\u2060-\u2064\uFEFF\u{E0000}-\u{E007F}]/u;
const DRAFT_TITLE = 'Entwurf der Vorschau';
/** The hero's German title in a release's version of the hero (`versions.rPreview.…`). */
const RELEASE = 'rPreview';
const RELEASE_TITLE = 'Titel im Release';
const RELEASE_VERSION = versionId(RELEASE, 'dictionary-hero');
const MOVED_STUDIO = 'http://localhost:3444';

const getBrowser = setupBrowser();
let api: RunningLocalApi;
let actions: ApiClient;
let site: string;
let secret: string;
/** The cookies the enable route set (`name=value` pairs for a Cookie header). */
let previewCookies: string;

function firstInvisible(text: string): string | undefined {
  const match = INVISIBLE.exec(text);
  if (!match) return undefined;
  const at = match.index;
  return `U+${match[0].codePointAt(0)!.toString(16).toUpperCase()} near "${stegaClean(text.slice(Math.max(0, at - 40), at + 40))}"`;
}

const enable = (withSecret: string, pathname = '/de', perspective?: string) =>
  fetch(
    `${site}/api/draft-mode/enable?${new URLSearchParams({
      'sanity-preview-secret': withSecret,
      'sanity-preview-pathname': pathname,
      // What Presentation adds while it shows a release.
      ...(perspective ? { 'sanity-preview-perspective': perspective } : {}),
    })}`,
    { redirect: 'manual' },
  );

const inPreview = (pathname: string) =>
  fetch(`${site}${pathname}`, { headers: { cookie: previewCookies }, redirect: 'manual' });

beforeAll(async () => {
  site = baseUrl('plain');
  const tls = await throwawayCertificate(['127.0.0.1', 'localhost']);
  setDefaultCACertificates([...getCACertificates('default'), tls.cert]);
  // Started after the site, on another port than the default, as `STUDIO_PORT=3444 npm run
  // studio` does: the site finds this Studio through the API's announcement.
  api = await startLocalApi({
    storeFile: E2E_STORE,
    tls,
    announce: true,
    log: () => undefined,
    studioOrigins: [MOVED_STUDIO],
  });
  actions = new ApiClient(api.url, api.token);
  const edit = await actions.post(`/data/actions/${api.dataset}`, {
    actions: [
      {
        actionType: 'sanity.action.document.edit',
        draftId: 'drafts.dictionary-hero',
        publishedId: 'dictionary-hero',
        patch: { set: { 'title.main.de': DRAFT_TITLE } },
      },
    ],
  });
  expect(edit.status).toBe(200);
  // The hero's version in a release, written beside the draft as Sanity keeps it.
  const store = new LocalStore(E2E_STORE);
  await store.exclusive('e2e preview', async () => {
    const hero = (await store.readAll()).find((doc) => doc._id === 'dictionary-hero')!;
    const version = structuredClone(hero) as typeof hero & { title: { main: { de: string } } };
    version.title.main.de = RELEASE_TITLE;
    await store.commit([{ ...version, _id: RELEASE_VERSION }]);
  });
  const client = sanityClientFor(api);
  ({ secret } = await createPreviewSecret(
    client,
    'sanity/presentation',
    'http://localhost:3333/presentation',
    'e2e-editor',
  ));
});

afterAll(async () => {
  const store = new LocalStore(E2E_STORE);
  await store
    .exclusive('e2e preview', () => store.commit([], { remove: [RELEASE_VERSION] }))
    .catch(() => undefined);
  await actions
    ?.post(`/data/actions/${api.dataset}`, {
      actions: [
        {
          actionType: 'sanity.action.document.discard',
          draftId: 'drafts.dictionary-hero',
        },
      ],
    })
    .catch(() => undefined);
  actions?.close();
  await api?.close();
});

describe('entering a preview', () => {
  it('refuses a wrong secret: 401 and no draft-mode cookie', async () => {
    const response = await enable(`${secret}x`);
    expect(response.status).toBe(401);
    expect(response.headers.getSetCookie().join('\n')).not.toContain('__prerender_bypass');
    // A forged cookie is no preview: no draft, no bar, framed by no one.
    const forged = await fetch(`${site}/de`, { headers: { cookie: '__prerender_bypass=forged' } });
    const html = await forged.text();
    expect(html).not.toContain(DRAFT_TITLE);
    expect(html).not.toContain('preview-bar');
    expect(forged.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("accepts the Studio's secret: the draft-mode cookie, then the page asked for", async () => {
    const response = await enable(secret);
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get('location')!, site).pathname).toBe('/de');
    const cookies = response.headers.getSetCookie();
    expect(cookies.join('\n')).toMatch(/__prerender_bypass=[^;]+;.*HttpOnly/i);
    previewCookies = cookies.map((cookie) => cookie.split(';')[0]).join('; ');
  });
});

describe('a page in a preview', () => {
  it('shows the draft with edit info, the bar in German, private and uncached, not indexed', async () => {
    const response = await inPreview('/de');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/\bprivate\b.*\bno-store\b/);
    expect(response.headers.get('cache-control')).not.toMatch(/s-maxage|public/);
    // The Studio may frame it: the one this checkout's local API announced after the site
    // started (STUDIO_URL unset).
    expect(response.headers.get('content-security-policy')).toContain(
      `frame-ancestors 'self' ${MOVED_STUDIO}`,
    );
    const html = await response.text();
    const clean = stegaClean(html);
    expect(clean).toContain(DRAFT_TITLE);
    expect(clean).toContain('Vorschau: unveröffentlichte Änderungen');
    expect(clean).toContain('Vorschau beenden');
    expect(firstInvisible(html)).toBeDefined();
    const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
    expect(head).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(firstInvisible(head)).toBeUndefined();
    for (const [, json] of html.matchAll(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
    ))
      expect(firstInvisible(json!)).toBeUndefined();
    // Dictionaries stay the published ones, whatever the cookie.
    const hero = await inPreview('/locales/de/hero.json');
    const text = await hero.text();
    expect(text).not.toContain(DRAFT_TITLE);
    expect(firstInvisible(text)).toBeUndefined();
  });

  it('keys mode shows hero:title.main for the hero title, and the bar works by keyboard', async () => {
    const { page, context, errors } = await openPage(getBrowser());
    try {
      const { hostname } = new URL(site);
      await context.addCookies(
        previewCookies.split('; ').map((pair) => {
          const [name, value] = pair.split('=') as [string, string];
          return { name, value, domain: hostname, path: '/' };
        }),
      );
      await page.goto(`${site}/de`);
      const bar = page.getByRole('region', { name: 'Vorschau: unveröffentlichte Änderungen' });
      await bar.getByRole('link', { name: 'Textschlüssel anzeigen' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\?keys=1$/);
      expect(stegaClean(await page.locator('#hero-title').innerText())).toContain(
        'hero:title.main',
      );
      await bar.getByRole('link', { name: 'Texte anzeigen' }).click();
      await page.waitForURL((url) => url.search === '');
      expect(stegaClean(await page.locator('#hero-title').innerText())).toContain(DRAFT_TITLE);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the exit link ends the preview and returns to the page as visitors see it', async () => {
    const response = await inPreview(
      `/api/draft-mode/disable?${new URLSearchParams({ to: '/de' })}`,
    );
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get('location')!, site).pathname).toBe('/de');
    expect(response.headers.getSetCookie().join('\n')).toMatch(
      /__prerender_bypass=;.*Expires=Thu, 01 Jan 1970/i,
    );
  });
});

describe('a release in a preview', () => {
  /** A page in a preview entered as Presentation enters it while showing `perspective`. */
  async function previewWith(perspective: string, pathname = '/de') {
    const entered = await enable(secret, pathname, perspective);
    expect(entered.status).toBe(307);
    const cookie = entered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return fetch(`${site}${pathname}`, { headers: { cookie }, redirect: 'manual' });
  }

  /** A page in a preview entered without a perspective. */
  async function inPreviewWith(pathname: string) {
    const entered = await enable(secret, '/de');
    const cookie = entered.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return fetch(`${site}${pathname}`, { headers: { cookie }, redirect: 'manual' });
  }

  it("shows the release's versions over the drafts; click to edit opens the release", async () => {
    const response = await previewWith(`${RELEASE},drafts`);
    expect(response.status).toBe(200);
    // As private as any preview: never kept by a shared cache or the server's page memory.
    expect(response.headers.get('cache-control')).toMatch(/\bprivate\b.*\bno-store\b/);
    expect(response.headers.get('x-page-memory')).toBeNull();
    const html = await response.text();
    expect(stegaClean(html)).toContain(RELEASE_TITLE);
    expect(stegaClean(html)).not.toContain(DRAFT_TITLE);
    // Every text's edit link opens its document in the release's perspective.
    const title = /<h1[^>]*id="hero-title"[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!;
    const { href } = vercelStegaDecode(title) as { href: string };
    expect(new URL(href).searchParams.get('perspective')).toBe(RELEASE);
    expect(new URL(href).searchParams.get('id')).toBe('dictionary-hero');
  });

  it('follows the perspective in the address, as Presentation reloads the frame after a switch', async () => {
    const inRelease = await inPreviewWith(`/de?sanity-preview-perspective=${RELEASE},drafts`);
    expect(stegaClean(await inRelease.text())).toContain(RELEASE_TITLE);
    const inDrafts = await inPreviewWith('/de?sanity-preview-perspective=drafts');
    expect(stegaClean(await inDrafts.text())).toContain(DRAFT_TITLE);
    // Never for a visitor, whatever the address says.
    const visitor = await fetch(`${site}/de?sanity-preview-perspective=${RELEASE},drafts`);
    expect(await visitor.text()).not.toContain(RELEASE_TITLE);
  });

  it('shows the drafts for any other perspective', async () => {
    for (const perspective of ['drafts', 'published', `${RELEASE}.x,drafts`]) {
      const html = stegaClean(await (await previewWith(perspective)).text());
      expect(html, perspective).toContain(DRAFT_TITLE);
      expect(html, perspective).not.toContain(RELEASE_TITLE);
    }
  });
});

describe('after a preview, visitors get what is published', () => {
  it('every page and /locales file, served and prerendered, holds no draft and no invisible character', async () => {
    for (const page of SITE_PAGES) {
      for (const language of LANGUAGES) {
        const pathname = pagePath(page.slug, language);
        const html = await (await fetch(`${site}${pathname}`)).text();
        expect(firstInvisible(html), pathname).toBeUndefined();
        expect(html, pathname).not.toContain(DRAFT_TITLE);
        expect(html, pathname).not.toContain(RELEASE_TITLE);
      }
    }
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        const file = `/locales/${language}/${namespace}.json`;
        const text = await (await fetch(`${site}${file}`)).text();
        expect(firstInvisible(text), file).toBeUndefined();
        expect(text, file).not.toContain(DRAFT_TITLE);
        expect(text, file).not.toContain(RELEASE_TITLE);
      }
    }
    const app = path.join(distDir(VARIANTS.plain), 'server', 'app');
    // Pages, their flight data and heads, and every text route (/locales, sitemap, manifest);
    // the bodies of images and archives are binary.
    const files = (await readdir(app, { recursive: true })).filter((file) =>
      /\.(html|rsc|meta|json|(json|xml|txt|webmanifest|svg)\.body)$/.test(file),
    );
    expect(files.filter((file) => file.startsWith('locales/')).length).toBeGreaterThanOrEqual(
      NAMESPACES.length * LANGUAGES.length,
    );
    expect(files.filter((file) => file.endsWith('.html')).length).toBeGreaterThanOrEqual(
      SITE_PAGES.length * LANGUAGES.length,
    );
    for (const file of files) {
      const text = await readFile(path.join(app, file), 'utf8');
      expect(firstInvisible(text), file).toBeUndefined();
      expect(text, file).not.toContain(DRAFT_TITLE);
      expect(text, file).not.toContain(RELEASE_TITLE);
    }
  });

  it('exports hold no draft and no invisible character', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rg-preview-export-'));
    const out = path.join(dir, 'locales');
    try {
      await exportLocales(new LocalStore(E2E_STORE), { out, strict: false });
      const files = (await readdir(out, { recursive: true })).filter((file) =>
        file.endsWith('.json'),
      );
      expect(files.length).toBeGreaterThanOrEqual(NAMESPACES.length * LANGUAGES.length);
      for (const file of files) {
        const text = await readFile(path.join(out, file), 'utf8');
        expect(firstInvisible(text), file).toBeUndefined();
        expect(text, file).not.toContain(DRAFT_TITLE);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
