/** Debian's Chromium, driven by playwright-core, as tests, benchmarks and scripts launch it. */
import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright-core';
import { CONSENT_STORAGE_KEY } from '@/web/consent/store';

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
