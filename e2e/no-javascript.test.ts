/**
 * With JavaScript off, the site still works: no cookie banner (nothing is tracked), the
 * phone menu opens and its language switch and links work, the newsletter form cannot
 * send the address anywhere (least of all into a URL), and the not-found page still
 * redirects after its delay.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, setupBrowser } from './browser';
import { readPublished } from './published';
import { normaliseErrorPage } from '@/web/pages/page-models';

const browser = setupBrowser();
const noScript = (width = 1280) =>
  openPage(browser(), { javaScript: false, width, height: width < 600 ? 844 : 900 });

describe('without JavaScript', () => {
  it('shows no cookie banner', async () => {
    const { page, context } = await noScript();
    await page.goto(`${baseUrl()}/de`);
    expect(await page.locator('.consent-banner').count()).toBe(1); // in the HTML …
    await expect(page.locator('.consent-banner').isVisible()).resolves.toBe(false); // … not shown
    await context.close();
  });

  it('opens the phone menu, switches language and follows a link', async () => {
    const { page, context } = await noScript(390);
    await page.goto(`${baseUrl()}/tr/about`);
    const panel = page.locator('.mobile-menu__panel');
    await expect(panel.isVisible()).resolves.toBe(false);
    await page.locator('.mobile-menu__button').click();
    await expect(panel.isVisible()).resolves.toBe(true);
    await panel.locator('a[hreflang="de"]').click();
    await page.waitForURL(`${baseUrl()}/de/about`);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await page.locator('.mobile-menu__button').click();
    await panel.getByRole('link', { name: 'Kontakt' }).click();
    await page.waitForURL(`${baseUrl()}/de/contact`);
    await context.close();
  });

  it('switches language from the desktop bar', async () => {
    const { page, context } = await noScript();
    await page.goto(`${baseUrl()}/de/faq`);
    await page.locator('.site-header__languages a[hreflang="tr"]').click();
    await page.waitForURL(`${baseUrl()}/tr/faq`);
    await context.close();
  });

  it('never sends the newsletter address, least of all in a URL, and says why', async () => {
    const { page, context } = await noScript();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
    await page.goto(`${baseUrl()}/de`);
    const form = page.locator('form.newsletter-form');
    await expect(form.getAttribute('method')).resolves.toBe('post');
    const noScriptText = readPublished('de', 'newsletter').form.noScript;
    // Playwright's text search skips <noscript>, so the note is found by its class.
    const note = form.locator('noscript .message');
    await expect(note.textContent()).resolves.toBe(noScriptText);
    await expect(note.isVisible()).resolves.toBe(true);
    await expect(form.locator('button[type="submit"]').isDisabled()).resolves.toBe(true);
    requests.length = 0;
    const input = form.locator('input[type="email"]');
    await input.fill('no-script@example.com');
    await input.press('Enter');
    await form.locator('button[type="submit"]').click({ force: true });
    await page.waitForTimeout(500);
    expect(page.url()).toBe(`${baseUrl()}/de`);
    expect(requests).toEqual([]);
    await context.close();
  });

  it('redirects from the not-found page after its delay', async () => {
    const { page, context } = await noScript();
    const { seconds } = normaliseErrorPage(readPublished('de', 'error')).redirect;
    await page.goto(`${baseUrl()}/de/gibt-es-nicht`);
    const arrived = Date.now();
    await page.waitForURL(`${baseUrl()}/de`, { timeout: (seconds + 10) * 1000 });
    // Not before the delay the page announces.
    expect(Date.now() - arrived).toBeGreaterThanOrEqual((seconds - 1) * 1000);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('de');
    await context.close();
  });
});
