/**
 * Invisible characters pasted with copy (from a word processor, a chat, a web page): which
 * ones this copy never wants, which ones have a use, and the fix that removes the unwanted.
 *
 * Never wanted (publishing is blocked; the fix removes them):
 * - zero-width space U+200B, zero-width no-break space / byte-order mark U+FEFF, word joiner
 *   U+2060 and the invisible operators U+2061–U+2064: they show nothing, so the Studio, the
 *   page and Versions show two different texts as the same, and search finds neither;
 *   a long word is broken with a soft hyphen instead, which shows where it breaks;
 * - zero-width non-joiner U+200C: it shapes Persian and Indic scripts, none of en, de, tr;
 * - a zero-width joiner U+200D outside an emoji sequence (inside one it has a use, below);
 * - bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
 *   U+202A–U+202E, U+2066–U+2069): the site has no right-to-left language, and an override
 *   shows letters in another order than they are stored (a link text can hide its target);
 * - line and paragraph separators U+2028, U+2029: a line break the text's format does not
 *   declare, drawn differently by every browser;
 * - any other format or default-ignorable character (Mongolian vowel separator, Hangul
 *   fillers, tag characters outside a flag): nothing in this copy needs one.
 *
 * With a use (they pass):
 * - a zero-width joiner between two emoji (👩‍💻 is three code points, joined);
 * - variation selectors U+FE0E/U+FE0F after a character (text or emoji presentation) and
 *   tag characters inside a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿);
 * - a soft hyphen U+00AD inside a word: where the word must break on a phone, it breaks
 *   there with a hyphen (German compounds); a soft hyphen not between two letters is noise;
 * - no-break spaces U+00A0, U+2007, U+202F: they keep a number with its unit (`30 km`)
 *   and an abbreviation together (`z. B.`).
 * Other spaces (en, em, thin, ideographic…) pass with a warning: they look like a space
 * and the fix turns them into one.
 */

export type InvisibleUse = 'unwanted' | 'unusual-space';

export interface InvisibleCharacter {
  /** Index in UTF-16 code units. */
  readonly index: number;
  readonly char: string;
  readonly use: InvisibleUse;
}

const NAMES: Readonly<Record<string, string>> = {
  '\u00ad': 'soft hyphen',
  '\u061c': 'Arabic letter mark',
  '\u200b': 'zero-width space',
  '\u200c': 'zero-width non-joiner',
  '\u200d': 'zero-width joiner',
  '\u200e': 'left-to-right mark',
  '\u200f': 'right-to-left mark',
  '\u2028': 'line separator',
  '\u2029': 'paragraph separator',
  '\u202a': 'left-to-right embedding',
  '\u202b': 'right-to-left embedding',
  '\u202c': 'pop directional formatting',
  '\u202d': 'left-to-right override',
  '\u202e': 'right-to-left override',
  '\u2060': 'word joiner',
  '\u2066': 'left-to-right isolate',
  '\u2067': 'right-to-left isolate',
  '\u2068': 'first strong isolate',
  '\u2069': 'pop directional isolate',
  '\ufeff': 'zero-width no-break space (byte-order mark)',
};

/** `U+200B zero-width space`: how a character is named to editors (names stay English). */
export function characterLabel(char: string): string {
  const code = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const name = NAMES[char];
  return name ? `${code} ${name}` : code;
}

/** Candidates: format and default-ignorable characters, separators, spaces other than U+0020. */
const CANDIDATE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}\p{Zs}]/gu;
const KEPT_SPACES = new Set([' ', '\u00a0', '\u2007', '\u202f']);
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_BEFORE_JOINER = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]/u;
const LETTER = /\p{L}/u;
/** What a variation selector may follow: a character that shows (it selects how it shows). */
const VISIBLE_BASE = /[^\s\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const TAG = /[\u{e0020}-\u{e007f}]/u;

/** The code point before `index` (surrogate pairs as one). */
function before(value: string, index: number): string {
  const previous = value.codePointAt(index - 2);
  if (index >= 2 && previous !== undefined && previous > 0xffff)
    return value.slice(index - 2, index);
  return value.slice(Math.max(0, index - 1), index);
}

function after(value: string, index: number, length: number): string {
  const next = value.codePointAt(index + length);
  return next === undefined ? '' : String.fromCodePoint(next);
}

/** Whether the character at `index` has a use there (see above). */
function hasUse(value: string, char: string, index: number): boolean {
  if (KEPT_SPACES.has(char)) return true;
  const previous = before(value, index);
  const next = after(value, index, char.length);
  if (char === '\u200d')
    // Emoji sequences join pictographs, possibly through a variation selector or skin tone.
    return EMOJI_BEFORE_JOINER.test(previous) && PICTOGRAPHIC.test(next);
  if (char === '\ufe0e' || char === '\ufe0f') return VISIBLE_BASE.test(previous);
  if (TAG.test(char)) return /[\u{1f3f4}\u{e0020}-\u{e007f}]/u.test(previous);
  if (char === '\u00ad') return LETTER.test(previous) && LETTER.test(next);
  return false;
}

/** Every invisible character of a text that is unwanted or an unusual space, in order. */
export function invisibleCharacters(value: string): InvisibleCharacter[] {
  const found: InvisibleCharacter[] = [];
  for (const match of value.matchAll(CANDIDATE)) {
    const char = match[0];
    if (hasUse(value, char, match.index)) continue;
    found.push({
      index: match.index,
      char,
      use: /\p{Zs}/u.test(char) ? 'unusual-space' : 'unwanted',
    });
  }
  return found;
}

/**
 * The text without its unwanted invisible characters and with unusual spaces made plain
 * spaces; characters with a use stay. Pure: the Studio's one-click fix calls it.
 */
export function fixInvisible(value: string): string {
  const found = invisibleCharacters(value);
  if (found.length === 0) return value;
  // Removing one character can leave another without its use (a joiner that followed it).
  return fixInvisible(removed(value, found));
}

function removed(value: string, found: readonly InvisibleCharacter[]): string {
  let out = '';
  let from = 0;
  for (const { index, char, use } of found) {
    out += value.slice(from, index) + (use === 'unusual-space' ? ' ' : '');
    from = index + char.length;
  }
  return out + value.slice(from);
}

/**
 * The word an invisible character follows (`Spiel` in "Spiel\u200b"), what tells an editor
 * where it is; undefined at the start of the text or after nothing but spaces and marks.
 */
export function wordBefore(value: string, index: number): string | undefined {
  return /([\p{L}\p{N}][\p{L}\p{N}'’-]*)[^\p{L}\p{N}]*$/u.exec(value.slice(0, index))?.[1];
}

/**
 * A text cut where its invisible characters are, for showing it with each one visible
 * (Versions' comparison): plain runs as strings, each character as its label.
 */
export function visibleParts(
  value: string,
): (string | { readonly char: string; readonly label: string })[] {
  const parts: (string | { char: string; label: string })[] = [];
  let from = 0;
  for (const { index, char } of invisibleCharacters(value)) {
    if (index > from) parts.push(value.slice(from, index));
    parts.push({ char, label: characterLabel(char) });
    from = index + char.length;
  }
  if (from < value.length) parts.push(value.slice(from));
  return parts;
}
