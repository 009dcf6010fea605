import { describe, expect, it } from 'vitest';
import { text } from './define';
import {
  checkLocalizedText,
  controlProblem,
  formatProblem,
  hrefKind,
  isPresentText,
  placeholderProblem,
  placeholderUseProblem,
  placeholdersOf,
  textValueProblems,
} from './rules';
import { isSitePath } from './site-path';

describe('isPresentText', () => {
  it.each([
    ['Hello', true],
    ['  x ', true],
    ['', false],
    ['   \n\t', false],
    [undefined, false],
    [42, false],
    // Invisible alone: zero-width space, NUL, no-break space, soft hyphen, word joiner,
    // bidirectional mark, Hangul filler, blank Braille, a combining mark without a base.
    ['\u200B', false],
    ['\u0000', false],
    ['\u00A0\u2007', false],
    ['\u00AD\u2060\u200E', false],
    ['\u3164', false],
    ['\u2800', false],
    ['\u0301', false],
    ['\uFEFF', false],
    ['\u200Bx', true],
    ['İ', true],
    ['…', true],
  ])('%j → %s', (value, expected) => expect(isPresentText(value)).toBe(expected));
});

describe('site paths: one definition for rules and renderers', () => {
  it.each([
    ['/', true],
    ['/about', true],
    ['/de/faq?x=1#top', true],
    ['/?next=//elsewhere', true],
    ['/\\evil.example', false],
    ['/\\/evil.example', false],
    ['/\t/evil.example', false],
    ['/about\t', false],
    ['/a b', false],
    ['/about\u200B', false],
    ['/\u202Eevil', false],
    ['//evil.example', false],
    ['/de//evil.example', false],
    ['/..//evil.example', false],
    ['about', false],
    ['', false],
    ['https://rggames.example/', false],
  ])('isSitePath(%j) = %s', (value, expected) => expect(isSitePath(value)).toBe(expected));

  it.each([
    ['/about', 'path'],
    ['#newsletter', 'fragment'],
    ['https://discord.gg/rggames', 'https'],
    ['mailto:press@rggames.example', 'mailto'],
    ['#top\tx', undefined],
    ['https://discord.gg/\trg', undefined],
    ['https://evil.example\\@rggames.example', undefined],
    ['http://insecure.example', undefined],
    ['javascript:alert(1)', undefined],
    ['mailto:a b@x.example', undefined],
  ])('hrefKind(%j) = %s', (value, expected) => expect(hrefKind(value)).toBe(expected));
});

describe('control characters', () => {
  it.each([
    ['plain', 'a\tb', 'contains a control character (U+0009, a tab) at character 2'],
    ['plain', 'a\nb', 'contains a line break at character 2; this text has a single line'],
    ['multiline', 'a\nb\r\nc', null],
    [
      'multiline',
      'a\u0000',
      'contains a control character (U+0000, a NUL character) at character 2',
    ],
    ['multiline', 'a\u0085', 'contains a control character (U+0085, the character U+0085)'],
    ['json', '{\n\t"a": 1\n}', null],
    ['url', '/a\u007F', 'contains a control character (U+007F'],
    ['plain', 'x\uD800', 'contains an unpaired surrogate (U+D800) at character 2'],
    ['plain', '😀', null],
  ] as const)('%s %j', (format, value, expected) => {
    const problem = controlProblem(format, value);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(expected);
  });
});

describe('placeholders the site fills', () => {
  const copyright = { format: 'plain', placeholders: ['brand', 'year'] } as const;
  const none = { format: 'plain', placeholders: [] } as const;
  it.each([
    [copyright, '© {year} {brand}', null],
    [copyright, '© {year}', null],
    [copyright, '© { year }', '"{ year }" is not a placeholder the site fills here'],
    [copyright, '© {Year}', '"{Year}" is not a placeholder'],
    [copyright, '© {{year}}', '"{", "}" are not placeholders'],
    [
      copyright,
      '© {foo} {year}',
      'it accepts only {brand}, {year} and the facts, written exactly so',
    ],
    [none, 'Hello {name}', 'it accepts only the facts: {teamSize}, {foundedYear}, {berlinYear}'],
    // A fact may be named in any prose text; a misspelt one is blocked like any other.
    [none, 'We are {teamSize}, since {foundedYear}', null],
    [none, 'We are {teamSise}', '"{teamSise}" is not a placeholder'],
    [{ format: 'url', placeholders: [] } as const, '/{teamSize}', 'it has no placeholders'],
    [none, 'a } b', '"}" is not a placeholder'],
    [{ format: 'json', placeholders: [] } as const, '{"a": "{x}"}', null],
  ])('%j: %j', (node, value, expected) => {
    const problem = placeholderUseProblem(node, value);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toContain(expected);
  });
});

describe('text length', () => {
  it('refuses a text over 10,000 characters and says by how much', () => {
    const node = { format: 'plain', required: false, placeholders: [] } as const;
    expect(textValueProblems(node, 'x'.repeat(10_000))).toEqual([]);
    expect(textValueProblems(node, 'x'.repeat(10_001))).toEqual([
      'text is too long (10001 characters; at most 10000)',
    ]);
  });
});

describe('formatProblem', () => {
  it.each([
    ['url', '/about', null],
    ['url', '/de/faq?x=1#top', null],
    ['url', '#newsletter', null],
    ['url', 'https://discord.gg/rggames', null],
    ['url', 'http://insecure.example', 'not a site path'],
    ['url', '//evil.example', 'not a site path (/…) or an https:// URL: "//" at the start'],
    ['url', '/\\evil.example', 'it contains a backslash (browsers read it as "/")'],
    ['url', '/\\/evil.example', 'it contains a backslash'],
    [
      'url',
      '/\tabout',
      '"/\\tabout" is not a site path (/…) or an https:// URL: it contains a tab',
    ],
    ['url', ' /about', 'it contains a space'],
    ['url', '/de//evil.example', 'it has an empty segment'],
    ['href', '/about\u200B', '"/about\\u200b" is not a site path'],
    ['url', 'javascript:alert(1)', 'not a site path'],
    ['url', 'mailto:press@rggames.example', 'not a site path'],
    ['href', 'mailto:press@rggames.example', null],
    ['href', 'mailto:nobody', 'mailto: address'],
    ['email', 'press@rggames.example', null],
    ['email', 'press at rggames', 'not an e-mail'],
    ['email', 'press@rggames.example\u200B', 'not an e-mail'],
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
