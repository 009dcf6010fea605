import { describe, expect, it } from 'vitest';
import { languagesAskedAgain } from './consent-text';

/** Stored (Studio) documents keep each text's languages side by side. */
const common = (body: Record<string, string>, settings = 'Cookie settings') => ({
  _id: 'dictionary-common',
  cookieBanner: {
    title: { en: 'Your data, your choice', de: 'Deine Daten, deine Wahl' },
    body,
    linkLabel: { en: 'Privacy policy' },
    accept: { en: 'Accept' },
    decline: { en: 'Decline' },
    settings: { en: settings },
  },
});
const BODY = { en: 'Analytics only if you accept.', de: 'Analytics nur mit Zustimmung.' };

describe('whether publishing asks visitors for consent again', () => {
  it('names the languages whose banner text changes', () => {
    expect(languagesAskedAgain('common', common({ ...BODY, de: 'Neu.' }), common(BODY))).toEqual([
      'de',
    ]);
    // Turkish shows the English text it falls back to, so an English change reaches it too.
    expect(languagesAskedAgain('common', common({ ...BODY, en: 'New.' }), common(BODY))).toEqual([
      'en',
      'tr',
    ]);
  });

  it('asks no one for texts outside the consent text, spaces, or no change', () => {
    expect(languagesAskedAgain('common', common(BODY, 'Cookies'), common(BODY))).toEqual([]);
    expect(
      languagesAskedAgain('common', common({ ...BODY, de: ` ${BODY.de} ` }), common(BODY)),
    ).toEqual([]);
    expect(languagesAskedAgain('common', null, common(BODY))).toEqual([]);
    expect(languagesAskedAgain('hero', { title: { main: { en: 'x' } } }, {})).toEqual([]);
  });

  it("asks again when the privacy policy's date changes", () => {
    const policy = (de: string) => ({ lastUpdated: { en: '21 November 2026', de } });
    expect(
      languagesAskedAgain('privacyPolicy', policy('1. Dezember 2026'), policy('21. November 2026')),
    ).toEqual(['de']);
  });
});
