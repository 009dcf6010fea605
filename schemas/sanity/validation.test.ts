/** The Studio's validation of a text's language fields: the export step's rules (../rules.ts). */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages';
import type { RuleLike, ValidationContextLike } from './types';
import { languageValidation, OUTDATED_MESSAGE } from './validation';

/** A stand-in for Sanity's Rule that records custom validators and their level. */
function recordRules(validation: (rule: RuleLike) => RuleLike | RuleLike[]) {
  const recorded: {
    level: string;
    fn: (value: unknown, context: ValidationContextLike) => true | string;
  }[] = [];
  const make = (fn?: (typeof recorded)[number]['fn'], level = 'error'): RuleLike => ({
    // The rules tested here answer at once; the glossary's (which reads a document) is async.
    custom: (f) => make(f as (typeof recorded)[number]['fn'], level),
    error: () => (fn && recorded.push({ level: 'error', fn }), make(fn, 'error')),
    warning: () => (fn && recorded.push({ level: 'warning', fn }), make(fn, 'warning')),
    required: () => make(),
    integer: () => make(),
    min: () => make(),
    max: () => make(),
    regex: () => make(),
  });
  validation(make());
  return (value: unknown, parent: unknown, context: ValidationContextLike = {}) =>
    recorded.flatMap(({ level, fn }) => {
      const result = fn(value, { parent, ...context });
      return result === true ? [] : [`${level}: ${result}`];
    });
}

describe('Studio validation rules (the export step’s rules)', () => {
  const required = { format: 'plain', required: true, placeholders: [] } as const;
  const copyright = { format: 'plain', required: true, placeholders: ['brand', 'year'] } as const;
  it('blocks a missing required English text', () => {
    expect(recordRules(languageValidation(required, 'en'))('  ', { en: '  ' })).toEqual([
      'error: required text is missing',
    ]);
  });
  it('warns about a missing German or Turkish text', () => {
    expect(recordRules(languageValidation(required, 'tr'))(undefined, { en: 'Subscribe' })).toEqual(
      ['warning: translation is missing'],
    );
  });
  it('warns, never blocks, about a German text whose English changed since it was written', () => {
    const german = recordRules(languageValidation(required, 'de'));
    const text = { en: 'Sign up', de: 'Abonnieren', translatedFrom: { de: 'Subscribe' } };
    expect(german(text.de, text)).toEqual([`warning: ${OUTDATED_MESSAGE}`]);
    expect(german(text.de, { ...text, en: ' Subscribe ' })).toEqual([]);
    expect(recordRules(languageValidation(required, 'en'))(text.en, text)).toEqual([]);
  });
  it('blocks an address that is neither a site path nor https', () => {
    const check = recordRules(
      languageValidation({ format: 'href', required: false, placeholders: [] }, 'de'),
    );
    expect(check('http://example.com', { en: '/about', de: 'http://example.com' })[0]).toMatch(
      /^error: /,
    );
    expect(check('mailto:press@rggames.example', { en: '/about' })).toEqual([]);
  });
  it('blocks a placeholder the site does not fill, in every language', () => {
    for (const language of LANGUAGES) {
      const check = recordRules(languageValidation(copyright, language));
      expect(check('© { year } {brand}', { en: '© {year} {brand}' })[0]).toMatch(
        /^error: "\{ year \}" is not a placeholder the site fills here/,
      );
    }
    const plain = recordRules(languageValidation(required, 'en'));
    expect(plain('Hello {name}', {})).toEqual([
      'error: "{name}" is not a placeholder the site fills here (it accepts only the facts: {teamSize}, {foundedYear}, {berlinYear})',
    ]);
  });
  it('blocks a required English text of invisible characters, and control characters', () => {
    const check = recordRules(languageValidation(required, 'en'));
    expect(check('\u200B', {})).toEqual(['error: required text is missing']);
    expect(check('Sub\u0000scribe', {})).toEqual([
      'error: contains a control character (U+0000, a NUL character) at character 4',
    ]);
  });
  it('blocks /\\evil.example and a tab in a path', () => {
    const check = recordRules(
      languageValidation({ format: 'url', required: false, placeholders: [] }, 'de'),
    );
    expect(check('/\\evil.example', {})[0]).toMatch(/^error: .*it contains a backslash/);
    expect(check('/\t/evil.example', {})[0]).toMatch(/^error: .*it contains a tab/);
  });
  it('blocks a plural text with a form missing in a language, on that form', () => {
    const form = { format: 'plain', required: false, placeholders: ['seconds'] } as const;
    const german = recordRules(languageValidation(form, 'de', { pluralForm: true }));
    const one = { en: 'in {seconds} second', de: 'in {seconds} Sekunde' };
    const document = {
      redirect: { message: { one, other: { en: 'in {seconds} seconds' } } },
    };
    const at = (formName: string) => ({
      document,
      path: ['redirect', 'message', formName, 'de'],
    });
    expect(german(one.de, one, at('one'))).toEqual([]);
    expect(german(undefined, document.redirect.message.other, at('other'))).toEqual([
      'error: form for one is given, so this form is needed too',
      'warning: translation is missing',
    ]);
  });
  it('passes good copy', () => {
    const check = recordRules(languageValidation(copyright, 'de'));
    expect(check('© {year} {brand}', { en: '© {year} {brand}' })).toEqual([]);
  });
});
