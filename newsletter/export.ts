/**
 * The confirmed subscribers, as `npm run newsletter -- export-confirmed` writes them for the
 * mailing tool: one CSV row each, with its unsubscribe link and headers.
 */
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { unsubscribeHeaders, unsubscribeUrl } from '@/web/newsletter/link-urls';
import { csvDocument } from './csv';
import { SUBSCRIBERS, type Subscriber } from '@/web/newsletter/server/signup-records';

/** Every confirmed subscriber, for the mailing tool. */
export async function confirmedSubscribers(db: Firestore): Promise<Subscriber[]> {
  const snapshot = await db.collection(SUBSCRIBERS).where('status', '==', 'confirmed').get();
  return snapshot.docs
    .map((doc) => doc.data() as Subscriber)
    .sort((a, b) => a.email.localeCompare(b.email));
}

const time = (value: Timestamp | null | undefined) => (value ? value.toDate().toISOString() : '—');

const CSV_COLUMNS = [
  'email',
  'language',
  'confirmed_at',
  'consent_version',
  'unsubscribe_url',
  'list_unsubscribe',
  'list_unsubscribe_post',
] as const;

/** The confirmed subscribers as the CSV `export-confirmed` writes, for the mailing tool. */
export function confirmedCsv(subscribers: readonly Subscriber[], siteUrl: string): string {
  const rows = subscribers.map((subscriber) => {
    const url = subscriber.unsubscribeToken
      ? unsubscribeUrl(siteUrl, subscriber.language, subscriber.unsubscribeToken)
      : '';
    const headers = unsubscribeHeaders(url);
    return [
      subscriber.email,
      subscriber.language,
      time(subscriber.confirmedAt),
      subscriber.consentVersion ?? '',
      url,
      headers['List-Unsubscribe'],
      headers['List-Unsubscribe-Post'],
    ];
  });
  return csvDocument([CSV_COLUMNS, ...rows]);
}
