/**
 * The version of a set of texts a visitor agreed to: the first 16 hex digits of the SHA-256 of
 * the texts in a fixed order. The newsletter's consent text and the cookie banner use it, and a
 * proof of consent names it, so the words shown can be found again by version.
 */
import { createHash } from 'node:crypto';

/** A version is 16 hex digits; the Firestore rules accept nothing else. */
export const TEXT_VERSION_PATTERN = /^[0-9a-f]{16}$/;

export function textVersion(ordered: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(ordered)).digest('hex').slice(0, 16);
}
