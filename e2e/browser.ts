/** Browser-test fixtures: one Chromium per test file, pages with console errors collected. */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from '@/testing/chromium';
import type { VariantName } from './variants';

export { rememberConsent } from '@/testing/chromium';

export function setupBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  return () => browser;
}

export interface OpenPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen on the page. */
  errors: string[];
}

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number; javaScript?: boolean } = {},
): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    javaScriptEnabled: options.javaScript ?? true,
    reducedMotion: 'reduce',
  });
  // Content-Security-Policy violations are collected as errors too.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

export function baseUrl(variant: VariantName = 'plain'): string {
  return inject('baseUrls')[variant];
}

/**
 * Waits until a first visit's page is interactive. The framework's scripts start only after
 * the first paint (web/edge/late-scripts.ts), so a click right after the load event can still
 * meet the server-rendered page; the cookie banner, which a first visit always shows, is marked
 * `data-ready` once they have run.
 */
export function interactive(page: Page): Promise<void> {
  return page.locator('.consent-banner[data-ready]').waitFor();
}
