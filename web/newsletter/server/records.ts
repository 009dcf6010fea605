/**
 * The newsletter's records in Firestore. Only the site's server writes them, with admin
 * rights (the rules deny every client); every change is a transaction, so that several
 * instances of the site can run this code at once and each step still happens once.
 *
 * - `newsletterSignups/<id>`: the inbox the browser writes to (one document per address,
 *   `<id>` = SHA-256 of the address). The server takes each signup out in a transaction.
 * - `newsletterSubscribers/<id>`: where an address stands (unconfirmed, confirmed, withdrawn).
 * - `newsletterSubscribers/<id>/proof/<event>`: the proof of consent, append-only: each event
 *   is created once and never changed. Only the 48-hour deletion of unconfirmed requests
 *   removes events (those of the deleted request).
 * - `newsletterRequests/<request>`: one per accepted signup, with its confirmation mail's
 *   progress (the outbox) and the hash of the link's token.
 * - `newsletterConsentTexts/<version>`: the consent texts of each version.
 */
import { randomUUID } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { isLanguage, type Language } from '@/schemas/languages';
import { CONSENT_VERSION_PATTERN, type ConsentText } from '../consent-text';
import { CONFIRMATION_HOURS, MAILS_PER_DAY } from '../limits';
import { canonicalMailbox } from '../mailbox';
import { EMAIL_MAX, SIGNUP_COLLECTION, signupId } from '../signup';
import { isTokenShaped, newToken, tokenHash } from './tokens';

export const SUBSCRIBERS = 'newsletterSubscribers';
export const PROOF = 'proof';
export const REQUESTS = 'newsletterRequests';
export const CONSENT_TEXTS = 'newsletterConsentTexts';

const HOUR_MS = 3_600_000;
/** A failed send is retried for this long after the signup, then given up. */
const RETRY_HOURS = 24;
/** The longest wait between two attempts. */
const MAX_RETRY_DELAY_MS = HOUR_MS;
/**
 * How long one attempt may take before another instance calls its outcome uncertain (the
 * mailer's own timeouts end every attempt well within it: ./mailer.ts).
 */
export const SEND_LEASE_MS = 3 * 60_000;
/** How many documents one sweep step handles. */
const BATCH = 50;

export type SubscriberStatus = 'unconfirmed' | 'confirmed' | 'withdrawn';

export interface Subscriber {
  readonly email: string;
  readonly status: SubscriberStatus;
  /** The language of the latest request (and of the confirmed one, once confirmed). */
  readonly language: Language;
  readonly firstRequestedAt: Timestamp;
  /** When confirmation mails were requested in the last 24 hours (the limit). */
  readonly recentRequests: Timestamp[];
  readonly confirmedAt?: Timestamp;
  /** The consent text version of the latest confirmed request. */
  readonly consentVersion?: string;
  readonly withdrawnAt?: Timestamp;
  /** Made at the first confirmation; the mailing tool puts it into every unsubscribe link. */
  readonly unsubscribeToken?: string;
}

export type MailState = 'due' | 'sending' | 'sent' | 'failed' | 'uncertain';

export interface MailProgress {
  readonly state: MailState;
  readonly attempts: number;
  readonly nextAttemptAt: Timestamp;
  readonly leaseUntil?: Timestamp;
  readonly messageId?: string;
  readonly sentAt?: Timestamp;
  readonly lastError?: string;
}

export interface ConfirmationRequest {
  readonly subscriberId: string;
  readonly email: string;
  readonly language: Language;
  readonly page: string;
  readonly consentVersion: string;
  readonly userAgent?: string;
  /** The time Firestore stamped on the browser's signup. */
  readonly requestedAt: Timestamp;
  /** The link stops working, and the request is deleted, at this time; gone once confirmed. */
  readonly expiresAt?: Timestamp;
  /** The SHA-256 of the token in the link of the attempt under way or sent. */
  readonly tokenHash?: string;
  readonly confirmedAt?: Timestamp;
  readonly mail: MailProgress;
}

type ProofFields =
  | {
      type: 'requested';
      page: string;
      language: Language;
      consentVersion: string;
      userAgent?: string;
    }
  | { type: 'mail-sent'; attempt: number; messageId: string; response: string }
  | {
      type: 'mail-failed';
      attempt: number;
      messageId: string;
      error: string;
      /** The next attempt, or null when sending was given up. */
      retryAt: Timestamp | null;
    }
  | { type: 'mail-uncertain'; attempt: number; messageId: string; error: string }
  | { type: 'confirmed'; userAgent?: string }
  | { type: 'withdrawn'; via: 'link' | 'one-click' };

export type ProofEvent = ProofFields & { readonly at: Timestamp; readonly requestId?: string };

const at = (ms: number) => Timestamp.fromMillis(ms);

/** The document id of an address: the SHA-256 of it, as the browser and the rules compute it. */
const subscriberRef = (db: Firestore, id: string) => db.collection(SUBSCRIBERS).doc(id);

/** Adds one event to an address's proof; `create` fails rather than overwrite anything. */
function appendProof(tx: Transaction, db: Firestore, subscriberId: string, event: ProofEvent) {
  // Ids sort by time, so a listing reads in order; the random part keeps them unique.
  const id = `${String(event.at.toMillis()).padStart(15, '0')}-${event.type}-${randomUUID().slice(0, 8)}`;
  tx.create(subscriberRef(db, subscriberId).collection(PROOF).doc(id), event);
}

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

/** One attempt at sending a request's mail, claimed by one instance. */
export interface SendClaim {
  readonly requestId: string;
  readonly request: ConfirmationRequest;
  /** The token of this attempt's link; only its hash is stored. */
  readonly token: string;
  readonly attempt: number;
  readonly messageId: string;
}

/**
 * Claims the next attempt of a request whose mail is due: a new token (its hash replaces any
 * earlier one, whose mail was never delivered), the message id, and a lease. Null when the
 * mail is not due, or another instance claimed it first.
 */
export async function claimSend(
  db: Firestore,
  requestId: string,
  messageDomain: string,
  now = Date.now(),
): Promise<SendClaim | null> {
  return db.runTransaction(async (tx) => {
    const ref = db.collection(REQUESTS).doc(requestId);
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return null;
    const request = snapshot.data() as ConfirmationRequest;
    if (request.mail.state !== 'due' || request.mail.nextAttemptAt.toMillis() > now) return null;
    // Its link could no longer work; the request is about to be deleted.
    if (!request.expiresAt || request.expiresAt.toMillis() <= now) return null;
    const attempt = request.mail.attempts + 1;
    const token = newToken();
    const messageId = `<${requestId}.${attempt}@${messageDomain}>`;
    tx.update(ref, {
      'mail.state': 'sending',
      'mail.attempts': attempt,
      'mail.leaseUntil': at(now + SEND_LEASE_MS),
      'mail.messageId': messageId,
      tokenHash: tokenHash(token),
    });
    return { requestId, request, token, attempt, messageId };
  });
}

/** What the SMTP server said to one attempt (./mailer.ts). */
export type SendOutcome =
  | { kind: 'sent'; response: string }
  /** Not delivered (no connection, or a temporary 4xx answer): try again later. */
  | { kind: 'retry'; error: string }
  /** Refused for good (a 5xx answer): trying again would only be refused again. */
  | { kind: 'permanent'; error: string }
  /** The message was handed over but no answer came: it may have arrived, so never again. */
  | { kind: 'uncertain'; error: string };

/** The wait before attempt `attempt + 1`: the first retry after `retrySeconds`, then doubling. */
export function retryDelayMs(attempt: number, retrySeconds: number): number {
  return Math.min(retrySeconds * 1000 * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

/** Records an attempt's outcome on the request and in the proof. */
export async function recordSend(
  db: Firestore,
  claim: SendClaim,
  outcome: SendOutcome,
  retrySeconds: number,
  now = Date.now(),
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = db.collection(REQUESTS).doc(claim.requestId);
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return; // deleted meanwhile (48 hours passed)
    const request = snapshot.data() as ConfirmationRequest;
    // Only the attempt this instance claimed; a sweep may have called it uncertain meanwhile.
    if (request.mail.attempts !== claim.attempt) return;
    if (request.mail.state !== 'sending' && request.mail.state !== 'uncertain') return;
    const base = { at: at(now), requestId: claim.requestId, attempt: claim.attempt };
    const messageId = claim.messageId;
    const lease = { 'mail.leaseUntil': FieldValue.delete() };
    switch (outcome.kind) {
      case 'sent':
        tx.update(ref, {
          ...lease,
          'mail.state': 'sent',
          'mail.sentAt': at(now),
          'mail.lastError': FieldValue.delete(),
        });
        appendProof(tx, db, request.subscriberId, {
          ...base,
          type: 'mail-sent',
          messageId,
          response: outcome.response,
        });
        return;
      case 'retry':
      case 'permanent': {
        const retryAt = now + retryDelayMs(claim.attempt, retrySeconds);
        const again =
          outcome.kind === 'retry' &&
          retryAt < request.requestedAt.toMillis() + RETRY_HOURS * HOUR_MS;
        tx.update(ref, {
          ...lease,
          'mail.state': again ? 'due' : 'failed',
          'mail.nextAttemptAt': at(retryAt),
          'mail.lastError': outcome.error,
          // Never delivered: its link must not work.
          tokenHash: FieldValue.delete(),
        });
        appendProof(tx, db, request.subscriberId, {
          ...base,
          type: 'mail-failed',
          messageId,
          error: outcome.error,
          retryAt: again ? at(retryAt) : null,
        });
        return;
      }
      case 'uncertain':
        tx.update(ref, { ...lease, 'mail.state': 'uncertain', 'mail.lastError': outcome.error });
        appendProof(tx, db, request.subscriberId, {
          ...base,
          type: 'mail-uncertain',
          messageId,
          error: outcome.error,
        });
        return;
    }
  });
}

/** Requests whose mail is due now, oldest first as Firestore lists them. */
export async function dueRequests(db: Firestore, now = Date.now()): Promise<string[]> {
  const snapshot = await db
    .collection(REQUESTS)
    .where('mail.state', '==', 'due')
    .limit(BATCH)
    .get();
  return snapshot.docs
    .filter((doc) => (doc.get('mail.nextAttemptAt') as Timestamp).toMillis() <= now)
    .map((doc) => doc.id);
}

/**
 * Attempts whose instance stopped before recording an outcome (its lease ran out): the mail
 * may have gone out, so it is never sent again; the proof says so.
 */
export async function expireSendLeases(db: Firestore, now = Date.now()): Promise<number> {
  const snapshot = await db
    .collection(REQUESTS)
    .where('mail.state', '==', 'sending')
    .limit(BATCH)
    .get();
  let expired = 0;
  for (const doc of snapshot.docs) {
    const lease = doc.get('mail.leaseUntil') as Timestamp | undefined;
    if (lease && lease.toMillis() > now) continue;
    const changed = await db.runTransaction(async (tx) => {
      const current = await tx.get(doc.ref);
      const request = current.data() as ConfirmationRequest | undefined;
      if (!request || request.mail.state !== 'sending') return false;
      if (request.mail.leaseUntil && request.mail.leaseUntil.toMillis() > now) return false;
      const error = 'the sending instance stopped before the SMTP server answered';
      tx.update(doc.ref, {
        'mail.state': 'uncertain',
        'mail.lastError': error,
        'mail.leaseUntil': FieldValue.delete(),
      });
      appendProof(tx, db, request.subscriberId, {
        type: 'mail-uncertain',
        at: at(now),
        requestId: doc.id,
        attempt: request.mail.attempts,
        messageId: request.mail.messageId ?? '',
        error,
      });
      return true;
    });
    if (changed) expired++;
  }
  return expired;
}

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

/**
 * Deletes requests not confirmed within 48 hours with their proof events, and the address
 * itself when it was never confirmed and nothing else of it is pending. The proof of an
 * earlier consent (and of its withdrawal) stays.
 */
export async function deleteExpiredRequests(db: Firestore, now = Date.now()): Promise<number> {
  const snapshot = await db
    .collection(REQUESTS)
    .where('expiresAt', '<=', at(now))
    .limit(BATCH)
    .get();
  let deleted = 0;
  for (const doc of snapshot.docs) {
    const done = await db.runTransaction(async (tx) => {
      const current = await tx.get(doc.ref);
      const request = current.data() as ConfirmationRequest | undefined;
      if (!request || request.confirmedAt) return false;
      if (!request.expiresAt || request.expiresAt.toMillis() > now) return false;
      const subscriber = subscriberRef(db, request.subscriberId);
      const [owner, proof, siblings] = await Promise.all([
        tx.get(subscriber),
        tx.get(subscriber.collection(PROOF)),
        tx.get(db.collection(REQUESTS).where('subscriberId', '==', request.subscriberId)),
      ]);
      const others = siblings.docs.filter((sibling) => sibling.id !== doc.id);
      const wholeAddress = owner.get('status') === 'unconfirmed' && others.length === 0;
      tx.delete(doc.ref);
      for (const event of proof.docs)
        if (wholeAddress || event.get('requestId') === doc.id) tx.delete(event.ref);
      if (wholeAddress) tx.delete(subscriber);
      return true;
    });
    if (done) deleted++;
  }
  return deleted;
}

/** Keeps the consent texts of a version, the first time it is seen. */
export async function archiveConsentText(
  db: Firestore,
  version: string,
  language: Language,
  text: ConsentText,
  now = Date.now(),
): Promise<void> {
  try {
    await db
      .collection(CONSENT_TEXTS)
      .doc(version)
      .create({ language, text, firstSeenAt: at(now) });
  } catch (error) {
    // ALREADY_EXISTS: kept before, by this or another instance.
    if ((error as { code?: number }).code !== 6) throw error;
  }
}

export interface ConsentTextRecord {
  readonly language: Language;
  readonly text: ConsentText;
  readonly firstSeenAt: Timestamp;
}

/** Everything kept about one address, for `npm run newsletter -- proof`. */
export interface ProofRecord {
  readonly subscriberId: string;
  readonly subscriber: Subscriber | undefined;
  readonly events: readonly ProofEvent[];
  readonly requests: readonly (ConfirmationRequest & { readonly id: string })[];
  /** The consent texts of every version the events name (undefined: not kept). */
  readonly consentTexts: Readonly<Record<string, ConsentTextRecord | undefined>>;
  /** The address waits in the inbox, not yet taken by a server. */
  readonly waiting: boolean;
}

export async function readProof(db: Firestore, subscriberId: string): Promise<ProofRecord> {
  const subscriber = subscriberRef(db, subscriberId);
  const [owner, proof, requests, waiting] = await Promise.all([
    subscriber.get(),
    subscriber.collection(PROOF).get(),
    db.collection(REQUESTS).where('subscriberId', '==', subscriberId).get(),
    db.collection(SIGNUP_COLLECTION).doc(subscriberId).get(),
  ]);
  const events = proof.docs
    .map((doc) => doc.data() as ProofEvent)
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());
  const versions = [
    ...new Set(
      events.flatMap((event) => (event.type === 'requested' ? [event.consentVersion] : [])),
    ),
  ];
  const texts = await Promise.all(
    versions.map(async (version) => {
      const doc = await db.collection(CONSENT_TEXTS).doc(version).get();
      return [version, doc.data() as ConsentTextRecord | undefined] as const;
    }),
  );
  return {
    subscriberId,
    subscriber: owner.data() as Subscriber | undefined,
    events,
    requests: requests.docs
      .map((doc) => ({ ...(doc.data() as ConfirmationRequest), id: doc.id }))
      .sort((a, b) => a.requestedAt.toMillis() - b.requestedAt.toMillis()),
    consentTexts: Object.fromEntries(texts),
    waiting: waiting.exists,
  };
}

/** Every confirmed subscriber, for the mailing tool. */
export async function confirmedSubscribers(db: Firestore): Promise<Subscriber[]> {
  const snapshot = await db.collection(SUBSCRIBERS).where('status', '==', 'confirmed').get();
  return snapshot.docs
    .map((doc) => doc.data() as Subscriber)
    .sort((a, b) => a.email.localeCompare(b.email));
}
