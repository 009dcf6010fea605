/**
 * Visitor-supplied text (user agent, page, address) as a terminal should print it: as a JSON
 * string, so a line break, a terminal escape or a character that reorders or hides text shows
 * as an escape and never as a line or an effect of its own. JSON.stringify escapes only C0
 * controls, quotes and backslashes; DEL, C1 controls (U+009B is a terminal's CSI), format
 * characters (bidirectional overrides, zero-width) and U+2028/U+2029 are escaped here too,
 * which keeps the result valid JSON.
 */
import { Timestamp } from 'firebase-admin/firestore';

const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** `\uXXXX` for each UTF-16 unit of the character (a surrogate pair for one beyond U+FFFF). */
function escaped(char: string): string {
  let out = '';
  for (let i = 0; i < char.length; i++)
    out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** Unprintable characters of a text as `\uXXXX`, the rest as it is (for the server's own texts). */
export function visible(text: string): string {
  return text.replace(UNPRINTABLE, escaped);
}

/** Firestore's times as ISO 8601, as the printed proof shows them. */
const isoTimes = (_key: string, value: unknown) =>
  value instanceof Timestamp ? value.toDate().toISOString() : value;

/** A value as JSON whose every character prints as itself. */
export function jsonText(value: unknown, indent?: number): string {
  // A raw line break in JSON.stringify's output is its indentation: strings hold `\n`.
  return JSON.stringify(value, isoTimes, indent).replace(UNPRINTABLE, (char) =>
    char === '\n' ? char : escaped(char),
  );
}
