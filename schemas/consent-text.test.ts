import { describe, expect, it } from 'vitest';
import {
  bannerWords,
  CONSENT_WORDING_ONLY,
  earlierWordsThatCount,
  languagesAskedAgain,
  languagesMarkedWordingOnly,
  markWordingOnly,
} from './consent-text';

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

describe('a banner change marked wording only', () => {
  /** Publishing `draft` as the Studio does: the document with its field, as it was marked. */
  const marked = <T extends object>(draft: T, published: object) => ({
    ...draft,
    [CONSENT_WORDING_ONLY]: markWordingOnly(draft, published),
  });
  /** Whether a consent given on `agreed` still counts where `published` is the banner. */
  const stillCounts = (agreed: object, published: object, language: 'de' | 'en' = 'de') => {
    const words = bannerWords(agreed, language);
    const now = bannerWords(published, language);
    const earlier = earlierWordsThatCount(
      (published as Record<string, unknown>)[CONSENT_WORDING_ONLY],
      language,
      now,
    );
    return (
      words.join('\n') === now.join('\n') ||
      earlier.some((other) => other.join('\n') === words.join('\n'))
    );
  };

  const v1 = common(BODY);
  const typo = common({ ...BODY, de: 'Analytics nur mit Zustimmung!' });

  it('keeps a consent given to the words before valid, and the badge says so', () => {
    expect(stillCounts(v1, typo)).toBe(false);
    const v2 = marked(typo, v1);
    expect(languagesMarkedWordingOnly(v2, v1)).toEqual(['de']);
    expect(stillCounts(v1, v2)).toBe(true);
    // A second typo fix, marked again: both earlier wordings still count.
    const v3 = marked(common({ ...BODY, de: 'Analytics nur mit deiner Zustimmung!' }), v2);
    expect(stillCounts(v1, v3)).toBe(true);
    expect(stillCounts(v2, v3)).toBe(true);
  });

  it('asks again after a later change that is not marked, even with the old mark kept', () => {
    const v2 = marked(typo, v1);
    // The draft keeps the field as it was; the banner changes in a way that matters.
    const v3 = {
      ...v2,
      cookieBanner: { ...v2.cookieBanner, body: { ...BODY, de: 'Neu: Karten.' } },
    };
    expect(languagesMarkedWordingOnly(v3, v2)).toEqual([]);
    expect(stillCounts(v1, v3)).toBe(false);
    expect(stillCounts(v2, v3)).toBe(false);
  });

  it('stops counting once the draft changes again after the mark', () => {
    const v2 = marked(typo, v1);
    const edited = { ...v2, cookieBanner: { ...v2.cookieBanner, title: { en: 'Cookies?' } } };
    expect(languagesMarkedWordingOnly(edited, v1)).toEqual([]);
    expect(languagesAskedAgain('common', edited, v1)).toEqual(['en', 'de', 'tr']);
  });

  it('counts nothing from a malformed mark', () => {
    const broken = { ...typo, [CONSENT_WORDING_ONLY]: { de: '{"now":' } };
    expect(stillCounts(v1, broken)).toBe(false);
    expect(
      earlierWordsThatCount({ de: JSON.stringify({ now: ['x'], earlier: [] }) }, 'de', ['x']),
    ).toEqual([]);
  });
});
