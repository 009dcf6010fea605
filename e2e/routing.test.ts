/** Every route in every language: status, head, canonical and alternates; legacy redirects; the sitemap and the /locales files. */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, OG_LOCALES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { baseUrl, openPage, setupBrowser } from './browser';
import { readPublished, readServed } from './published';

const browser = setupBrowser();
const SITE = 'https://rggames.example';

const variants = SITE_PAGES.flatMap((page) => [
  { page, language: 'en' as const, path: page.slug ? `/${page.slug}` : '/' },
  ...LANGUAGES.map((language) => ({
    page,
    language,
    path: `/${language}${page.slug ? `/${page.slug}` : ''}`,
  })),
]);

describe('every route in every language', () => {
  it.each(variants.map((v) => [v.path, v] as const))(
    '%s',
    async (_, { page: sitePage, language, path }) => {
      const response = await fetch(baseUrl() + path, { redirect: 'manual' });
      expect(response.status).toBe(200);
      const html = await response.text();
      const meta = readPublished(language, sitePage.namespace).meta;
      const common = readPublished(language, 'common');
      const escapeHtml = (s: string) =>
        s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain(`<title>${escapeHtml(`${meta.title} | ${common.appName}`)}</title>`);
      const canonical = `${SITE}${language === 'en' ? '' : `/${language}`}${sitePage.slug ? `/${sitePage.slug}` : ''}`;
      expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
      for (const alt of LANGUAGES) {
        const href = `${SITE}${alt === 'en' ? '' : `/${alt}`}${sitePage.slug ? `/${sitePage.slug}` : ''}`;
        expect(html).toContain(`<link rel="alternate" hrefLang="${alt}" href="${href}"/>`);
      }
      expect(html).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]+"\/>/);
      expect(html).toContain(`<meta property="og:locale" content="${OG_LOCALES[language]}"/>`);
      expect(html).toMatch(/<h1[ >]/);
    },
  );
});

describe('pages in a real browser', () => {
  it.each(['/', '/de/about', '/tr/faq', '/en/privacy-policy', '/de/contact'])(
    '%s logs no console error',
    async (path) => {
      const { page, context, errors } = await openPage(browser());
      await page.goto(baseUrl() + path, { waitUntil: 'networkidle' });
      await expect(page.locator('h1').first().isVisible()).resolves.toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('legacy redirects', () => {
  it.each([
    ['/quarantinechronicles', 'https://quarantinechronicles.rggames.example/'],
    ['/quarantine-chronicles', 'https://quarantinechronicles.rggames.example/'],
    ['/karantina-gunlukleri', 'https://quarantinechronicles.rggames.example/'],
    ['/karantinagunlukleri', 'https://quarantinechronicles.rggames.example/'],
    ['/crazydemagogywars', 'https://quarantinechronicles.rggames.example/'],
    ['/cilginalgisavaslari', 'https://karantinagunlukleri.rggames.example/'],
  ])('%s → 308 %s', async (path, target) => {
    const response = await fetch(baseUrl() + path, { redirect: 'manual' });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe(target);
  });
});

describe('published dictionaries over HTTP', () => {
  it('serves /locales/<lang>/<namespace>.json as JSON', async () => {
    const response = await fetch(`${baseUrl()}/locales/tr/hero.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toContain('max-age=');
    expect(await response.json()).toEqual(readServed('tr', 'hero'));
  });

  it('lists the 39 canonical URLs in the sitemap and points robots.txt at it', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expect(sitemap.match(/<loc>/g)).toHaveLength(39);
    expect(sitemap).toContain('hreflang="de"');
    expect(await (await fetch(`${baseUrl()}/robots.txt`)).text()).toContain(
      `Sitemap: ${SITE}/sitemap.xml`,
    );
  });
});
