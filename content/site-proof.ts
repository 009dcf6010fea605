/**
 * Before the local API sends a publish to a site, the site proves it holds the webhook secret:
 * the API sends a fresh random challenge, the site answers with its proof, and only a site
 * sharing this checkout's secret can make it. A proof is an HMAC of its own kind, never a
 * webhook signature, so no challenge answered can be replayed as a delivery.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a challenge looks like: a random word of URL-safe letters. */
export const CHALLENGE = /^[A-Za-z0-9_-]{32,128}$/;

export function newChallenge(): string {
  return randomBytes(32).toString('base64url');
}

export function siteProof(challenge: string, secret: string): string {
  return createHmac('sha256', secret).update(`rg-site-proof\n${challenge}`).digest('base64url');
}

export function isSiteProof(proof: unknown, challenge: string, secret: string): boolean {
  if (typeof proof !== 'string') return false;
  const expected = Buffer.from(siteProof(challenge, secret));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
