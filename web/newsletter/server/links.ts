/**
 * What the confirm and unsubscribe pages and the one-click POST do with a link's token. They
 * need only the Firestore project, not SMTP: an unsubscribe link works whatever the mail
 * settings are. Without the project every token is invalid.
 */
// No 'server-only' marker: the proxy imports this (web/newsletter/server/link-answer.ts), and
// it holds no secret (the project id is public).
import { cutUserAgent } from '../signup';
import { serverDatabase } from '@/web/firebase/server-database';
import { confirmByToken, unsubscribeByToken, type LinkOutcome } from './records';

function database() {
  // The browser's Firebase project, inlined where it is named (web/firebase/config.ts).
  const projectId = process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID?.trim();
  return projectId ? serverDatabase(projectId) : null;
}

export async function confirmFromLink(
  token: unknown,
  userAgent: string | null,
): Promise<LinkOutcome> {
  const db = database();
  return db ? confirmByToken(db, token, cutUserAgent(userAgent)) : 'invalid';
}

export async function unsubscribeFromLink(
  token: unknown,
  via: 'link' | 'one-click',
): Promise<LinkOutcome> {
  const db = database();
  return db ? unsubscribeByToken(db, token, via) : 'invalid';
}
