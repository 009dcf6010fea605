/**
 * The intake: each signup the browser left in the inbox becomes a confirmation request with
 * its first proof event, or is dropped, in one transaction, so exactly one instance takes it.
 */
import { Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { isLanguage, type Language } from '@/schemas/languages';
import { CONSENT_VERSION_PATTERN } from '@/web/newsletter/signup-consent-text';
import { CONFIRMATION_HOURS, MAILS_PER_DAY } from '@/web/newsletter/newsletter-limits';
import { canonicalMailbox } from '@/web/newsletter/mailbox';
import { EMAIL_MAX, SIGNUP_COLLECTION, signupId } from '@/web/newsletter/signup';
import {
  appendProof,
  at,
  BATCH,
  HOUR_MS,
  REQUESTS,
  subscriberRef,
  type ConfirmationRequest,
  type Subscriber,
} from '@/web/newsletter/server/signup-records';

interface SignupDocument {
  email: string;
  createdAt: Timestamp;
  language: Language;
  page: string;
  consentVersion: string;
  userAgent?: string;
}

/**
 * A signup as the rules let the browser write it, its address as its canonical mailbox;
 * anything else is dropped (e.g. `x1<box@example.org>`, written under older rules).
 */
function readSignup(data: DocumentData | undefined): SignupDocument | null {
  if (!data) return null;
  const { createdAt, language, page, consentVersion, userAgent } = data;
  const email = typeof data.email === 'string' ? canonicalMailbox(data.email) : null;
  if (!email || email.length > EMAIL_MAX) return null;
  if (!(createdAt instanceof Timestamp) || !isLanguage(language)) return null;
  if (typeof page !== 'string' || typeof consentVersion !== 'string') return null;
  if (!CONSENT_VERSION_PATTERN.test(consentVersion)) return null;
  return {
    email,
    createdAt,
    language,
    page,
    consentVersion,
    ...(typeof userAgent === 'string' && { userAgent }),
  };
}

export type IntakeOutcome =
  /** Another instance took it first. */
  | 'gone'
  | 'accepted'
  /** The address is subscribed: nothing is sent, and the visitor saw the same answer. */
  | 'already-confirmed'
  /** The address had its confirmation mails for today. */
  | 'limited'
  /** Waited longer than a link would work (confirmations were off): deleted unsent. */
  | 'stale'
  | 'malformed';

/**
 * Takes one signup out of the inbox: a new confirmation request with its first proof event,
 * unless the address is confirmed already or has had its mails for today. The address's
 * record is that of its canonical mailbox, whatever id the inbox document had, so every
 * spelling of one mailbox shares one limit and one proof.
 */
export async function takeSignup(
  db: Firestore,
  inboxId: string,
  now = Date.now(),
): Promise<{ outcome: IntakeOutcome; requestId?: string }> {
  return db.runTransaction(async (tx) => {
    const signupRef = db.collection(SIGNUP_COLLECTION).doc(inboxId);
    const signup = await tx.get(signupRef);
    if (!signup.exists) return { outcome: 'gone' };
    const fields = readSignup(signup.data());
    const subscriberId = fields ? await signupId(fields.email) : undefined;
    const subscriber = subscriberId ? await tx.get(subscriberRef(db, subscriberId)) : undefined;
    tx.delete(signupRef);
    if (!fields || !subscriberId) return { outcome: 'malformed' };
    if (now - fields.createdAt.toMillis() > CONFIRMATION_HOURS * HOUR_MS)
      return { outcome: 'stale' };
    const current = subscriber?.exists ? (subscriber.data() as Subscriber) : undefined;
    if (current?.status === 'confirmed') return { outcome: 'already-confirmed' };
    const recent = (current?.recentRequests ?? []).filter(
      (time) => time.toMillis() > now - 24 * HOUR_MS,
    );
    if (recent.length >= MAILS_PER_DAY) return { outcome: 'limited' };

    const requestRef = db.collection(REQUESTS).doc();
    const requestedAt = fields.createdAt;
    const request: ConfirmationRequest = {
      subscriberId,
      email: fields.email,
      language: fields.language,
      page: fields.page,
      consentVersion: fields.consentVersion,
      ...(fields.userAgent && { userAgent: fields.userAgent }),
      requestedAt,
      expiresAt: at(requestedAt.toMillis() + CONFIRMATION_HOURS * HOUR_MS),
      mail: { state: 'due', attempts: 0, nextAttemptAt: at(now) },
    };
    tx.create(requestRef, request);
    const next: Subscriber = {
      ...current,
      email: fields.email,
      status: current?.status ?? 'unconfirmed',
      language: fields.language,
      firstRequestedAt: current?.firstRequestedAt ?? requestedAt,
      recentRequests: [...recent, at(now)],
    };
    tx.set(subscriberRef(db, subscriberId), next);
    appendProof(tx, db, subscriberId, {
      type: 'requested',
      at: requestedAt,
      requestId: requestRef.id,
      page: fields.page,
      language: fields.language,
      consentVersion: fields.consentVersion,
      ...(fields.userAgent && { userAgent: fields.userAgent }),
    });
    return { outcome: 'accepted', requestId: requestRef.id };
  });
}

/** The ids of signups still in the inbox (the listener's fallback). */
export async function waitingSignups(db: Firestore): Promise<string[]> {
  const snapshot = await db.collection(SIGNUP_COLLECTION).select().limit(BATCH).get();
  return snapshot.docs.map((doc) => doc.id);
}
