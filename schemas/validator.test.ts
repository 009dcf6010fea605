import { describe, expect, it } from 'vitest';
import { parseDictionary, parseJsonText } from './validator';
import { problemsOf } from '@/testing/content-problems';

const file = 'locales/de/hero.json';

const validHero = {
  title: { main: 'Spiele mit Haltung,', highlight: 'mit Sorgfalt veröffentlicht.' },
  ctas: { primary: { label: 'Los', url: '/publishing' }, secondary: {} },
  illustration: {},
};

describe('parseDictionary', () => {
  it('accepts a valid dictionary and returns it typed', () => {
    expect(parseDictionary('hero', validHero, file).title.main).toBe('Spiele mit Haltung,');
  });

  it('names file, key path and problem for a wrong type', () => {
    expect(
      problemsOf(() => parseDictionary('hero', { ...validHero, title: { main: 42 } }, file)),
    ).toEqual(['locales/de/hero.json → title.main: expected a text, got a number']);
  });

  it('names an unknown key', () => {
    expect(problemsOf(() => parseDictionary('hero', { ...validHero, titel: 'x' }, file))).toEqual([
      'locales/de/hero.json → titel: unknown key (not part of this dictionary)',
    ]);
  });

  it('names a missing required text, blank or absent', () => {
    const common = (appName: unknown) => ({ appName });
    expect(
      problemsOf(() => parseDictionary('common', common('  '), 'locales/en/common.json')),
    ).toContain('locales/en/common.json → appName: required text is missing');
    expect(problemsOf(() => parseDictionary('common', {}, 'locales/en/common.json'))).toContain(
      'locales/en/common.json → appName: required text is missing',
    );
  });

  it('names a bad address inside a list', () => {
    const hero = {
      ...validHero,
      ctas: { primary: { label: 'Go', url: 'javascript:alert(1)' }, secondary: {} },
    };
    expect(problemsOf(() => parseDictionary('hero', hero, file))[0]).toMatch(
      /^locales\/de\/hero\.json → ctas\.primary\.url: "javascript:alert\(1\)" is not a site path/,
    );
  });

  it('uses [index] for list items', () => {
    const hero = { ...validHero, stats: [{ label: 'A', value: '1' }, { label: 2 }] };
    expect(problemsOf(() => parseDictionary('hero', hero, file))).toEqual([
      'locales/de/hero.json → stats[1].label: expected a text, got a number',
    ]);
  });
});

describe('parseJsonText', () => {
  it.each([
    ['{"a": 1', 'not valid JSON'],
    ['{"a": 1} trailing', 'not valid JSON'],
    ['', 'file is empty'],
    ['\uFEFF{}', 'byte-order mark'],
  ])('rejects %j', (text, message) => {
    const [line] = problemsOf(() => parseJsonText(text, file));
    expect(line).toContain('locales/de/hero.json: ');
    expect(line).toContain(message);
  });
});
