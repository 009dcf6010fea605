/**
 * Nothing is sent or stored before the visitor says yes. Proven by what the
 * browser requests, stores and loads, with the real Firebase SDK and Google's hosts stubbed.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, setupBrowser } from './browser';
import { FIREBASE_CODE, interceptGoogle } from './google';
import { readPublished } from './published';

const browser = setupBrowser();
const site = () => baseUrl('firebase');

async function firebaseDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () =>
    (await indexedDB.databases())
      .map((db) => db.name ?? '')
      .filter((name) => /firebase/i.test(name)),
  );
}

async function analyticsCookies(page: Page): Promise<string[]> {
  return (await page.context().cookies())
    .map((c) => c.name)
    .filter((name) => /^_ga|^_gid|^_gat/.test(name));
}

/** Loaded scripts whose source contains Firebase SDK code. */
async function firebaseScripts(page: Page): Promise<string[]> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
  const hits: string[] = [];
  for (const url of urls) {
    const source = await (await fetch(url)).text();
    if (FIREBASE_CODE.test(source)) hits.push(url);
  }
  return hits;
}

/** The banner once it is interactive (it is server-rendered before its script runs). */
function banner(page: Page) {
  return page.locator('.consent-banner[data-ready]');
}

describe('before any choice', () => {
  it('sends nothing to Google, stores nothing, loads no Firebase code', async () => {
    const { page, context, errors } = await openPage(browser());
    const google = await interceptGoogle(context);
    await page.goto(`${site()}/de`, { waitUntil: 'networkidle' });
    await banner(page).waitFor();
    await page.locator('a.cta--primary').first().hover();
    await page.waitForTimeout(500);
    expect(google.requests.map((r) => r.url())).toEqual([]);
    expect(await analyticsCookies(page)).toEqual([]);
    expect(await firebaseDatabases(page)).toEqual([]);
    expect(await firebaseScripts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the banner in the page language, linked to the localised privacy policy, usable by keyboard', async () => {
    const { page, context } = await openPage(browser());
    await interceptGoogle(context);
    await page.goto(`${site()}/tr/about`);
    const common = readPublished('tr', 'common');
    await expect(banner(page).locator('h2').innerText()).resolves.toBe(common.cookieBanner.title);
    await expect(banner(page).getByRole('link').getAttribute('href')).resolves.toBe(
      '/tr/privacy-policy',
    );
    // Reach "Decline" by keyboard from the end of the page and press it.
    const decline = banner(page).getByRole('button', { name: common.cookieBanner.decline });
    await decline.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.consent-banner').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('banner and focus', () => {
  it('never covers the element that has keyboard focus (WCAG 2.4.11)', async () => {
    const { page, context } = await openPage(browser(), { width: 390, height: 700 });
    await interceptGoogle(context);
    await page.goto(`${site()}/de/faq`);
    await banner(page).waitFor();
    const bannerTop = await banner(page).evaluate((el) => el.getBoundingClientRect().top);
    // Walk the page by keyboard; every focused element stays clear of the banner.
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el.closest('.consent-banner')) return null;
        const rect = el.getBoundingClientRect();
        return { bottom: rect.bottom, name: el.textContent?.trim().slice(0, 40) };
      });
      if (focused) expect(focused.bottom, focused.name).toBeLessThanOrEqual(bannerTop + 1);
    }
    await context.close();
  });
});

describe('after Accept', () => {
  it('starts analytics and a call to action reaches the data layer as cta_click', async () => {
    const { page, context } = await openPage(browser());
    const google = await interceptGoogle(context);
    await page.goto(`${site()}/`);
    const accept = readPublished('en', 'common').cookieBanner.accept;
    await banner(page).getByRole('button', { name: accept }).click();
    await expect(banner(page).count()).resolves.toBe(0);
    await page.waitForFunction(
      () => (window.dataLayer ?? []).some((entry) => (entry as unknown[])[0] === 'config'),
      null,
      { timeout: 15_000 },
    );
    const hosts = () => new Set(google.analytics().map((r) => new URL(r.url()).hostname));
    // The SDK fetches its config and installation, then adds the gtag.js script tag.
    await expect
      .poll(() => [...hosts()].sort(), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          'firebase.googleapis.com',
          'firebaseinstallations.googleapis.com',
          'www.googletagmanager.com',
        ]),
      );
    // The detector used before consent does find the Firebase code once it is loaded.
    expect((await firebaseScripts(page)).length).toBeGreaterThan(0);
    const consent = await page.evaluate(() =>
      (window.dataLayer ?? [])
        .filter((e) => (e as unknown[])[0] === 'consent')
        .map((e) => Array.from(e as unknown[])),
    );
    expect(consent[0]).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      },
    ]);
    expect(consent[1]).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
      },
    ]);

    await page.locator('#publisher a.cta').click();
    await page.waitForFunction(
      () =>
        (window.dataLayer ?? []).some(
          (e) => (e as unknown[])[0] === 'event' && (e as unknown[])[1] === 'cta_click',
        ),
      null,
      { timeout: 10_000 },
    );
    const event = await page.evaluate(() =>
      Array.from(
        (window.dataLayer ?? []).find((e) => (e as unknown[])[1] === 'cta_click') as unknown[],
      ),
    );
    const { cta } = readPublished('en', 'publisher');
    expect(event[2]).toMatchObject({
      component: 'publisher',
      label: cta.label,
      variant: 'primary',
      destination: '/publishing',
    });
    await context.close();
  });
});

describe('after Accept on a site built without analytics settings', () => {
  it('loads no Firebase code and sends nothing', async () => {
    const { page, context, errors } = await openPage(browser());
    const google = await interceptGoogle(context);
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' });
    const accept = readPublished('en', 'common').cookieBanner.accept;
    await banner(page).getByRole('button', { name: accept }).click();
    await expect(banner(page).count()).resolves.toBe(0);
    await page.locator('#publisher a.cta').hover();
    await page.waitForLoadState('networkidle');
    expect(await firebaseScripts(page)).toEqual([]);
    expect(google.requests.map((r) => r.url())).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('after Decline, and after withdrawal', () => {
  it('Decline: nothing is sent, also after reload, and the banner does not return', async () => {
    const { page, context } = await openPage(browser());
    const google = await interceptGoogle(context);
    await page.goto(`${site()}/de`);
    const decline = readPublished('de', 'common').cookieBanner.decline;
    await banner(page).getByRole('button', { name: decline }).click();
    await page.locator('#publisher a.cta').click();
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    expect(await page.locator('.consent-banner').isVisible()).toBe(false);
    expect(google.requests).toEqual([]);
    expect(await firebaseDatabases(page)).toEqual([]);
    await context.close();
  });

  it('Accept then withdrawal from the footer: collection stops, cookies go, nothing more is sent', async () => {
    const { page, context } = await openPage(browser());
    const google = await interceptGoogle(context);
    await page.goto(`${site()}/`);
    const common = readPublished('en', 'common');
    await banner(page).getByRole('button', { name: common.cookieBanner.accept }).click();
    await page.waitForFunction(
      () => (window.dataLayer ?? []).some((e) => (e as unknown[])[0] === 'config'),
      null,
      { timeout: 15_000 },
    );
    await context.addCookies([{ name: '_ga', value: 'GA1.1.123.456', url: site() }]);
    await page.getByRole('button', { name: common.cookieBanner.settings }).click();
    await banner(page).getByRole('button', { name: common.cookieBanner.decline }).click();
    await page.waitForTimeout(300);
    expect(await analyticsCookies(page)).toEqual([]);
    google.clear();
    await page.locator('#publisher a.cta').click();
    await page.waitForTimeout(1000);
    await page.goto(`${site()}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    expect(google.analytics().map((r) => r.url())).toEqual([]);
    expect(await page.locator('.consent-banner').isVisible()).toBe(false);
    await context.close();
  });
});
