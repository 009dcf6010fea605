/**
 * Visitor-supplied text (user agent, page, address) as a terminal should print it: as a JSON
 * string, so a line break, a terminal escape or a character that reorders or hides text shows
 * as an escape and never as a line or an effect of its own (content/cli.ts, shared with every
 * script), with Firestore's times as ISO 8601.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { printableJson } from '@/content/cli';

export { visible } from '@/content/cli';

/** Firestore's times as ISO 8601, as the printed proof shows them. */
const isoTimes = (_key: string, value: unknown) =>
  value instanceof Timestamp ? value.toDate().toISOString() : value;

/** A value as JSON whose every character prints as itself. */
export function jsonText(value: unknown, indent?: number): string {
  return printableJson(value, isoTimes, indent);
}
