/**
 * The confirmation mails' outbox. Each request's mail moves between the states of
 * MAIL_TRANSITIONS, one move per transaction, so that of several instances exactly one sends
 * each attempt, and a mail that may have gone out is never sent again:
 *
 *   due ─claim─► sending ─sent─► sent
 *    ▲              │ ├─give-up─► failed
 *    └────retry─────┘ └─uncertain, lease-expired─► uncertain
 */
import { FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { newToken, tokenHash } from '@/web/newsletter/server/tokens';
import {
  appendProof,
  at,
  BATCH,
  HOUR_MS,
  REQUESTS,
  type ConfirmationRequest,
  type MailState,
} from '@/web/newsletter/server/signup-records';

/** A failed send is retried for this long after the signup, then given up. */
const RETRY_HOURS = 24;
/** The longest wait between two attempts. */
const MAX_RETRY_DELAY_MS = HOUR_MS;
/**
 * How long one attempt may take before another instance calls its outcome uncertain (the
 * mailer's own timeouts end every attempt well within it: ./mailer.ts).
 */
export const SEND_LEASE_MS = 3 * 60_000;

export type MailEvent = 'claim' | 'sent' | 'retry' | 'give-up' | 'uncertain' | 'lease-expired';

/**
 * Every move a mail may make: from which states, to which. Any other move is refused (another
 * instance got there first). An attempt's outcome may still arrive after a sweep called it
 * uncertain (its instance was slow, not gone): what the SMTP server said then wins.
 */
export const MAIL_TRANSITIONS = {
  claim: { from: ['due'], to: 'sending' },
  sent: { from: ['sending', 'uncertain'], to: 'sent' },
  retry: { from: ['sending', 'uncertain'], to: 'due' },
  'give-up': { from: ['sending', 'uncertain'], to: 'failed' },
  uncertain: { from: ['sending', 'uncertain'], to: 'uncertain' },
  'lease-expired': { from: ['sending'], to: 'uncertain' },
} as const satisfies Record<MailEvent, { from: readonly MailState[]; to: MailState }>;

/** Where `event` moves a mail in `state`, or null when the table has no such move. */
export function nextMailState(state: MailState, event: MailEvent): MailState | null {
  const move = MAIL_TRANSITIONS[event];
  return (move.from as readonly MailState[]).includes(state) ? move.to : null;
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
    const state = nextMailState(request.mail.state, 'claim');
    if (!state || request.mail.nextAttemptAt.toMillis() > now) return null;
    // Its link could no longer work; the request is about to be deleted.
    if (!request.expiresAt || request.expiresAt.toMillis() <= now) return null;
    const attempt = request.mail.attempts + 1;
    const token = newToken();
    const messageId = `<${requestId}.${attempt}@${messageDomain}>`;
    tx.update(ref, {
      'mail.state': state,
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

/** The move an attempt's outcome makes: a retry due after the 24 hours gives up instead. */
export function eventOfOutcome(
  outcome: SendOutcome,
  retryAt: number,
  requestedAt: number,
): MailEvent {
  if (outcome.kind === 'retry')
    return retryAt < requestedAt + RETRY_HOURS * HOUR_MS ? 'retry' : 'give-up';
  return outcome.kind === 'permanent' ? 'give-up' : outcome.kind;
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
    // Only the attempt this instance claimed.
    if (request.mail.attempts !== claim.attempt) return;
    const retryAt = now + retryDelayMs(claim.attempt, retrySeconds);
    const event = eventOfOutcome(outcome, retryAt, request.requestedAt.toMillis());
    const state = nextMailState(request.mail.state, event);
    if (!state) return;
    const { requestId, attempt, messageId } = claim;
    const proof = { at: at(now), requestId, attempt, messageId };
    const move = { 'mail.state': state, 'mail.leaseUntil': FieldValue.delete() };
    if (outcome.kind === 'sent') {
      tx.update(ref, { ...move, 'mail.sentAt': at(now), 'mail.lastError': FieldValue.delete() });
      appendProof(tx, db, request.subscriberId, {
        ...proof,
        type: 'mail-sent',
        response: outcome.response,
      });
    } else if (outcome.kind === 'uncertain') {
      tx.update(ref, { ...move, 'mail.lastError': outcome.error });
      appendProof(tx, db, request.subscriberId, {
        ...proof,
        type: 'mail-uncertain',
        error: outcome.error,
      });
    } else {
      // Never delivered: its link must not work.
      tx.update(ref, {
        ...move,
        'mail.nextAttemptAt': at(retryAt),
        'mail.lastError': outcome.error,
        tokenHash: FieldValue.delete(),
      });
      appendProof(tx, db, request.subscriberId, {
        ...proof,
        type: 'mail-failed',
        error: outcome.error,
        retryAt: event === 'retry' ? at(retryAt) : null,
      });
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
      const state = request && nextMailState(request.mail.state, 'lease-expired');
      if (!request || !state) return false;
      if (request.mail.leaseUntil && request.mail.leaseUntil.toMillis() > now) return false;
      const error = 'the sending instance stopped before the SMTP server answered';
      tx.update(doc.ref, {
        'mail.state': state,
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
