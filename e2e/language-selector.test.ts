/** The language selector: switching in the page, keeping query and hash, without JavaScript too. */
import { describe, expect, it } from 'vitest';
import { SITE_PAGES } from '@/schemas/site';
import { baseUrl, interactive, openPage, setupBrowser } from './browser';
import { readPublished } from './published';

const browser = setupBrowser();
const SITE = 'https://rggames.example';

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
      const { meta } = readPublished(language, sitePage.namespace);
      const { appName } = readPublished(language, 'common');
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
