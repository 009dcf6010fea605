/** The not-found page: localised, status 404, and its countdown to the redirect target. */
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, setupBrowser } from './browser';
import { readPublished } from './published';
import { normaliseErrorPage } from '@/web/pages/page-models';

const browser = setupBrowser();

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
    const error = readPublished(language, 'error');
    expect(html).toContain(`<html lang="${language}"`);
    expect(html).toContain(error.title.replace(/'/g, '&#x27;'));
  });

  it('counts down and then navigates to the localised target', async () => {
    const { page, context } = await openPage(browser());
    const { redirect } = normaliseErrorPage(readPublished('de', 'error'));
    await page.goto(`${baseUrl()}/de/gibt-es-nicht`);
    const countdown = page.locator('.not-found__countdown');
    await expect(countdown.textContent()).resolves.toBe(
      redirect.message!.other.replace('{seconds}', String(redirect.seconds)),
    );
    // At one second the singular form: "In 1 Sekunde", not "1 Sekunden".
    const one = redirect.message!.one.replace('{seconds}', '1');
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
