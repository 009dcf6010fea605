/**
 * Widths of text in the site's display font (Space Grotesk), measured from the font files
 * themselves at build time. Headings use them to size their longest word to the column
 * and the header to decide when its links no longer fit, without JavaScript and without
 * hyphenation (which Debian's Chromium and many browsers lack for German and Turkish).
 *
 * The static instances of @fontsource/space-grotesk carry the same metrics as the
 * variable font the site loads (web/site/fonts.ts); the browser tests check the result.
 * Server code only (it reads files); render tests run it under Node as well.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { plainText } from '../preview/plain-text';

export type DisplayWeight = 500 | 600 | 700;

const FONT_DIR = path.join(process.cwd(), 'node_modules', '@fontsource', 'space-grotesk', 'files');

/** A glyph the font lacks is assumed as wide as a capital letter, so estimates err wide. */
const MISSING_GLYPH_EM = 0.7;

const fonts = new Map<DisplayWeight, fontkit.Font[]>();

/** The Latin and Latin Extended files of one weight (Turkish ğ ş İ live in the second). */
export function fontsOf(weight: DisplayWeight): fontkit.Font[] {
  let loaded = fonts.get(weight);
  if (!loaded) {
    loaded = ['latin', 'latin-ext'].map(
      (subset) =>
        fontkit.create(
          readFileSync(path.join(FONT_DIR, `space-grotesk-${subset}-${weight}-normal.woff`)),
        ) as fontkit.Font,
    );
    fonts.set(weight, loaded);
  }
  return loaded;
}

export interface TextStyle {
  readonly weight: DisplayWeight;
  /** CSS letter-spacing in em (added after every character, as browsers do). */
  readonly letterSpacing?: number;
  readonly uppercase?: boolean;
}

/** The advance width of a text in em of the font size, with kerning within each font file. */
export function textWidthEm(text: string, style: TextStyle): number {
  // A preview's edit info is invisible: it takes no room on the page.
  const seen = plainText(text);
  const shown = style.uppercase ? seen.toLocaleUpperCase() : seen;
  const files = fontsOf(style.weight);
  let width = 0;
  // Consecutive characters drawn by the same file are laid out together (kerning applies).
  let run = '';
  let runFont: fontkit.Font | undefined;
  const flush = () => {
    if (run && runFont) width += runFont.layout(run).advanceWidth / runFont.unitsPerEm;
    run = '';
  };
  for (const char of shown) {
    const codePoint = char.codePointAt(0)!;
    const font = files.find((file) => file.hasGlyphForCodePoint(codePoint));
    if (!font) {
      flush();
      width += /\s/.test(char) ? 0.25 : MISSING_GLYPH_EM;
      continue;
    }
    if (font !== runFont) flush();
    runFont = font;
    run += char;
  }
  flush();
  return width + (style.letterSpacing ?? 0) * [...shown].length;
}

/**
 * The pieces a line may not break inside: runs between spaces, where a hyphen, dash or
 * slash also ends a piece (browsers break after them).
 */
export function unbreakablePieces(text: string): string[] {
  return plainText(text)
    .split(/\s+/)
    .flatMap((word) => word.match(/[^-‐–—/]*[-‐–—/]?/g) ?? [])
    .filter((piece) => piece.length > 0);
}

/** The width in em of the widest piece of any of the texts: what a column must hold. */
export function longestPieceEm(texts: readonly (string | undefined)[], style: TextStyle): number {
  let widest = 0;
  for (const text of texts) {
    if (!text) continue;
    for (const piece of unbreakablePieces(text))
      widest = Math.max(widest, textWidthEm(piece, style));
  }
  return widest;
}
