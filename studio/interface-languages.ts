/**
 * The Studio's own interface (menus, buttons, messages) in English or German, chosen per
 * editor in the user menu; the dictionaries' texts are not affected. Sanity opens on the
 * last locale it is given, so English goes last: it stays the default for everyone.
 */
import { deDELocale } from '@sanity/locale-de-de';
import { definePlugin } from 'sanity';

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
