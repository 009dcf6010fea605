/** The site's languages. Every list of languages in the project derives from this one. */
export const LANGUAGES = ['en', 'de', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The languages editors translate into; English is the source every text falls back to. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter(
  (lang): lang is Exclude<Language, typeof DEFAULT_LANGUAGE> => lang !== DEFAULT_LANGUAGE,
);

/** Open Graph locale per language (`og:locale` in the page head). */
export const OG_LOCALES: Record<Language, string> = { en: 'en_US', de: 'de_DE', tr: 'tr_TR' };

/**
 * Names of the languages for editors in the Studio (not shown on the site), in each of the
 * Studio's interface languages (studio/interface-languages.ts): English, also the one of
 * schema titles and validation messages, and German.
 */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'German',
  tr: 'Turkish',
};
export const LANGUAGE_NAMES_IN_GERMAN: Record<Language, string> = {
  en: 'Englisch',
  de: 'Deutsch',
  tr: 'Türkisch',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
