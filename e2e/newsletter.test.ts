/**
 * Issue 8: the signup form with the real Firebase SDK. Google's hosts are stubbed in the
 * browser, and the test asserts the exact Firestore REST commit the SDK sends.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, setupBrowser, rememberConsent } from './browser';
import { interceptGoogle, type GoogleStubs } from './google';
import { readPublished } from './published';

const browser = setupBrowser();

interface NewsletterTexts {
  form: {
    buttonLabel: string;
    emailLabel: string;
    status: { submitting: string; success: string };
    messages: { success: string };
  };
  errors: Record<string, string>;
}

async function openForm(
  variant: 'plain' | 'firebase',
  stubs: GoogleStubs = {},
  language: 'en' | 'de' | 'tr' = 'en',
) {
  const opened = await openPage(browser());
  const google = await interceptGoogle(opened.context, stubs);
  // A stored choice keeps the banner away; analytics stay off (declined).
  await rememberConsent(opened.context, 'declined');
  await opened.page.goto(`${baseUrl(variant)}/${language === 'en' ? '' : language}#newsletter`, {
    waitUntil: 'networkidle',
  });
  const texts = readPublished(language, 'newsletter') as NewsletterTexts;
  return { ...opened, google, texts };
}

async function submit(page: Page, texts: NewsletterTexts, email: string) {
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
    await page
      .locator('.newsletter-form')
      .getByRole('status')
      .getByText(texts.form.messages.success)
      .waitFor({ timeout: 15_000 });
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
    expect(write!.update.name).toMatch(
      /^projects\/rg-test\/databases\/\(default\)\/documents\/newsletterSignups\/[A-Za-z0-9]{20}$/,
    );
    const userAgent = await page.evaluate(() => navigator.userAgent.slice(0, 512));
    expect(write!.update.fields).toEqual({
      email: { stringValue: 'ada.lovelace@rggames.example' },
      source: { stringValue: 'newsletter-cta' },
      userAgent: { stringValue: userAgent },
    });
    expect(write!.updateTransforms).toEqual([
      { fieldPath: 'createdAt', setToServerValue: 'REQUEST_TIME' },
    ]);
    expect(write!.currentDocument).toEqual({ exists: false });
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
    await page
      .locator('.newsletter-form')
      .getByRole('status')
      .getByText(texts.form.messages.success)
      .waitFor({ timeout: 15_000 });
    expect(google.commits()).toHaveLength(1);
    await context.close();
  });
});
