import { describe, expect, it } from 'vitest';
import { confirmationsOffReason, readNewsletterSettings } from './site-settings';

const FIREBASE = { NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'rg-prod' };

describe('readNewsletterSettings', () => {
  it('without settings: no records and no mails, and says why', () => {
    const settings = readNewsletterSettings({});
    expect(settings).toEqual({ projectId: undefined, mail: undefined });
    expect(confirmationsOffReason(settings)).toMatch(/Firebase settings/);
    expect(confirmationsOffReason(readNewsletterSettings({ ...FIREBASE, SMTP_URL: ' ' }))).toBe(
      'SMTP_URL is not set',
    );
  });

  it('with SMTP_URL and the Firebase project: mails on, from the site’s host by default', () => {
    const settings = readNewsletterSettings({
      ...FIREBASE,
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      SITE_URL: 'https://www.rggames.example',
    });
    expect(settings).toEqual({
      projectId: 'rg-prod',
      mail: {
        smtpUrl: 'smtps://user:secret@smtp.example.com:465',
        from: 'newsletter@www.rggames.example',
        retrySeconds: 60,
      },
    });
    expect(confirmationsOffReason(settings)).toBeUndefined();
    expect(
      readNewsletterSettings({
        ...FIREBASE,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        NEWSLETTER_FROM: 'hello@rggames.example',
        NEWSLETTER_RETRY_SECONDS: '5',
      }).mail,
    ).toEqual({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'hello@rggames.example', retrySeconds: 5 });
  });

  it.each([
    ['SMTP_URL', 'https://smtp.example.com', /smtp:\/\/ or smtps:\/\/[\s\S]*→ at SMTP_URL/],
    ['SMTP_URL', 'smtp.example.com:587', /SMTP_URL/],
    ['NEWSLETTER_FROM', 'RG Games', /e-mail address[\s\S]*→ at NEWSLETTER_FROM/],
    ['NEWSLETTER_RETRY_SECONDS', '0', /at least 1 second[\s\S]*→ at NEWSLETTER_RETRY_SECONDS/],
    ['NEWSLETTER_RETRY_SECONDS', 'soon', /NEWSLETTER_RETRY_SECONDS/],
  ])('names a malformed %s (%j)', (name, value, message) => {
    expect(() =>
      readNewsletterSettings({ ...FIREBASE, SMTP_URL: 'smtp://x', [name]: value }),
    ).toThrow(message);
  });

  it('never repeats the SMTP password in its message', () => {
    expect(() =>
      readNewsletterSettings({ SMTP_URL: 'http://user:hunter2@smtp.example.com' }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('hunter2') }));
  });
});
