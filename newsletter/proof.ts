/**
 * The proof of consent of one address: the consent texts each version showed (kept by the
 * worker the first time it sees a version), everything kept about the address, and the
 * printed form `npm run newsletter -- proof` shows.
 */
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import type { Language } from '@/schemas/languages';
import type { ConsentText } from '@/web/newsletter/signup-consent-text';
import { SIGNUP_COLLECTION } from '@/web/newsletter/signup';
import { jsonText, visible } from './json-text';
import {
  at,
  CONSENT_TEXTS,
  PROOF,
  REQUESTS,
  subscriberRef,
  type ConfirmationRequest,
  type ProofEvent,
  type Subscriber,
} from '@/web/newsletter/server/signup-records';

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

const time = (value: Timestamp | null | undefined) => (value ? value.toDate().toISOString() : '—');

function describeEvent(event: ProofEvent): string {
  const request = event.requestId ? `request ${event.requestId}` : '';
  switch (event.type) {
    case 'requested':
      return [
        request,
        `page ${jsonText(event.page)}`,
        `language ${event.language}`,
        `consent text ${event.consentVersion}`,
        event.userAgent && `user agent ${jsonText(event.userAgent)}`,
      ]
        .filter(Boolean)
        .join(', ');
    case 'mail-sent':
      return `${request}, attempt ${event.attempt}, message id ${event.messageId}, server: ${visible(event.response)}`;
    case 'mail-failed':
      return (
        `${request}, attempt ${event.attempt}, message id ${event.messageId}, ${visible(event.error)}; ` +
        (event.retryAt ? `next attempt ${time(event.retryAt)}` : 'not retried')
      );
    case 'mail-uncertain':
      return `${request}, attempt ${event.attempt}, message id ${event.messageId}, ${visible(event.error)}; not sent again`;
    case 'confirmed':
      return [request, event.userAgent && `user agent ${jsonText(event.userAgent)}`]
        .filter(Boolean)
        .join(', ');
    case 'withdrawn':
      return `via ${event.via === 'one-click' ? 'one-click unsubscribe (RFC 8058 POST)' : 'unsubscribe link'}`;
  }
}

/**
 * The complete record of one address, as printed by `proof`. What visitors supplied (the
 * address, page and user agent) is printed as JSON strings, so it can never pass for a line
 * or an event of its own.
 */
export function formatProof(email: string, record: ProofRecord): string {
  const { subscriber } = record;
  const lines = [
    `Proof of consent: ${jsonText(email)}`,
    `Record id (SHA-256 of the address): ${record.subscriberId}`,
  ];
  if (subscriber) {
    lines.push(
      `Status: ${subscriber.status}`,
      `First request: ${time(subscriber.firstRequestedAt)}`,
      `Confirmed: ${time(subscriber.confirmedAt)}${subscriber.consentVersion ? ` (consent text ${subscriber.consentVersion})` : ''}`,
      `Withdrawn: ${time(subscriber.withdrawnAt)}`,
    );
  }
  if (record.waiting) lines.push('A signup waits in the inbox, not yet taken by the server.');
  lines.push('', 'Requests:');
  for (const request of record.requests) {
    const mail = request.mail;
    lines.push(
      `  ${request.id}: requested ${time(request.requestedAt)} on ${jsonText(request.page)} (${request.language}), ` +
        `consent text ${request.consentVersion}`,
      `    confirmation mail: ${mail.state}, ${mail.attempts} attempt(s), message id ${mail.messageId ?? '—'}, ` +
        `sent ${time(mail.sentAt)}${mail.lastError ? `, last error: ${visible(mail.lastError)}` : ''}`,
      `    confirmed: ${time(request.confirmedAt)}` +
        (request.expiresAt ? `, link valid until ${time(request.expiresAt)}` : ''),
    );
  }
  if (record.requests.length === 0) lines.push('  (none kept)');
  lines.push('', 'Consent texts shown:');
  for (const [version, kept] of Object.entries(record.consentTexts)) {
    if (!kept) {
      lines.push(`  ${version}: not kept (no server saw this version of the copy)`);
      continue;
    }
    lines.push(
      `  ${version} (${kept.language}, kept since ${time(kept.firstSeenAt)}):`,
      ...Object.entries(kept.text).map(([field, text]) => `    ${field}: ${visible(text) || '—'}`),
    );
  }
  lines.push('', 'Events (append-only, oldest first):');
  for (const event of record.events)
    lines.push(`  ${time(event.at)}  ${event.type.padEnd(14)}  ${describeEvent(event)}`);
  return lines.join('\n');
}
