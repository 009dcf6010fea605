/** Which invisible characters pass, which are refused, and what the one-click fix leaves. */
import { describe, expect, it } from 'vitest';
import { fixInvisible, invisibleCharacters, visibleParts, wordBefore } from './invisible';

const uses = (value: string) => invisibleCharacters(value).map(({ char, use }) => [char, use]);

describe('invisible characters', () => {
  it.each([
    ['a zero-width space', 'Spiele\u200bmit'],
    ['a byte-order mark', '\ufeffTitel'],
    ['a word joiner', 'a\u2060b'],
    ['a zero-width non-joiner', 'Auf\u200clage'],
    ['a joiner between letters', 'R\u200dG'],
    ['a right-to-left override', 'Preis \u202e01'],
    ['an isolate', '\u2066Text\u2069'],
    ['a left-to-right mark', 'Text\u200e'],
    ['a line separator', 'eins\u2028zwei'],
    ['a soft hyphen not inside a word', 'Spiel\u00ad mit'],
    ['a tag character outside a flag', 'a\u{e0067}'],
  ])('refuses %s', (_, value) => {
    expect(invisibleCharacters(value).map(({ use }) => use)).toContain('unwanted');
  });

  it.each([
    ['a joiner inside an emoji sequence', 'Team 👩\u200d💻 und 👨🏽\u200d🚀'],
    ['a joiner after a variation selector', '❤\ufe0f\u200d🔥'],
    ['a variation selector', 'Herz ❤\ufe0f'],
    ['a subdivision flag', '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}'],
    ['a soft hyphen inside a word', 'Daten\u00adschutz\u00aderklärung'],
    ['no-break spaces', '30\u00a0km, z.\u202fB., 1\u2007000'],
    ['Turkish and German letters', 'İstanbul ığdır ẞ'],
  ])('lets %s pass', (_, value) => {
    expect(uses(value)).toEqual([]);
  });

  it('warns about spaces that only look like one', () => {
    expect(uses('a\u2003b\u2009c\u3000d')).toEqual([
      ['\u2003', 'unusual-space'],
      ['\u2009', 'unusual-space'],
      ['\u3000', 'unusual-space'],
    ]);
  });
});

describe('the fix', () => {
  it('removes the unwanted, makes unusual spaces plain and keeps what has a use', () => {
    expect(
      fixInvisible(
        '\ufeffSpiele\u200b mit\u2003Haltung\u202e 👩\u200d💻 Daten\u00adschutz 30\u00a0km',
      ),
    ).toBe('Spiele mit Haltung 👩\u200d💻 Daten\u00adschutz 30\u00a0km');
  });

  it('changes nothing in a clean text, and fixing twice is fixing once', () => {
    const clean = 'Karakteri olan oyunlar: İstanbul’dan 👋';
    expect(fixInvisible(clean)).toBe(clean);
    // A variation selector after a removed character has nothing left to select.
    expect(fixInvisible('a \u200b\ufe0f')).toBe('a ');
    const fixed = fixInvisible('a\u200b\u200bb\u2009c');
    expect(fixInvisible(fixed)).toBe(fixed);
    expect(invisibleCharacters(fixed)).toEqual([]);
  });
});

describe('where an invisible character is', () => {
  it('names the word it follows, past spaces and punctuation, or none at the start', () => {
    const text = 'Unser Spiel\u200b. Läuft\u200d gut';
    const [space, joiner] = invisibleCharacters(text);
    expect(wordBefore(text, space!.index)).toBe('Spiel');
    expect(wordBefore(text, joiner!.index)).toBe('Läuft');
    expect(wordBefore('\u200bHallo', 0)).toBeUndefined();
    expect(wordBefore("İstanbul'da \u200b", 12)).toBe("İstanbul'da");
  });
});

describe('a text shown with its invisible characters', () => {
  it('cuts the text at each one, labelled, and keeps what has a use as it is', () => {
    expect(visibleParts('Spiel\u200b gut\u00ad')).toEqual([
      'Spiel',
      { char: '\u200b', label: 'U+200B zero-width space' },
      ' gut',
      { char: '\u00ad', label: 'U+00AD soft hyphen' },
    ]);
    expect(visibleParts('👩\u200d💻')).toEqual(['👩\u200d💻']);
    expect(visibleParts('')).toEqual([]);
  });
});
