/**
 * The language switch in a browser that prepares pages ahead (speculation rules, Chromium):
 * once the pointer or the keyboard focus has rested on another language's link, following it
 * shows the page the browser prepared instead of switching in the page; a click without that
 * rest still switches in the page; and a prepared page starts analytics only once it is shown.
 * Driven by Puppeteer: with Playwright attached, Chromium prepares nothing (testing/chromium.ts).
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPuppeteer, storedConsent } from '@/testing/chromium';
import { baseUrl } from './browser';
import { FIREBASE_CODE } from './google';

let browser: Browser;
beforeAll(async () => {
  browser = await launchPuppeteer();
});
afterAll(() => browser?.close());

/** Whether the data layer has the analytics configuration, i.e. analytics has started. */
const analyticsStarted = () =>
  (window.dataLayer ?? []).some((entry) => (entry as unknown[])[0] === 'config');

/**
 * A fresh profile's page at `path`, once interactive (its scripts start after the first paint):
 * for a first visit the banner marks it, with analytics accepted its start does.
 */
async function open(origin: string, path: string, consent?: 'accepted'): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  if (consent) {
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(
      (entries) => {
        for (const [key, value] of entries) localStorage.setItem(key, value);
      },
      await storedConsent(consent, origin),
    );
  }
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle0' });
  if (consent) await page.waitForFunction(analyticsStarted, { timeout: 15_000 });
  else await page.waitForSelector('.consent-banner[data-ready]');
  return page;
}

const GERMAN = '.site-header__languages a[hreflang="de"]';

/**
 * Rests the pointer on the German link, then clicks it, and waits for the German page. Shown
 * from what the browser prepared, the page replaces the document the click came from.
 */
async function switchToGerman(page: Page, restMs: number): Promise<void> {
  const link = (await page.$(GERMAN))!;
  await link.hover();
  await new Promise((resolve) => setTimeout(resolve, restMs));
  await (restMs > 0 ? Promise.all([page.waitForNavigation(), link.click()]) : link.click());
  await page.waitForFunction(() => document.documentElement.lang === 'de', { timeout: 15_000 });
}

const activationStart = (page: Page) =>
  page.evaluate(
    () =>
      (
        performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
          activationStart: number;
        }
      ).activationStart,
  );

describe('switching language in a browser that prepares pages', () => {
  it('after the pointer rested on the link: shows the prepared page, stores the choice', async () => {
    const page = await open(baseUrl(), '/about');
    await switchToGerman(page, 1_000);
    // (Puppeteer's page.url() keeps the address the prepared page replaced.)
    await expect(page.evaluate(() => location.href)).resolves.toBe(`${baseUrl()}/de/about`);
    // Only a page the browser prepared before it was shown has an activation time.
    expect(await activationStart(page)).toBeGreaterThan(0);
    await expect(page.evaluate(() => localStorage.getItem('lang'))).resolves.toBe('de');
    await expect(page.$eval('h1', (h1) => h1.textContent)).resolves.toBeTruthy();
    await page.browserContext().close();
  });

  it('after the keyboard focus rested on the link: Enter shows the prepared page', async () => {
    const page = await open(baseUrl(), '/tr/faq');
    await page.focus(GERMAN);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Only the key press: the prepared page replaces this one before a key release could reach it.
    await Promise.all([page.waitForNavigation(), page.keyboard.down('Enter')]);
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await expect(page.evaluate(() => location.pathname)).resolves.toBe('/de/faq');
    expect(await activationStart(page)).toBeGreaterThan(0);
    await page.browserContext().close();
  });

  it('on a quick click: switches in the page (nothing prepared to show)', async () => {
    const page = await open(baseUrl(), '/about');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await switchToGerman(page, 0);
    await page.waitForFunction(() => location.pathname === '/de/about');
    await expect(page.evaluate(() => 'sameDocument' in window)).resolves.toBe(true);
    await page.browserContext().close();
  });
});

describe('a prepared page with analytics accepted', () => {
  it('starts analytics only once it is shown', async () => {
    const origin = baseUrl('firebase');
    const page = await open(origin, '/about', 'accepted');
    await switchToGerman(page, 2_000);
    expect(await activationStart(page)).toBeGreaterThan(0);
    // The analytics module is a chunk of its own, loaded by the page once it starts analytics.
    await page.waitForFunction(analyticsStarted, { timeout: 15_000 });
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    );
    const analytics = [];
    for (const script of scripts) {
      const source = await (await fetch(script.url)).text();
      if (FIREBASE_CODE.test(source)) analytics.push(script);
    }
    expect(analytics.length).toBeGreaterThan(0);
    const shown = await activationStart(page);
    for (const script of analytics) expect(script.start, script.url).toBeGreaterThanOrEqual(shown);
    await page.browserContext().close();
  });
});
