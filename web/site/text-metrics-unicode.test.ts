/**
 * Any text the content rules accept is measured and drawn without an exception: a German
 * heading with a zero-width space pasted from a word processor once took `/de` down (500),
 * because fontkit threw on the font's glyph for U+200B.
 */
import { describe, expect, it } from 'vitest';
import { barContentPx } from '../chrome/header-fit';
import { fit } from '../ui/fit';
import { socialImage, socialImageLayout } from '../head/social-image';
import { longestPieceEm, textWidthEm, unbreakablePieces, type DisplayWeight } from './text-metrics';

const INVISIBLE = {
  'zero-width space': '\u200b',
  'zero-width non-joiner': '\u200c',
  'zero-width joiner': '\u200d',
  'word joiner': '\u2060',
  'byte-order mark': '\ufeff',
  'soft hyphen': '\u00ad',
  'right-to-left override': '\u202e',
  'left-to-right isolate': '\u2066',
  'combining acute accent alone': '\u0301',
  'variation selector 16': '\ufe0f',
  'Mongolian vowel separator': '\u180e',
};
const VISIBLE = {
  emoji: '😀',
  'family emoji (joined)': '👨‍👩‍👧',
  flag: '🇩🇪',
  Hebrew: 'שלום',
  Arabic: 'مرحبا',
  Chinese: '中文',
  'mathematical bold A (astral)': '𝐀',
  'private use': '\ue000',
  'Arabic number sign (a visible format character)': '\u0600',
  'no-break space': '\u00a0',
  'ideographic space': '\u3000',
};
const ALL = { ...INVISIBLE, ...VISIBLE };
const WEIGHTS: DisplayWeight[] = [500, 600, 700];

describe('text metrics for any Unicode text', () => {
  it.each(Object.entries(ALL))('measures a text with a %s', (_, char) => {
    const text = `Spiele${char}mit Haltung ${char}`;
    for (const weight of WEIGHTS) {
      for (const uppercase of [false, true]) {
        const width = textWidthEm(text, { weight, uppercase, letterSpacing: 0.14 });
        expect(width).toBeGreaterThan(0);
        expect(Number.isFinite(width)).toBe(true);
      }
      expect(longestPieceEm([text, char], { weight })).toBeGreaterThan(0);
    }
    expect(fit(text)).toHaveProperty('--fit');
    const link = { name: text, url: '/about', isPrimary: true };
    expect(
      barContentPx({
        wordmark: char,
        primary: [link],
        secondary: [link],
        languageLabels: [char],
      }),
    ).toBeGreaterThan(0);
  });

  it.each(Object.entries(INVISIBLE).filter(([, char]) => char !== '\u00ad'))(
    'gives a %s no width, as browsers do',
    (_, char) => {
      const bold = { weight: 700 } as const;
      expect(textWidthEm(`Haltung${char}`, bold)).toBeCloseTo(textWidthEm('Haltung', bold), 5);
    },
  );

  it('breaks lines where browsers do: after a zero-width space or soft hyphen, not at a no-break space', () => {
    expect(unbreakablePieces('Datenschutz\u00aderklärung')).toEqual(['Datenschutz-', 'erklärung']);
    expect(unbreakablePieces('Daten\u200bschutz')).toEqual(['Daten\u200b', 'schutz']);
    expect(unbreakablePieces('10\u00a0000 Spiele')).toEqual(['10\u00a0000', 'Spiele']);
  });

  it('estimates characters the font lacks wide, emoji wider than letters', () => {
    const bold = { weight: 700 } as const;
    expect(textWidthEm('😀', bold)).toBeGreaterThan(textWidthEm('M', bold));
    expect(textWidthEm('a\u0301', bold)).toBeCloseTo(textWidthEm('á', bold), 1);
  });
});

describe('link-preview images for any Unicode text', () => {
  const texts = { siteName: 'RG Games', wordmark: 'RG', host: 'rggames.example' };

  it('keeps to the characters the site font draws, so nothing is fetched from elsewhere', () => {
    const layout = socialImageLayout({ ...texts, title: 'Spiele 😀 mit\u200b Haltung שלום' });
    expect(layout.title).toBe('Spiele  mit Haltung');
    expect(socialImageLayout({ ...texts, title: '😀 שלום' }).title).toBe('RG Games');
  });

  it('cuts a title longer than three lines with an ellipsis', () => {
    const layout = socialImageLayout({ ...texts, title: 'Wort '.repeat(2000) });
    expect(layout.title.length).toBeLessThan(200);
    expect(layout.title.endsWith('…')).toBe(true);
  });

  it('draws a title with an emoji, a zero-width space and right-to-left text', async () => {
    const title = 'Spiele\u200b mit 😀 Haltung \u202eשלום\u2066';
    const image = socialImage({ ...texts, title, wordmark: 'R\u200bG' });
    const png = new Uint8Array(await image.arrayBuffer());
    expect([...png.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // "PNG"
  });
});
