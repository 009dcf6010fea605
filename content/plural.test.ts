/**
 * Plural texts end to end: the published JSON carries i18next's plural keys, so a real
 * i18next client loading `/locales/<lang>/error.json` picks the same form as the site,
 * and "1 seconds" / "1 Sekunden" is gone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { fillPlaceholders } from '@/schemas/lookup';
import { normaliseErrorPage } from '@/web/pages/page-models';
import { pluralFormOf, pluralText } from '@/schemas/plural';
import type { DictionaryOf } from '@/schemas';
import { exportLocales } from './export-locales';
import { importLocales } from './import-locales';
import { LocalStore } from './local-store';
import { makeTempProject, type TempProject } from './testing/temp-project';

let project: TempProject;
const published = {} as Record<Language, DictionaryOf<'error'>>;

beforeAll(async () => {
  project = await makeTempProject();
  const store = new LocalStore(project.storeFile);
  await importLocales(store, { from: project.locales, dryRun: false });
  await exportLocales(store, { out: project.out, strict: true });
  for (const language of LANGUAGES) {
    published[language] = JSON.parse(
      await readFile(path.join(project.out, language, 'error.json'), 'utf8'),
    );
  }
});
afterAll(() => project.cleanup());

/** What the site shows: the form Intl.PluralRules picks, with the number filled in. */
function siteText(language: Language, seconds: number): string {
  const { redirect } = normaliseErrorPage(published[language]);
  return fillPlaceholders(pluralText(redirect.message!, seconds, language), { seconds });
}

describe('the countdown in every language', () => {
  it.each([
    ['en', 1, 'Taking you home in 1 second…'],
    ['en', 5, 'Taking you home in 5 seconds…'],
    ['en', 0, 'Taking you home in 0 seconds…'],
    ['de', 1, 'In 1 Sekunde geht es zurück zur Startseite …'],
    ['de', 2, 'In 2 Sekunden geht es zurück zur Startseite …'],
    ['tr', 1, '1 saniye içinde ana sayfaya yönlendiriliyorsunuz…'],
    ['tr', 5, '5 saniye içinde ana sayfaya yönlendiriliyorsunuz…'],
  ] as const)('%s, %i seconds: %s', (language, seconds, expected) => {
    expect(siteText(language, seconds)).toBe(expected);
  });

  it('publishes i18next plural keys, not a single text', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(published[language].redirect)).toEqual([
        'seconds',
        'target',
        'message_one',
        'message_other',
      ]);
    }
  });

  it('chooses forms with Intl.PluralRules', () => {
    expect(pluralFormOf(1, 'de')).toBe('one');
    expect(pluralFormOf(21, 'en')).toBe('other');
    expect(pluralFormOf(1, 'tr')).toBe('one');
    expect(pluralFormOf(0, 'tr')).toBe('other');
  });
});

describe('an i18next client loading /locales', () => {
  it.each(LANGUAGES)(
    '%s: picks the same form as the site for 0 to 25 seconds',
    async (language) => {
      const client = i18next.createInstance();
      await client.init({
        lng: language,
        ns: ['error'],
        defaultNS: 'error',
        resources: { [language]: { error: published[language] } },
        // The dictionaries write placeholders as {name}.
        interpolation: { prefix: '{', suffix: '}', escapeValue: false },
      });
      for (let seconds = 0; seconds <= 25; seconds += 1) {
        expect(client.t('redirect.message', { count: seconds, seconds }), `${seconds}`).toBe(
          siteText(language, seconds),
        );
      }
    },
  );
});
