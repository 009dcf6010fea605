/** Debian's Chromium, driven by playwright-core, as tests, benchmarks and scripts launch it. */
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser } from 'puppeteer-core';
import type { DictionaryOf } from '@/schemas';
import {
  CONSENT_RECORD_KEY,
  CONSENT_STORAGE_KEY,
  type StoredChoice,
} from '@/web/consent/stored-choice';
import { bannerVersion, publishedBanner } from '@/web/consent/version';

export const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags that keep Chromium off the (closed) network and quiet on this machine. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    ...options,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
  });
}

/**
 * The local storage of a returning visitor's consent choice: made today on the English banner
 * text that `site` publishes now (read from its `/locales`).
 */
export async function storedConsent(
  choice: 'accepted' | 'declined',
  site: string,
  made: Partial<StoredChoice> = {},
): Promise<[key: string, value: string][]> {
  const published = async <T>(file: string) =>
    (await (await fetch(`${site}/locales/en/${file}.json`)).json()) as T;
  const shown = publishedBanner(
    await published<DictionaryOf<'common'>>('common'),
    await published<DictionaryOf<'privacyPolicy'>>('privacyPolicy'),
  );
  const record: StoredChoice = {
    id: '5eed5eed5eed5eed5eed5eed5eed5eed',
    at: new Date().toISOString(),
    version: shown ? bannerVersion(shown) : '0000000000000000',
    language: 'en',
    ...made,
  };
  return [
    [CONSENT_STORAGE_KEY, choice],
    [CONSENT_RECORD_KEY, JSON.stringify(record)],
  ];
}

/** Stores a consent choice (storedConsent) before any page script runs. */
export async function rememberConsent(
  context: BrowserContext,
  choice: 'accepted' | 'declined',
  site: string,
  made: Partial<StoredChoice> = {},
): Promise<void> {
  await context.addInitScript(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    await storedConsent(choice, site, made),
  );
}

/**
 * The same Chromium driven by puppeteer-core, for what needs pages prepared in the background
 * (speculation rules' prerender): Chromium switches prerendering off while a DevTools client is
 * attached to a page directly, as Playwright attaches; Puppeteer attaches through the tab, which
 * keeps it on. Host names other than this machine's resolve to nothing, so no request leaves it.
 */
export function launchPuppeteer(): Promise<PuppeteerBrowser> {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'),
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
}
