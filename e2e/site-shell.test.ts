/** Routing in three languages, head, 404, legacy redirects, language selector, phone menu. */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, OG_LOCALES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { baseUrl, interactive, openPage, setupBrowser } from './browser';
import { readPublished } from './published';

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
      const meta = (readPublished(language, sitePage.namespace) as { meta: { title: string } })
        .meta;
      const common = readPublished(language, 'common') as { appName: string };
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

describe('not found', () => {
  it.each([
    ['/no-such-page', 'en'],
    ['/de/gibt-es-nicht', 'de'],
    ['/tr/a/b/c', 'tr'],
    ['/fr/about', 'en'],
  ] as const)('%s answers 404 with the %s page', async (path, language) => {
    const response = await fetch(baseUrl() + path);
    expect(response.status).toBe(404);
    const html = await response.text();
    const error = readPublished(language, 'error') as { title: string };
    expect(html).toContain(`<html lang="${language}"`);
    expect(html).toContain(error.title.replace(/'/g, '&#x27;'));
  });

  it('counts down and then navigates to the localised target', async () => {
    const { page, context } = await openPage(browser());
    const error = readPublished('de', 'error') as {
      redirect: { message_one: string; message_other: string; seconds: number };
    };
    await page.goto(`${baseUrl()}/de/gibt-es-nicht`);
    const countdown = page.locator('.not-found__countdown');
    await expect(countdown.textContent()).resolves.toBe(
      error.redirect.message_other.replace('{seconds}', String(error.redirect.seconds)),
    );
    // At one second the singular form: "In 1 Sekunde", not "1 Sekunden".
    const one = error.redirect.message_one.replace('{seconds}', '1');
    expect(one).toContain('1 Sekunde ');
    await page.waitForFunction(
      (text) => document.querySelector('.not-found__countdown')?.textContent === text,
      one,
    );
    await page.waitForURL(`${baseUrl()}/de`, { timeout: 10_000 });
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await context.close();
  });
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
    expect(await response.json()).toEqual(readPublished('tr', 'hero'));
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

describe('language selector', () => {
  it('switches language keeping query and hash, and stores the choice', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/about?ref=mail#timeline`);
    await interactive(page);
    await page.locator('.site-header__languages a[hreflang="de"]').click();
    await page.waitForURL(`${baseUrl()}/de/about?ref=mail#timeline`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await expect(page.evaluate(() => localStorage.getItem('lang'))).resolves.toBe('de');
    await context.close();
  });

  it.each([
    ['/tr/about', 'de', '/de/about'],
    ['/de/faq', 'en', '/faq'],
  ] as const)(
    'switches from %s to %s in the page: the same document, the new language’s title, text and links',
    async (from, language, to) => {
      const { page, context, errors } = await openPage(browser());
      await page.goto(baseUrl() + from);
      await interactive(page);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.locator(`.site-header__languages a[hreflang="${language}"]`).click();
      await page.waitForURL(baseUrl() + to);
      const sitePage = SITE_PAGES.find((p) => to.endsWith(`/${p.slug}`))!;
      const { meta } = readPublished(language, sitePage.namespace) as { meta: { title: string } };
      const { appName } = readPublished(language, 'common') as { appName: string };
      await expect.poll(() => page.title()).toBe(`${meta.title} | ${appName}`);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe(language);
      await expect(page.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
        SITE + to,
      );
      await expect(
        page
          .locator(`.site-header__languages a[hreflang="${language}"]`)
          .getAttribute('aria-current'),
      ).resolves.toBe('true');
      await expect(page.evaluate(() => 'sameDocument' in window)).resolves.toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('works without JavaScript as plain links', async () => {
    const { page, context } = await openPage(browser(), { javaScript: false });
    await page.goto(`${baseUrl()}/tr/press-kit`);
    await expect(
      page.locator('.site-header__languages a[hreflang="en"]').getAttribute('href'),
    ).resolves.toBe('/press-kit');
    await expect(
      page.locator('.site-header__languages a[hreflang="de"]').getAttribute('href'),
    ).resolves.toBe('/de/press-kit');
    await context.close();
  });

  it('choosing the current language does nothing', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/de/faq#x`);
    await interactive(page);
    await page.locator('.site-header__languages a[hreflang="de"]').click();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${baseUrl()}/de/faq#x`);
    await context.close();
  });
});

describe('fetching pages ahead', () => {
  it('fetches no page on load; pointing at a link fetches its page; the click then stays in the document', async () => {
    const { page, context, errors } = await openPage(browser());
    const ahead: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch']) ahead.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}/de`, { waitUntil: 'networkidle' });
    await interactive(page);
    await page.waitForTimeout(500);
    expect(ahead).toEqual([]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const about = page.locator('.nav-list--bar a[href="/de/about"]');
    await about.hover();
    await expect.poll(() => ahead).toEqual(expect.arrayContaining(['/de/about']));
    await about.click();
    await page.waitForURL(`${baseUrl()}/de/about`);
    await expect(page.evaluate(() => 'sameDocument' in window)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('links to the site’s pages', () => {
  it('leave a click with a modifier key to the browser: the page opens elsewhere, this one stays', async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto(`${baseUrl()}/de`);
    await interactive(page);
    const about = page.locator('.nav-list--bar a[href="/de/about"]');
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      about.click({ modifiers: ['Control'] }),
    ]);
    await opened.waitForURL(`${baseUrl()}/de/about`);
    expect(page.url()).toBe(`${baseUrl()}/de`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leave a download to the browser', async () => {
    const { page, context } = await openPage(browser());
    // What the router asks for (its requests carry an RSC header): never the file.
    const routed: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['rsc']) routed.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}/press-kit`);
    await interactive(page);
    const file = page.locator('a[download]').first();
    await file.hover();
    const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect(page.url()).toBe(`${baseUrl()}/press-kit`);
    expect(routed.filter((path) => path.startsWith('/press/'))).toEqual([]);
    await context.close();
  });
});

describe('phone menu at 390 px', () => {
  it('opens, keeps focus inside, closes with Escape returning focus, and closes on navigation', async () => {
    const { page, context, errors } = await openPage(browser(), { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/de`);
    await interactive(page);
    const button = page.locator('.mobile-menu__button');
    const isOpen = () =>
      page.locator('.mobile-menu').evaluate((el) => (el as HTMLDetailsElement).open);
    await expect(page.locator('.site-nav').isVisible()).resolves.toBe(false);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(isOpen()).resolves.toBe(true);
    // Its name follows the state: "Menü schließen" while open.
    await expect(button.getByText('Menü schließen').isVisible()).resolves.toBe(true);
    await expect(button.getByText('Menü öffnen').isVisible()).resolves.toBe(false);
    const panel = page.locator('.mobile-menu__panel');
    await expect(panel.getByRole('heading').allTextContents()).resolves.toEqual([
      'Einstellungen',
      'Hauptmenü',
      'Mehr',
    ]);
    // Tab through every control: focus never leaves the button and the panel.
    const stops = await panel.locator('a').count();
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() =>
        Boolean(document.activeElement?.closest('.mobile-menu')),
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(isOpen()).resolves.toBe(false);
    await expect(
      page.evaluate(() => document.activeElement?.classList.contains('mobile-menu__button')),
    ).resolves.toBe(true);
    await button.click();
    await panel.getByRole('link', { name: 'Über uns' }).click();
    await page.waitForURL(`${baseUrl()}/de/about`);
    await expect(isOpen()).resolves.toBe(false);
    await expect(page.locator('.nav-list--bar a[aria-current="page"]').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('footer year', () => {
  it('is the visitor’s current year, also on 1 January without a rebuild, and turns over at midnight', async () => {
    const { page, context } = await openPage(browser());
    await context.clock.install({ time: new Date('2031-12-31T23:59:50') });
    await page.goto(`${baseUrl()}/de`);
    const copyright = page.locator('.site-footer__bottom p');
    await expect.poll(() => copyright.textContent()).toMatch(/© 2031 RG Games/);
    await context.clock.runFor(15_000);
    await expect.poll(() => copyright.textContent()).toMatch(/© 2032 RG Games/);
    await context.close();
  });
});

describe('scripts after the largest paint (production server)', () => {
  it.each(['/', '/de/about', '/tr/gibt-es-nicht'])(
    '%s: the framework scripts are started by one loader after the largest paint; the page is gzipped',
    async (path) => {
      const response = await fetch(baseUrl() + path, {
        headers: { accept: 'text/html', 'accept-encoding': 'gzip', 'sec-fetch-dest': 'document' },
      });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('vary')).toMatch(/rsc.*Accept-Encoding/i);
      const html = await response.text();
      expect(html).not.toMatch(/<script src="[^"]+" async="">/);
      expect(html).not.toMatch(/<link rel="preload" as="script"/);
      expect(html).toMatch(
        /<script>\(function\(\)\{.*"largest-contentful-paint".*\["\/_next\/static\/chunks\/[^"]+\.js"/,
      );
    },
  );

  // Twice each: the order of a paint and a script request is a race; a loader that does not
  // wait for the largest paint loses it on about one visit in three.
  it.each(['/de', '/tr', '/de/privacy-policy', '/de', '/tr', '/de/privacy-policy'])(
    '%s in Chromium on a slow phone: the first script is requested after the largest paint, and the page becomes interactive',
    async (path) => {
      const { page, context, errors } = await openPage(browser(), { width: 412, height: 823 });
      // Scripts requested before the largest paint is recorded share the connection with
      // it, and Lighthouse counts their download against the LCP.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        // When the loader adds a script, how many largest paints had been reported; and
        // when each script's request started.
        const seen = {
          lcp: [] as number[],
          reportedAtAdd: [] as number[],
          requests: [] as number[],
        };
        Object.assign(window, { seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.lcp.push(entry.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.name.includes('/_next/static/chunks/') && entry.name.endsWith('.js'))
              seen.requests.push(entry.startTime);
        }).observe({ type: 'resource', buffered: true });
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              // The old browsers' script (noModule) stays in the HTML and is never fetched.
              if (
                node instanceof HTMLScriptElement &&
                !node.noModule &&
                node.src.includes('/_next/static/chunks/')
              )
                seen.reportedAtAdd.push(seen.lcp.length);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(baseUrl() + path);
      await interactive(page);
      const { lcp, reportedAtAdd, requests } = await page.evaluate(
        () =>
          (
            window as unknown as {
              seen: { lcp: number[]; reportedAtAdd: number[]; requests: number[] };
            }
          ).seen,
      );
      expect(lcp.length).toBeGreaterThan(0);
      expect(reportedAtAdd.length).toBeGreaterThan(0);
      expect(Math.min(...reportedAtAdd)).toBeGreaterThan(0);
      expect(Math.min(...requests)).toBeGreaterThan(lcp[0]!);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('sends the framework its data as before', async () => {
    const response = await fetch(`${baseUrl()}/de/about`, { headers: { rsc: '1' } });
    expect(response.headers.get('content-type')).toMatch(/text\/x-component/);
    expect(await response.text()).not.toContain('requestAnimationFrame');
  });
});

describe('pictures and social glyphs from the sprite', () => {
  it('are referenced by every page and served once, cached for a year', async () => {
    const html = await (await fetch(`${baseUrl()}/tr`)).text();
    const hrefs = new Set(
      [...html.matchAll(/<use href="([^"#]+)#[^"]+"/g)].map(([, href]) => href),
    );
    expect(hrefs.size).toBe(1);
    const [sprite] = hrefs;
    const response = await fetch(baseUrl() + sprite);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol/);
    expect((await fetch(`${baseUrl()}/images/sprite.0.svg`)).status).toBe(404);
  });

  it('paint in the browser, in the colours the page gives them', async () => {
    // The same elements with the sprite and with its download refused must look different.
    const shots = async (refuseSprite: boolean) => {
      const { page, context } = await openPage(browser(), { width: 1280, height: 900 });
      if (refuseSprite) await page.route('**/images/**', (route) => route.abort());
      await page.goto(`${baseUrl()}/de`, { waitUntil: 'networkidle' });
      const figure = page.locator('#faq .illustration svg');
      const glyph = page.locator('.social-link svg').first();
      const taken = [await figure.screenshot(), await glyph.screenshot()];
      await context.close();
      return taken;
    };
    const [[figure, glyph], [emptyFigure, emptyGlyph]] = [await shots(false), await shots(true)];
    expect(figure!.equals(emptyFigure!)).toBe(false);
    expect(glyph!.equals(emptyGlyph!)).toBe(false);
  });
});
