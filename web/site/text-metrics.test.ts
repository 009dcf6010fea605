import { describe, expect, it } from 'vitest';
import { longestPieceEm, textWidthEm, unbreakablePieces } from './text-metrics';

const bold = { weight: 700 } as const;

describe('display font metrics', () => {
  it('measures text from the font: longer is wider, capitals wider than small letters', () => {
    expect(textWidthEm('Datenschutzerklärung', bold)).toBeCloseTo(10.79, 1);
    expect(textWidthEm('MMMM', bold)).toBeGreaterThan(textWidthEm('iiii', bold));
    expect(textWidthEm('ab', { ...bold, letterSpacing: 0.1 })).toBeCloseTo(
      textWidthEm('ab', bold) + 0.2,
      5,
    );
  });

  it('draws Turkish letters from the Latin Extended file, not as missing glyphs', () => {
    // ş and İ live in the second file; a missing glyph would count 0.7 em each.
    expect(textWidthEm('ş', bold)).toBeLessThan(0.6);
    expect(textWidthEm('İletişim', bold)).toBeCloseTo(textWidthEm('Iletisim', bold), 1);
  });

  it('splits where lines may break: spaces, and after hyphens, dashes and slashes', () => {
    expect(unbreakablePieces('Review-Keys für A/B – jetzt')).toEqual([
      'Review-',
      'Keys',
      'für',
      'A/',
      'B',
      '–',
      'jetzt',
    ]);
    expect(longestPieceEm(['Über uns', 'Nutzungsbedingungen'], bold)).toBe(
      textWidthEm('Nutzungsbedingungen', bold),
    );
    expect(longestPieceEm([undefined, ''], bold)).toBe(0);
  });
});
