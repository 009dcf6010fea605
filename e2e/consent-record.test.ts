/**
 * Consent a brand can prove, as a visitor meets it: the Firebase build on the production
 * server with the Firestore emulator (and firestore.rules), Google's hosts stubbed in
 * Chromium. Accept writes one record whose proof (`npm run consent -- proof`) prints the exact
 * banner text shown; Decline writes one and sends nothing to Google; Global Privacy Control
 * keeps analytics off until the visitor accepts here; a choice 13 months old asks again.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '@/testing/firestore-emulator';
import { serveSite, type RunningSite } from '@/testing/site-server';
import { consentCommand as runConsentCommand } from '@/web/consent/server/consent-commands';
import { CONSENT_RECORDS } from '@/web/consent/server/consent-records';
import { CONSENT_RECORD_KEY, type StoredChoice } from '@/web/consent/stored-choice';
import { openPage, rememberConsent, setupBrowser } from './browser';
import { interceptGoogle, type GoogleTraffic } from './google';
import { readPublished } from './published';
import { FIREBASE_TEST_ENV, VARIANTS } from './variants';

const browser = setupBrowser();
const PROJECT = FIREBASE_TEST_ENV.NEXT_PUBLIC_FIREBASE_PROJECT_ID;

let emulator: FirestoreEmulator;
let site: RunningSite;

beforeAll(async () => {
  emulator = await startFirestoreEmulator();
  await emulator.loadRules(PROJECT, readFileSync('firestore.rules', 'utf8'));
  site = await serveSite({
    name: VARIANTS.firebase.name,
    env: {
      ...VARIANTS.firebase.env,
      FIRESTORE_EMULATOR_HOST: emulator.address,
      // No Google metadata server to ask on this machine.
      METADATA_SERVER_DETECTION: 'none',
    },
  });
  // The proof command reads Firestore with firebase-admin, which takes the emulator from here.
  process.env.FIRESTORE_EMULATOR_HOST = emulator.address;
  process.env.METADATA_SERVER_DETECTION = 'none';
});
afterAll(async () => {
  await site?.stop();
  await emulator?.stop();
});
/**
 * The records of the consent id the page's browser keeps, in Firestore, as plain values.
 * (Each test is its own visitor; the kept banner texts stay, as they would in production.)
 */
async function recordsOf(page: Page): Promise<Record<string, string>[]> {
  const { id } = await storedChoice(page);
  const documents = await emulator.documents(PROJECT, CONSENT_RECORDS);
  return documents
    .map((document) =>
      Object.fromEntries(
        Object.entries(document.fields).map(([key, value]) => [
          key,
          String(value.stringValue ?? value.timestampValue),
        ]),
      ),
    )
    .filter((record) => record.consentId === id);
}

/** `npm run consent -- …` as the operator runs it (the command's own code, in this process). */
async function consentCommand(...args: string[]): Promise<string> {
  const out: string[] = [];
  const code = await runConsentCommand(args, {
    env: { NEXT_PUBLIC_FIREBASE_PROJECT_ID: PROJECT, FIRESTORE_EMULATOR_HOST: emulator.address },
    log: (text) => out.push(text),
    error: () => undefined,
  });
  expect(code).toBe(0);
  return `${out.join('\n')}\n`;
}

const banner = (page: Page) => page.locator('.consent-banner[data-ready]');

async function storedChoice(page: Page): Promise<StoredChoice> {
  return JSON.parse(
    (await page.evaluate((key) => localStorage.getItem(key), CONSENT_RECORD_KEY)) ?? 'null',
  ) as StoredChoice;
}

/** Analytics started: the SDK's config call reached the data layer. */
const analyticsStarted = (page: Page) =>
  page.waitForFunction(
    () => (window.dataLayer ?? []).some((entry) => (entry as unknown[])[0] === 'config'),
    null,
    { timeout: 15_000 },
  );

/** A browser that sends Global Privacy Control, in its header and to scripts. */
async function withGpc(context: BrowserContext) {
  await context.setExtraHTTPHeaders({ 'Sec-GPC': '1' });
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  );
}

describe('a decision recorded', () => {
  it('Accept on /de writes one record, and its proof prints the exact German banner shown', async () => {
    const { page, context, errors } = await openPage(browser());
    const google = await interceptGoogle(context);
    await page.goto(`${site.url}/de/about`);
    const shown = {
      title: await banner(page).locator('h2').innerText(),
      accept: await banner(page).getByRole('button').nth(1).innerText(),
    };
    const de = readPublished('de', 'common').cookieBanner;
    expect(shown).toEqual({ title: de.title, accept: de.accept });
    await banner(page).getByRole('button', { name: de.accept }).click();
    await analyticsStarted(page);
    await expect.poll(() => recordsOf(page), { timeout: 10_000 }).toHaveLength(1);
    const choice = await storedChoice(page);
    const [record] = await recordsOf(page);
    expect(record).toEqual({
      consentId: choice.id,
      decision: 'accepted',
      textVersion: choice.version,
      language: 'de',
      page: '/de/about',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The browser sent the record to the site, not to Google's Firestore host.
    expect(google.requests.filter((r) => r.url().includes('firestore'))).toEqual([]);

    const proof = await consentCommand('proof', choice.id);
    expect(proof).toContain(
      `accepted     text "${choice.version}", language "de", page "/de/about"`,
    );
    expect(proof).toContain(`${choice.version} (de, kept since`);
    const privacy = readPublished('de', 'privacyPolicy');
    for (const [field, text] of Object.entries({ ...de, privacyRevision: privacy.lastUpdated }))
      if (
        field !== 'settings' &&
        field !== 'acceptedOn' &&
        field !== 'declinedOn' &&
        field !== 'gpcNote'
      )
        expect(proof).toContain(`    ${field}: ${JSON.stringify(text)}\n`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Decline writes one record and sends nothing to Google; withdrawing later is recorded too', async () => {
    const { page, context } = await openPage(browser());
    const google = await interceptGoogle(context);
    await page.goto(`${site.url}/tr`);
    const tr = readPublished('tr', 'common').cookieBanner;
    await banner(page).getByRole('button', { name: tr.decline }).click();
    await expect.poll(() => recordsOf(page), { timeout: 10_000 }).toHaveLength(1);
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.locator('.consent-banner').isVisible()).toBe(false);
    expect(google.requests.map((r) => r.url())).toEqual([]);
    // Reopened from the footer: the choice and its date, then Accept and Decline again.
    await page.getByRole('button', { name: tr.settings }).click();
    const date = new Intl.DateTimeFormat('tr', { dateStyle: 'long' }).format(new Date());
    await expect
      .poll(() => banner(page).innerText())
      .toContain(tr.declinedOn!.replace('{date}', date));
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className))
      .toBe('consent-banner');
    await banner(page).getByRole('button', { name: tr.accept }).click();
    await analyticsStarted(page);
    await page.getByRole('button', { name: tr.settings }).click();
    await banner(page).getByRole('button', { name: tr.decline }).click();
    await expect
      .poll(async () => (await recordsOf(page)).map((r) => r.decision).sort(), { timeout: 10_000 })
      .toEqual(['accepted', 'declined', 'withdrawn']);
    expect(new Set((await recordsOf(page)).map((r) => r.consentId)).size).toBe(1);
    await context.close();
  });
});

describe('asked again', () => {
  it('a choice 13 months old no longer counts: banner, no analytics, an asked-again record', async () => {
    const { page, context } = await openPage(browser());
    const google = await interceptGoogle(context);
    const now = Date.now();
    await page.clock.install({ time: now });
    await page.goto(`${site.url}/`);
    const en = readPublished('en', 'common').cookieBanner;
    await banner(page).getByRole('button', { name: en.accept }).click();
    await analyticsStarted(page);
    await expect.poll(() => recordsOf(page), { timeout: 10_000 }).toHaveLength(1);
    // Eleven months on, it still counts.
    await page.clock.setSystemTime(now + 335 * 24 * 3600_000);
    await page.reload();
    await analyticsStarted(page);
    expect(await page.locator('.consent-banner').isVisible()).toBe(false);
    // Thirteen months on, it does not.
    await page.clock.setSystemTime(now + 396 * 24 * 3600_000);
    google.clear();
    await page.reload({ waitUntil: 'networkidle' });
    await banner(page).waitFor();
    await page.waitForTimeout(500);
    expect(google.analytics().map((r) => r.url())).toEqual([]);
    await expect
      .poll(async () => (await recordsOf(page)).map((r) => r.decision).sort(), { timeout: 10_000 })
      .toEqual(['accepted', 'asked-again']);
    await context.close();
  });
});

describe('Global Privacy Control', () => {
  async function gpcVisit(
    choice?: 'accepted',
  ): Promise<{ page: Page; google: GoogleTraffic; context: BrowserContext }> {
    const { page, context } = await openPage(browser());
    const google = await interceptGoogle(context);
    await withGpc(context);
    if (choice) await rememberConsent(context, choice, site.url);
    await page.goto(`${site.url}/de`, { waitUntil: 'networkidle' });
    await banner(page).waitFor();
    await page.waitForTimeout(500);
    return { page, google, context };
  }

  it('no analytics before an explicit Accept, and the banner says why in the page language', async () => {
    const { page, google, context } = await gpcVisit();
    const de = readPublished('de', 'common').cookieBanner;
    const note = banner(page).getByText(de.gpcNote!);
    await expect(note.isVisible()).resolves.toBe(true);
    expect(google.requests.map((r) => r.url())).toEqual([]);
    await banner(page).getByRole('button', { name: de.accept }).click();
    await analyticsStarted(page);
    expect((await storedChoice(page)).gpc).toBe(true);
    await context.close();
  });

  it('an acceptance from before GPC was on asks again, and nothing reaches Google', async () => {
    const { page, google, context } = await gpcVisit('accepted');
    expect(google.requests.map((r) => r.url())).toEqual([]);
    await expect
      .poll(async () => (await recordsOf(page)).map((r) => r.decision), { timeout: 10_000 })
      .toEqual(['asked-again']);
    await context.close();
  });
});
