/**
 * What the confirm and unsubscribe pages and the one-click POST do with a link's token: each
 * acts once, in a transaction, and every token that does not work is the same `invalid`. They
 * need only the Firestore project, not SMTP: an unsubscribe link works whatever the mail
 * settings are. Without the project every token is invalid.
 */
// No 'server-only' marker: the proxy imports this (web/newsletter/server/link-answer.ts), and
// it holds no secret (the project id is public).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { serverDatabase } from '@/web/firebase/server-database';
import { cutUserAgent } from '../signup';
import {
  appendProof,
  at,
  REQUESTS,
  SUBSCRIBERS,
  subscriberRef,
  type ConfirmationRequest,
  type Subscriber,
} from './signup-records';
import { isTokenShaped, newToken, tokenHash } from './tokens';

export type LinkOutcome = 'done' | 'invalid';

/**
 * The confirmation link: a token whose hash belongs to an unconfirmed, unexpired request
 * confirms it once. Unknown, tampered, used and expired tokens are all the same `invalid`.
 */
export async function confirmByToken(
  db: Firestore,
  token: unknown,
  userAgent: string | undefined,
  now = Date.now(),
): Promise<LinkOutcome> {
  if (!isTokenShaped(token)) return 'invalid';
  const hash = tokenHash(token);
  const found = await db.collection(REQUESTS).where('tokenHash', '==', hash).limit(1).get();
  const ref = found.docs[0]?.ref;
  if (!ref) return 'invalid';
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const request = snapshot.data() as ConfirmationRequest | undefined;
    if (!request || request.tokenHash !== hash || request.confirmedAt) return 'invalid';
    if (!request.expiresAt || request.expiresAt.toMillis() <= now) return 'invalid';
    const subscriber = await tx.get(subscriberRef(db, request.subscriberId));
    const current = subscriber.data() as Subscriber | undefined;
    if (!current) return 'invalid';
    tx.update(ref, {
      confirmedAt: at(now),
      tokenHash: FieldValue.delete(),
      expiresAt: FieldValue.delete(),
    });
    tx.update(subscriber.ref, {
      status: 'confirmed',
      confirmedAt: at(now),
      consentVersion: request.consentVersion,
      language: request.language,
      unsubscribeToken: current.unsubscribeToken ?? newToken(),
    });
    appendProof(tx, db, request.subscriberId, {
      type: 'confirmed',
      at: at(now),
      requestId: ref.id,
      ...(userAgent && { userAgent }),
    });
    return 'done';
  });
}

/**
 * An unsubscribe link or its one-click POST: withdraws a confirmed subscription at once.
 * Following it again changes nothing and says the same.
 */
export async function unsubscribeByToken(
  db: Firestore,
  token: unknown,
  via: 'link' | 'one-click',
  now = Date.now(),
): Promise<LinkOutcome> {
  if (!isTokenShaped(token)) return 'invalid';
  const found = await db
    .collection(SUBSCRIBERS)
    .where('unsubscribeToken', '==', token)
    .limit(1)
    .get();
  const ref = found.docs[0]?.ref;
  if (!ref) return 'invalid';
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const subscriber = snapshot.data() as Subscriber | undefined;
    if (!subscriber || subscriber.unsubscribeToken !== token) return 'invalid';
    if (subscriber.status === 'confirmed') {
      tx.update(ref, { status: 'withdrawn', withdrawnAt: at(now) });
      appendProof(tx, db, ref.id, { type: 'withdrawn', at: at(now), via });
    }
    return 'done';
  });
}

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
