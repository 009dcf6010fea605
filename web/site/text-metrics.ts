/**
 * Widths of text in the site's display font (Space Grotesk), measured from the font files
 * themselves at build time. Headings use them to size their longest word to the column
 * and the header to decide when its links no longer fit, without JavaScript and without
 * hyphenation (which Debian's Chromium and many browsers lack for German and Turkish).
 *
 * The static instances of @fontsource/space-grotesk carry the same metrics as the
 * variable font the site loads (web/head/fonts.ts); the browser tests check the result.
 * Server code only (it reads files); render tests run it under Node as well.
 *
 * Any text the content rules accept is measured without an exception: invisible and
 * formatting characters take no room (as in browsers), characters the font lacks are
 * estimated, and a glyph fontkit cannot read counts as one the font lacks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { plainText } from '../site/plain-text';

export type DisplayWeight = 500 | 600 | 700;

const FONT_DIR = path.join(process.cwd(), 'node_modules', '@fontsource', 'space-grotesk', 'files');

/** A glyph the font lacks is assumed as wide as a capital letter, so estimates err wide. */
const MISSING_GLYPH_EM = 0.7;
/** Emoji and East Asian characters come from other fonts, about a square each (or wider). */
const MISSING_WIDE_EM = 1.25;
const WIDE =
  /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Characters browsers draw with no width of their own: default-ignorable code points (zero-width
 * space and joiners, word joiner, byte-order mark, bidirectional controls, variation selectors,
 * soft hyphen). Soft hyphen and zero-width space are handled as break opportunities first.
 */
const ZERO_WIDTH = /\p{Default_Ignorable_Code_Point}/gu;
const SOFT_HYPHEN = '\u00ad';

interface DisplayFont {
  readonly font: fontkit.Font;
  /** Whether fontkit can read the glyph's metrics, per code point it maps. */
  readonly readable: Map<number, boolean>;
}

const fonts = new Map<DisplayWeight, DisplayFont[]>();

function displayFonts(weight: DisplayWeight): DisplayFont[] {
  let loaded = fonts.get(weight);
  if (!loaded) {
    loaded = ['latin', 'latin-ext'].map((subset) => ({
      font: fontkit.create(
        readFileSync(path.join(FONT_DIR, `space-grotesk-${subset}-${weight}-normal.woff`)),
      ) as fontkit.Font,
      readable: new Map(),
    }));
    fonts.set(weight, loaded);
  }
  return loaded;
}

/** The Latin and Latin Extended files of one weight (Turkish ğ ş İ live in the second). */
export function fontsOf(weight: DisplayWeight): fontkit.Font[] {
  return displayFonts(weight).map(({ font }) => font);
}

/**
 * Whether a file draws a character. fontkit 2.0.4 reads past the end of the glyph table for an
 * empty last glyph (Space Grotesk's U+200B): such a glyph counts as missing.
 */
function draws(file: DisplayFont, codePoint: number): boolean {
  let readable = file.readable.get(codePoint);
  if (readable === undefined) {
    readable = false;
    if (file.font.hasGlyphForCodePoint(codePoint)) {
      try {
        const glyph = file.font.glyphForCodePoint(codePoint);
        readable = Number.isFinite(glyph.advanceWidth) && glyph.path !== undefined;
      } catch {
        readable = false;
      }
    }
    file.readable.set(codePoint, readable);
  }
  return readable;
}

/** The width of one character no file draws: nothing for marks, wide for emoji and CJK. */
function missingWidthEm(char: string): number {
  if (/\p{M}/u.test(char)) return 0;
  if (/\s/.test(char)) return 0.25;
  return WIDE.test(char) ? MISSING_WIDE_EM : MISSING_GLYPH_EM;
}

/** A stretch of text one font file draws, or one character none draws (font undefined). */
export interface TextRun {
  readonly text: string;
  readonly font: fontkit.Font | undefined;
}

/** What a text shows: edit info and zero-width characters removed, capitals if styled so. */
function shownText(text: string, uppercase: boolean | undefined): string {
  const seen = plainText(text).replace(ZERO_WIDTH, '');
  return uppercase ? seen.toLocaleUpperCase() : seen;
}

/** The text split into runs of one font file each (kerning applies within a run). */
export function textRuns(text: string, weight: DisplayWeight, uppercase?: boolean): TextRun[] {
  const files = displayFonts(weight);
  const runs: TextRun[] = [];
  let run = '';
  let runFont: DisplayFont | undefined;
  for (const char of shownText(text, uppercase)) {
    const codePoint = char.codePointAt(0)!;
    const file = files.find((candidate) => draws(candidate, codePoint));
    if (file !== runFont || !file) {
      if (run) runs.push({ text: run, font: runFont?.font });
      run = '';
    }
    runFont = file;
    run += char;
  }
  if (run) runs.push({ text: run, font: runFont?.font });
  return runs;
}

/** A run's advance in em; glyph by glyph if fontkit's layout fails on it. */
function runWidthEm({ text, font }: TextRun): number {
  if (!font) return [...text].reduce((sum, char) => sum + missingWidthEm(char), 0);
  try {
    return font.layout(text).advanceWidth / font.unitsPerEm;
  } catch {
    // Shaping tables fontkit misreads: no kerning then, each glyph's own advance.
    return (
      [...text].reduce(
        (sum, char) => sum + font.glyphForCodePoint(char.codePointAt(0)!).advanceWidth,
        0,
      ) / font.unitsPerEm
    );
  }
}

export interface TextStyle {
  readonly weight: DisplayWeight;
  /** CSS letter-spacing in em (added after every character, as browsers do). */
  readonly letterSpacing?: number;
  readonly uppercase?: boolean;
}

/** Widths measured before: every page measures the same header, headings recur across pages. */
const measured = new Map<string, number>();
const MEASURED_MAX = 5_000;

/** The advance width of a text in em of the font size, with kerning within each font file. */
export function textWidthEm(text: string, style: TextStyle): number {
  const key = `${style.weight}|${style.letterSpacing ?? 0}|${style.uppercase ? 1 : 0}|${text}`;
  let width = measured.get(key);
  if (width === undefined) {
    width = measure(text, style);
    if (measured.size >= MEASURED_MAX) measured.clear();
    measured.set(key, width);
  }
  return width;
}

function measure(text: string, style: TextStyle): number {
  const runs = textRuns(text, style.weight, style.uppercase);
  const width = runs.reduce((sum, run) => sum + runWidthEm(run), 0);
  const characters = runs.reduce((sum, run) => sum + [...run.text].length, 0);
  return width + (style.letterSpacing ?? 0) * characters;
}

/** Spaces a line may break at: white space except the no-break spaces. */
const BREAKING_SPACE = /[^\S\u00a0\u2007\u202f]+/u;

/**
 * The pieces a line may not break inside: runs between spaces, where a hyphen, dash or
 * slash also ends a piece (browsers break after them), and so do a zero-width space and a
 * soft hyphen (which shows as a hyphen where the line breaks).
 */
export function unbreakablePieces(text: string): string[] {
  return plainText(text)
    .split(BREAKING_SPACE)
    .flatMap((word) => word.match(/[^-‐–—/\u00ad\u200b]*[-‐–—/\u00ad\u200b]?/g) ?? [])
    .map((piece) => (piece.endsWith(SOFT_HYPHEN) ? `${piece.slice(0, -1)}-` : piece))
    .filter((piece) => piece.replace(ZERO_WIDTH, '').length > 0);
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
