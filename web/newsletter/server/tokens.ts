/**
 * The random tokens in the e-mail links. A confirmation token is stored only as its hash
 * (whoever reads the database cannot confirm anyone); an unsubscribe token is stored as it
 * is, because the mailing tool needs it for every later mail (`export-confirmed`) and it can
 * do no more than stop the newsletter.
 */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters that survive any mail client and URL. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a value could be a token at all; anything else is refused before any lookup. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** What the database keeps of a confirmation token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
