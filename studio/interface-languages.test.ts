import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, LANGUAGE_NAMES_IN_GERMAN, LANGUAGES } from '../schemas/languages';
import { defineInterfaceTexts } from './interface-languages';

describe('defineInterfaceTexts', () => {
  const bundles = defineInterfaceTexts('rg-test', {
    en: { greeting: 'Hello {{language}}' },
    de: { greeting: 'Hallo {{language}}' },
  });
  const resources = (locale: string) => bundles.find((b) => b.locale === locale)?.resources;

  it('makes one bundle per interface language of the namespace, with its texts', () => {
    expect(bundles.map((b) => [b.locale, b.namespace])).toEqual([
      ['en-US', 'rg-test'],
      ['de-DE', 'rg-test'],
    ]);
    expect(resources('en-US')).toMatchObject({ greeting: 'Hello {{language}}' });
    expect(resources('de-DE')).toMatchObject({ greeting: 'Hallo {{language}}' });
  });

  it('names every site language in each interface language, from schemas/languages.ts', () => {
    for (const language of LANGUAGES) {
      expect(resources('en-US')).toHaveProperty(`language.${language}`, LANGUAGE_NAMES[language]);
      expect(resources('de-DE')).toHaveProperty(
        `language.${language}`,
        LANGUAGE_NAMES_IN_GERMAN[language],
      );
    }
    expect(resources('de-DE')).toHaveProperty('language.tr', 'Türkisch');
  });
});
