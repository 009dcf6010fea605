/**
 * axe-core (WCAG 2.0 A/AA, 2.1 AA, 2.2 AA) on every page in every language, also
 * with the cookie banner shown and with the phone menu open: zero violations; and the texts
 * a page shows in another language (English fallbacks) carry their `lang`.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { baseUrl, interactive, openPage, setupBrowser, rememberConsent } from './browser';
import { FALLBACKS } from './hostile-copy';

const browser = setupBrowser();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

const paths = LANGUAGES.flatMap((lang) =>
  SITE_PAGES.map((page) => `/${lang}${page.slug ? `/${page.slug}` : ''}`),
);

describe('axe on every page (choice made, banner hidden)', () => {
  it.each([...paths, '/de/no-such-page'])('%s', async (path) => {
    const { page, context } = await openPage(browser());
    await rememberConsent(context, 'declined', baseUrl());
    await page.goto(baseUrl() + path, { waitUntil: 'networkidle' });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe('axe with the cookie banner and the phone menu', () => {
  it.each(LANGUAGES)('%s: banner shown', async (lang) => {
    const { page, context } = await openPage(browser());
    await page.goto(`${baseUrl()}/${lang}`, { waitUntil: 'networkidle' });
    await page.locator('.consent-banner').waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it.each(LANGUAGES)('%s: menu open at 390 px', async (lang) => {
    const { page, context } = await openPage(browser(), { width: 390, height: 844 });
    await rememberConsent(context, 'declined', baseUrl());
    await page.goto(`${baseUrl()}/${lang}/about`, { waitUntil: 'networkidle' });
    await page.locator('.mobile-menu__button').click();
    await page.locator('.mobile-menu__panel').waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe('skip link', () => {
  it('is the first stop and moves focus to the main content', async () => {
    const { page, context } = await openPage(browser());
    await rememberConsent(context, 'declined', baseUrl());
    await page.goto(`${baseUrl()}/tr/pitch`);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toBe(
      '#main',
    );
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await context.close();
  });

  it('still moves focus once the page is interactive, as a visitor tabbing later meets it', async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto(`${baseUrl()}/de/faq`);
    await interactive(page);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('href'))).resolves.toBe(
      '#main',
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(new URL(page.url()).hash).toBe('#main');
    // The next Tab goes on from the main content, past the header's links.
    await page.keyboard.press('Tab');
    await expect(
      page.evaluate(() => Boolean(document.activeElement?.closest('main'))),
    ).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('texts in another language than the page', () => {
  /** The language each piece of text reading `text` is read in (its closest `lang`). */
  function languagesOf(page: Page, text: string): Promise<(string | null)[]> {
    return page.evaluate((wanted) => {
      const found: (string | null)[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if (node.textContent?.trim() === wanted)
          found.push(node.parentElement?.closest('[lang]')?.getAttribute('lang') ?? null);
      return found;
    }, text);
  }

  it('English fallbacks on a Turkish page carry lang="en", with and without JavaScript', async () => {
    for (const javaScript of [false, true]) {
      const { page, context } = await openPage(browser(), { javaScript });
      await rememberConsent(context, 'declined', baseUrl('hostile'));
      await page.goto(baseUrl('hostile') + FALLBACKS.page, { waitUntil: 'networkidle' });
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('tr');
      for (const text of FALLBACKS.texts) {
        const languages = await languagesOf(page, text);
        expect(languages.length, text).toBeGreaterThan(0);
        expect(languages, text).toEqual(languages.map(() => 'en'));
      }
      if (javaScript) expect(await violations(page)).toEqual([]);
      await context.close();
    }
  });
});
