import { describe, expect, it } from 'vitest';
import { text } from './define';
import {
  checkLocalizedText,
  formatProblem,
  isPresentText,
  placeholderProblem,
  placeholdersOf,
} from './rules';

describe('isPresentText', () => {
  it.each([
    ['Hello', true],
    ['  x ', true],
    ['', false],
    ['   \n\t', false],
    [undefined, false],
    [42, false],
  ])('%j → %s', (value, expected) => expect(isPresentText(value)).toBe(expected));
});

describe('formatProblem', () => {
  it.each([
    ['url', '/about', null],
    ['url', '/de/faq?x=1#top', null],
    ['url', '#newsletter', null],
    ['url', 'https://discord.gg/rggames', null],
    ['url', 'http://insecure.example', 'not a site path'],
    ['url', '//evil.example', 'not a site path'],
    ['url', 'javascript:alert(1)', 'not a site path'],
    ['url', 'mailto:press@rggames.example', 'not a site path'],
    ['href', 'mailto:press@rggames.example', null],
    ['href', 'mailto:nobody', 'mailto: address'],
    ['email', 'press@rggames.example', null],
    ['email', 'press at rggames', 'not an e-mail'],
    ['json', '{"@type":"Organization"}', null],
    ['json', '[1]', null],
    ['json', '"text"', 'JSON object'],
    ['json', '{oops', 'not valid JSON'],
  ] as const)('%s %j', (format, value, expected) => {
    const problem = formatProblem(format, value);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(expected);
  });
});

describe('placeholders', () => {
  it('lists placeholder names once, sorted', () => {
    expect(placeholdersOf('© {year} {brand} {year}')).toEqual(['brand', 'year']);
  });
  it('accepts the same set in another order', () => {
    expect(placeholderProblem('© {year} {brand}', '{brand} © {year}')).toBeNull();
  });
  it('names a missing and an extra placeholder', () => {
    expect(placeholderProblem('© {year} {brand}', '© {brand} {jahr}')).toBe(
      'placeholders differ from English: lacks {year}; has {jahr} that English lacks',
    );
  });
});

describe('checkLocalizedText', () => {
  const required = text({ required: true });
  it('passes complete copy', () => {
    expect(
      checkLocalizedText(required, { en: 'Subscribe', de: 'Abonnieren', tr: 'Abone ol' }),
    ).toEqual([]);
  });
  it('blocks a missing required English text', () => {
    expect(
      checkLocalizedText(required, { en: '  ', de: 'Abonnieren', tr: 'Abone ol' }),
    ).toContainEqual({
      level: 'error',
      language: 'en',
      message: 'required text is missing',
    });
  });
  it('warns about a blank translation', () => {
    expect(checkLocalizedText(text(), { en: 'Hello', de: ' ', tr: 'Merhaba' })).toEqual([
      { level: 'warning', language: 'de', message: 'translation is missing' },
    ]);
  });
  it('blocks a deleted placeholder in Turkish', () => {
    const [problem] = checkLocalizedText(text({ placeholders: ['year', 'brand'] }), {
      en: '© {year} {brand}',
      de: '© {year} {brand}',
      tr: '© {brand}',
    });
    expect(problem).toMatchObject({ level: 'error', language: 'tr' });
    expect(problem?.message).toContain('lacks {year}');
  });
  it('blocks a malformed address in any language', () => {
    const [problem] = checkLocalizedText(text({ format: 'url' }), {
      en: '/about',
      de: 'about',
      tr: '/about',
    });
    expect(problem).toMatchObject({ level: 'error', language: 'de' });
  });
  it('does not require optional texts', () => {
    expect(checkLocalizedText(text(), undefined)).toEqual([]);
  });
});
