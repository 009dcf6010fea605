/**
 * While the cookie choice is pending, the banner never hides the page: every footer link
 * can be scrolled fully into view above it, a focused element is never under it (WCAG
 * 2.4.11), and it comes early in the tab order. Every page in every language, on a phone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { baseUrl, openPage, setupBrowser } from './browser';

const browser = setupBrowser();

let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  ({ page, context } = await openPage(browser(), { width: 390, height: 700 }));
});
afterAll(() => context?.close());

const paths = LANGUAGES.flatMap((language) =>
  SITE_PAGES.map((sitePage) => `/${language}${sitePage.slug ? `/${sitePage.slug}` : ''}`),
);

/** Where the footer's links are once scrolled into view, relative to the banner and header. */
function footerLinksScrolledIntoView(target: Page) {
  return target.evaluate(() => {
    const banner = document.querySelector('.consent-banner')!;
    const header = document.querySelector('.site-header')!;
    const hidden: string[] = [];
    for (const link of document.querySelectorAll<HTMLElement>(
      '.site-footer a, .site-footer button',
    )) {
      link.scrollIntoView({ block: 'nearest', behavior: 'instant' });
      const rect = link.getBoundingClientRect();
      const bannerTop = banner.getBoundingClientRect().top;
      const headerBottom = header.getBoundingClientRect().bottom;
      // 1 px for sub-pixel layout: scrolled into view, an edge may just touch the banner.
      if (rect.bottom > bannerTop + 1 || rect.top < headerBottom - 1)
        hidden.push(
          `${link.textContent?.trim() || link.getAttribute('aria-label')}: ${Math.round(rect.top)}–${Math.round(rect.bottom)} (banner at ${Math.round(bannerTop)}, header ends ${Math.round(headerBottom)})`,
        );
    }
    return hidden;
  });
}

describe('with the cookie banner shown', () => {
  it.each(paths)(
    '%s: footer links scroll clear of it and stay clear when focused',
    async (path) => {
      await page.goto(baseUrl() + path);
      await page.locator('.consent-banner[data-ready]').waitFor();
      expect(await footerLinksScrolledIntoView(page)).toEqual([]);

      // Keyboard: from the last control before the footer, Tab through the whole footer.
      const stops = await page.locator('.site-footer a, .site-footer button').count();
      await page.evaluate(() => {
        const focusables = document.querySelectorAll<HTMLElement>(
          'main a[href], main button, main summary, main input',
        );
        (focusables[focusables.length - 1] ?? document.querySelector<HTMLElement>('main'))!.focus();
      });
      const covered: string[] = [];
      for (let i = 0; i < stops; i += 1) {
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element?.closest('.site-footer')) return null;
          const rect = element.getBoundingClientRect();
          const bannerTop = document.querySelector('.consent-banner')!.getBoundingClientRect().top;
          return rect.bottom > bannerTop + 1
            ? `${element.textContent?.trim()}: ${Math.round(rect.bottom)} > ${Math.round(bannerTop)}`
            : '';
        });
        if (focused) covered.push(focused);
      }
      expect(covered).toEqual([]);
    },
  );

  it.each(LANGUAGES)('%s: comes right after the skip link in the tab order', async (language) => {
    const wide = await openPage(browser());
    await wide.page.goto(`${baseUrl()}/${language}/about`);
    await wide.page.locator('.consent-banner[data-ready]').waitFor();
    await wide.page.keyboard.press('Tab'); // skip link
    await wide.page.keyboard.press('Tab');
    await expect(
      wide.page.evaluate(() => Boolean(document.activeElement?.closest('.consent-banner'))),
    ).resolves.toBe(true);
    // At the end of the page the banner sits below the footer, not over it.
    expect(await footerLinksScrolledIntoView(wide.page)).toEqual([]);
    await wide.context.close();
  });
});
