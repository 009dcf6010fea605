/**
 * The newsletter's records in Firestore: where they live and what they hold, shared by every
 * part that reads or changes them. Only the site's server and its tools write them, with admin
 * rights (the rules deny every client); every change is a transaction, so that several
 * instances of the site can run this code at once and each step still happens once.
 *
 * - `newsletterSignups/<id>`: the inbox the browser writes to (one document per address,
 *   `<id>` = SHA-256 of the address). The server takes each signup out in a transaction
 *   (newsletter/intake.ts).
 * - `newsletterSubscribers/<id>`: where an address stands (unconfirmed, confirmed, withdrawn).
 * - `newsletterSubscribers/<id>/proof/<event>`: the proof of consent, append-only: each event
 *   is created once and never changed. Only the 48-hour deletion of unconfirmed requests
 *   removes events (those of the deleted request: newsletter/retention.ts).
 * - `newsletterRequests/<request>`: one per accepted signup, with its confirmation mail's
 *   progress (the outbox: newsletter/outbox.ts) and the hash of the link's token (./links.ts).
 * - `newsletterConsentTexts/<version>`: the consent texts of each version (newsletter/proof.ts).
 */
import { randomUUID } from 'node:crypto';
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { Language } from '@/schemas/languages';

export const SUBSCRIBERS = 'newsletterSubscribers';
export const PROOF = 'proof';
export const REQUESTS = 'newsletterRequests';
export const CONSENT_TEXTS = 'newsletterConsentTexts';

export const HOUR_MS = 3_600_000;
/** How many documents one sweep step handles. */
export const BATCH = 50;

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

export const at = (ms: number) => Timestamp.fromMillis(ms);

/** The document id of an address: the SHA-256 of it, as the browser and the rules compute it. */
export const subscriberRef = (db: Firestore, id: string) => db.collection(SUBSCRIBERS).doc(id);

/** Adds one event to an address's proof; `create` fails rather than overwrite anything. */
export function appendProof(
  tx: Transaction,
  db: Firestore,
  subscriberId: string,
  event: ProofEvent,
) {
  // Ids sort by time, so a listing reads in order; the random part keeps them unique.
  const id = `${String(event.at.toMillis()).padStart(15, '0')}-${event.type}-${randomUUID().slice(0, 8)}`;
  tx.create(subscriberRef(db, subscriberId).collection(PROOF).doc(id), event);
}
