/** The banner shows only if all five texts are present and translated (not their keys). */
import type { DictionaryOf } from '@/schemas';
import { BANNER_CONSENT_KEYS as BANNER_TEXT_KEYS } from '@/schemas/consent-text';
import { isPresentText } from '@/schemas/rules';

/** Shown when they apply (a reopened choice, Global Privacy Control), left out when blank. */
const OPTIONAL_TEXT_KEYS = ['acceptedOn', 'declinedOn', 'gpcNote'] as const;

export type BannerTexts = Record<(typeof BANNER_TEXT_KEYS)[number], string> &
  Partial<Record<(typeof OPTIONAL_TEXT_KEYS)[number], string>>;

export function bannerTexts(
  cookieBanner: Partial<DictionaryOf<'common'>['cookieBanner']>,
): BannerTexts | null {
  const texts = {} as BannerTexts;
  for (const key of BANNER_TEXT_KEYS) {
    const value = cookieBanner[key];
    if (!isPresentText(value) || value.trim() === key || value.trim() === `cookieBanner.${key}`)
      return null;
    texts[key] = value.trim();
  }
  for (const key of OPTIONAL_TEXT_KEYS) {
    const value = cookieBanner[key];
    if (isPresentText(value)) texts[key] = value.trim();
  }
  return texts;
}
