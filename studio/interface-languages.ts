/**
 * The Studio's own interface (menus, buttons, messages) in English or German, chosen per
 * editor in the user menu; the dictionaries' texts are not affected. Sanity opens on the
 * last locale it is given, so English goes last: it stays the default for everyone.
 */
import { deDELocale } from '@sanity/locale-de-de';
import { defineLocaleResourceBundle, definePlugin } from 'sanity';
import {
  LANGUAGE_NAMES,
  LANGUAGE_NAMES_IN_GERMAN,
  LANGUAGES,
  type Language,
} from '../schemas/languages';

const DEFAULT_INTERFACE_LOCALE = 'en-US';

export const interfaceLanguages = definePlugin({
  name: 'rg-interface-languages',
  plugins: [deDELocale()],
  i18n: {
    locales: (locales) => [
      ...locales.filter((locale) => locale.id !== DEFAULT_INTERFACE_LOCALE),
      ...locales.filter((locale) => locale.id === DEFAULT_INTERFACE_LOCALE),
    ],
  },
});

/** The key of a site language's name in every namespace `defineInterfaceTexts` makes. */
export type LanguageNameKey = `language.${Language}`;

function languageNames(names: Record<Language, string>): Record<LanguageNameKey, string> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [`language.${language}`, names[language]]),
  ) as Record<LanguageNameKey, string>;
}

/**
 * One namespace of the Studio's own texts in both interface languages, each with the names
 * of the site's languages (`language.de` …) from schemas/languages.ts, so no bundle restates
 * them. German must have every English key: a missing one would show the key itself.
 */
export function defineInterfaceTexts<Key extends string>(
  namespace: string,
  texts: { en: Record<Key, string>; de: NoInfer<Record<Key, string>> },
) {
  return [
    defineLocaleResourceBundle({
      locale: DEFAULT_INTERFACE_LOCALE,
      namespace,
      resources: { ...languageNames(LANGUAGE_NAMES), ...texts.en },
    }),
    defineLocaleResourceBundle({
      locale: 'de-DE',
      namespace,
      resources: { ...languageNames(LANGUAGE_NAMES_IN_GERMAN), ...texts.de },
    }),
  ];
}
