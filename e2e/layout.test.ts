/**
 * Every page in every language holds its layout from phone to wide screen: the header is
 * one row (links inline where they fit, else the menu) and no word breaks mid-word.
 * One page is resized through the widths, so each URL loads once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { baseUrl, openPage, rememberConsent, setupBrowser } from './browser';
import { brokenWords, headerRow } from './layout-checks';

const browser = setupBrowser();
const HEADER_WIDTHS = [1024, 1280, 1440, 1920];
const WORD_WIDTHS = [320, 390, 1440];

let context: BrowserContext;
let page: Page;
let errors: string[];
beforeAll(async () => {
  ({ page, context, errors } = await openPage(browser()));
  await rememberConsent(context, 'declined', baseUrl());
});
afterAll(() => context?.close());

const cases = LANGUAGES.flatMap((language) =>
  SITE_PAGES.map((sitePage) => `/${language}${sitePage.slug ? `/${sitePage.slug}` : ''}`),
);

async function checkEveryWidth(page: Page, path: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(baseUrl() + path, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  for (const width of [...new Set([...WORD_WIDTHS, ...HEADER_WIDTHS])].sort((a, b) => a - b)) {
    await page.setViewportSize({ width, height: 900 });
    if (HEADER_WIDTHS.includes(width)) {
      const header = await headerRow(page);
      expect(header.offRow, `${width} px: header items off the row`).toEqual([]);
      expect(header.height, `${width} px: header height`).toBeLessThanOrEqual(header.oneRow + 1);
      expect(header.overflow, `${width} px: header overflow`).toBeLessThanOrEqual(0);
      // The links do fit a wide screen in every language: the menu is not a blanket fallback.
      if (width >= 1440) expect(header.inline, `${width} px: links inline`).toBe(true);
    }
    if (WORD_WIDTHS.includes(width))
      expect(await brokenWords(page), `${width} px: words broken mid-word`).toEqual([]);
  }
}

describe('every page in every language, at every width', () => {
  it.each(cases)('%s', async (path) => {
    await checkEveryWidth(page, path);
    expect(errors).toEqual([]);
  });

  it.each(['/de/gibt-es-nicht', '/tr/yok'])('%s (not found, countdown held)', async (path) => {
    const notFound = await openPage(browser());
    // A paused clock holds the redirect while the widths are measured.
    await notFound.context.clock.install({ time: new Date('2030-06-01T12:00:00') });
    await notFound.context.clock.pauseAt(new Date('2030-06-01T12:00:01'));
    await checkEveryWidth(notFound.page, path);
    expect(notFound.page.url()).toBe(baseUrl() + path);
    await notFound.context.close();
  });
});

describe('header across all widths', () => {
  it.each(LANGUAGES)('%s: one row from 320 to 1920 px, in steps of 16 px', async (language) => {
    await page.goto(`${baseUrl()}/${language}/press-kit`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    const wrong: string[] = [];
    for (let width = 320; width <= 1920; width += 16) {
      await page.setViewportSize({ width, height: 700 });
      const header = await headerRow(page);
      if (header.offRow.length > 0 || header.height > header.oneRow + 1 || header.overflow > 0)
        wrong.push(`${width}: ${JSON.stringify(header)}`);
    }
    expect(wrong).toEqual([]);
  });
});
