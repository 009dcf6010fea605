/** Real Chromium (Debian's) through playwright-core, with console errors collected. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CONSENT_STORAGE_KEY } from '@/web/consent/store';

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

export function setupBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
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

/** Stores a consent choice before any page script runs, as a returning visitor has it. */
export async function rememberConsent(
  context: BrowserContext,
  choice: 'accepted' | 'declined',
): Promise<void> {
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [CONSENT_STORAGE_KEY, choice],
  );
}

export function baseUrl(variant: 'plain' | 'firebase' | 'hostile' = 'plain'): string {
  return inject('baseUrls')[variant];
}
