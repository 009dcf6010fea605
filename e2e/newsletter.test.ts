/**
 * The signup form with the real Firebase SDK. Google's hosts are stubbed in the browser, and
 * the tests assert the exact Firestore REST commit the SDK sends; one group sends that very
 * request on to the Firestore emulator running firestore.rules, so the rules are proven
 * against what the shipped client writes.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { startFirestoreEmulator, type FirestoreEmulator } from '@/testing/firestore-emulator';
import { consentText, consentVersion } from '@/web/newsletter/signup-consent-text';
import { signupId } from '@/web/newsletter/signup';
import { baseUrl, openPage, setupBrowser, rememberConsent } from './browser';
import { interceptGoogle, type GoogleStubs } from './google';
import { readPublished } from './published';
import { FIREBASE_TEST_ENV } from './variants';

const browser = setupBrowser();

/** The version of the consent texts a page in `language` shows (web/newsletter/signup-consent-text.ts). */
const versionOf = (language: 'en' | 'de' | 'tr') =>
  consentVersion(consentText(readPublished(language, 'newsletter')));

async function openForm(
  variant: 'plain' | 'firebase',
  stubs: GoogleStubs = {},
  language: 'en' | 'de' | 'tr' = 'en',
) {
  const opened = await openPage(browser());
  const google = await interceptGoogle(opened.context, stubs);
  // A stored choice keeps the banner away; analytics stay off (declined).
  await rememberConsent(opened.context, 'declined', baseUrl(variant));
  await opened.page.goto(`${baseUrl(variant)}/${language === 'en' ? '' : language}#newsletter`, {
    waitUntil: 'networkidle',
  });
  const texts = readPublished(language, 'newsletter');
  return { ...opened, google, texts };
}

/** Waits for the form's success message (the write goes to Firestore first). */
async function successShown(page: Page, texts: DictionaryOf<'newsletter'>) {
  await page
    .locator('.newsletter-form')
    .getByRole('status')
    .getByText(texts.form.messages.success)
    .waitFor({ timeout: 15_000 });
}

async function submit(page: Page, texts: DictionaryOf<'newsletter'>, email: string) {
  await page.getByLabel(texts.form.emailLabel).fill(email);
  await page.getByRole('button', { name: texts.form.buttonLabel }).click();
}

describe('newsletter signup', () => {
  it('sends exactly one Firestore commit with App Check, and shows success', async () => {
    const { page, context, google, texts, errors } = await openForm('firebase');
    expect(google.requests, 'no Firebase request before the visitor touches the form').toEqual([]);
    await page.getByLabel(texts.form.emailLabel).fill('  Ada.Lovelace@RGGames.Example ');
    const button = page.getByRole('button', { name: texts.form.buttonLabel });
    await button.dblclick();
    await successShown(page, texts);
    await expect(
      page.getByRole('button', { name: texts.form.status.success }).isDisabled(),
    ).resolves.toBe(true);
    await expect(page.getByLabel(texts.form.emailLabel).inputValue()).resolves.toBe('');

    const commits = google.commits();
    expect(commits).toHaveLength(1);
    const commit = commits[0]!;
    expect(new URL(commit.url()).pathname).toBe(
      '/v1/projects/rg-test/databases/(default)/documents:commit',
    );
    expect(commit.headers()['x-firebase-appcheck']).toBe('app-check-test-token');
    const body = commit.postDataJSON() as {
      writes: {
        update: { name: string; fields: unknown };
        updateTransforms: unknown;
        currentDocument: unknown;
      }[];
    };
    expect(body.writes).toHaveLength(1);
    const [write] = body.writes;
    // One document per address: its id is the SHA-256 of the normalised address.
    expect(write!.update.name).toBe(
      `projects/rg-test/databases/(default)/documents/newsletterSignups/${await signupId('ada.lovelace@rggames.example')}`,
    );
    const userAgent = await page.evaluate(() => navigator.userAgent.slice(0, 512));
    expect(write!.update.fields).toEqual({
      email: { stringValue: 'ada.lovelace@rggames.example' },
      source: { stringValue: 'newsletter-cta' },
      // Where the request was made and what it agreed to, for the proof of consent.
      language: { stringValue: 'en' },
      page: { stringValue: '/' },
      consentVersion: { stringValue: versionOf('en') },
      userAgent: { stringValue: userAgent },
    });
    expect(write!.updateTransforms).toEqual([
      { fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' },
    ]);
    // No precondition: a repeat signup is the same request, answered the same way.
    expect(write!.currentDocument).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without settings answers backend-not-configured', async () => {
    const { page, context, google, texts } = await openForm('plain', {}, 'de');
    await submit(page, texts, 'ada@rggames.example');
    await expect(page.locator('.newsletter-form').getByRole('alert').innerText()).resolves.toBe(
      texts.errors.backendNotConfigured,
    );
    expect(google.requests).toEqual([]);
    await context.close();
  });

  it('when the reCAPTCHA script fails, answers app-check-unavailable within the timeout and writes nothing', async () => {
    const { page, context, google, texts } = await openForm(
      'firebase',
      { recaptchaFails: true },
      'tr',
    );
    const started = Date.now();
    await submit(page, texts, 'ada@rggames.example');
    await expect(
      page.getByRole('button', { name: texts.form.status.submitting }).isDisabled(),
    ).resolves.toBe(true);
    await page.locator('.newsletter-form').getByRole('alert').waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(12_000);
    await expect(page.locator('.newsletter-form').getByRole('alert').innerText()).resolves.toBe(
      texts.errors.appCheckUnavailable,
    );
    await expect(
      page.getByRole('button', { name: texts.form.buttonLabel }).isEnabled(),
    ).resolves.toBe(true);
    expect(google.commits()).toEqual([]);
    await context.close();
  });

  it('when the commit is refused (403), shows the permission message', async () => {
    const { page, context, texts } = await openForm('firebase', { commitStatus: 403 }, 'de');
    await submit(page, texts, 'ada@rggames.example');
    await page.locator('.newsletter-form').getByRole('alert').waitFor({ timeout: 15_000 });
    await expect(page.locator('.newsletter-form').getByRole('alert').innerText()).resolves.toBe(
      texts.errors.permissionDenied,
    );
    await context.close();
  });

  it('works by keyboard and requires an e-mail in the browser', async () => {
    const { page, context, texts, google } = await openForm('firebase');
    const input = page.getByLabel(texts.form.emailLabel);
    await expect(input.getAttribute('type')).resolves.toBe('email');
    await expect(input.getAttribute('required')).resolves.toBe('');
    await input.focus();
    await page.keyboard.press('Enter');
    await expect(
      input.evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
    ).resolves.toBe(true);
    await page.keyboard.type('ada@rggames.example');
    await page.keyboard.press('Enter');
    await successShown(page, texts);
    expect(google.commits()).toHaveLength(1);
    await context.close();
  });
});

describe('newsletter signup against the Firestore emulator and firestore.rules', () => {
  const project = FIREBASE_TEST_ENV.NEXT_PUBLIC_FIREBASE_PROJECT_ID;
  let emulator: FirestoreEmulator;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    await emulator.loadRules(project, readFileSync('firestore.rules', 'utf8'));
  });
  beforeEach(() => emulator.clear(project));
  afterAll(() => emulator?.stop());

  const signUp = async (email: string, language: 'en' | 'de' = 'en') => {
    const opened = await openForm(
      'firebase',
      { firestoreEmulator: `http://${emulator.address}` },
      language,
    );
    await submit(opened.page, opened.texts, email);
    return opened;
  };

  it('stores the first signup and answers a repeat exactly the same, with one document', async () => {
    const userAgents: string[] = [];
    for (const [email, language] of [
      ['  Ada.Lovelace@RGGames.Example ', 'en'],
      ['ada.lovelace@rggames.example', 'de'],
    ] as const) {
      const { page, context, texts, google, errors } = await signUp(email, language);
      await successShown(page, texts);
      expect(google.commits()).toHaveLength(1);
      expect(errors).toEqual([]);
      userAgents.push(await page.evaluate(() => navigator.userAgent.slice(0, 512)));
      await context.close();
    }
    const documents = await emulator.documents(project, 'newsletterSignups');
    expect(documents.map((d) => d.name)).toEqual([
      `projects/${project}/databases/(default)/documents/newsletterSignups/${await signupId('ada.lovelace@rggames.example')}`,
    ]);
    const { createdAt, ...fields } = documents[0]!.fields;
    expect(fields).toEqual({
      email: { stringValue: 'ada.lovelace@rggames.example' },
      source: { stringValue: 'newsletter-cta' },
      language: { stringValue: 'de' },
      page: { stringValue: '/de' },
      consentVersion: { stringValue: versionOf('de') },
      userAgent: { stringValue: userAgents[1] },
    });
    expect(createdAt).toHaveProperty('timestampValue');
  });

  it('shows the permission message when the rules refuse the write', async () => {
    // The form checks an address exactly as firestore.rules does, so nothing it sends is
    // refused by them; rules that refuse every signup (a project whose rules were changed)
    // make the emulator answer PERMISSION_DENIED to the real SDK.
    await emulator.loadRules(
      project,
      "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read, write: if false; } } }",
    );
    try {
      const { page, context, texts } = await signUp('ada@rggames.example', 'de');
      await page.locator('.newsletter-form').getByRole('alert').waitFor({ timeout: 15_000 });
      await expect(page.locator('.newsletter-form').getByRole('alert').innerText()).resolves.toBe(
        texts.errors.permissionDenied,
      );
      expect(await emulator.documents(project, 'newsletterSignups')).toEqual([]);
      await context.close();
    } finally {
      await emulator.loadRules(project, readFileSync('firestore.rules', 'utf8'));
    }
  });
});
