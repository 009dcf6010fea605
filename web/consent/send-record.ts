/**
 * Sends one consent record to the site's own server (POST /api/consent), which writes it to
 * Firestore under the rules (./server/records.ts). Through the site rather than straight to
 * Firestore, so that recording a decline sends the visitor's browser to no Google host.
 * Fire and forget: it never blocks the page, and a record that cannot be sent is not retried.
 */
import { backendConfig } from '../firebase/config';
import type { Decision } from './store';

export const CONSENT_RECORD_PATH = '/api/consent';

/** The fields the browser sends; the server adds the time. */
export interface ConsentRecordRequest {
  readonly consentId: string;
  readonly decision: Decision;
  readonly textVersion: string;
  readonly language: string;
  readonly page: string;
}

export function sendConsentRecord(record: ConsentRecordRequest): void {
  // A site built without the Firebase settings keeps no records: nothing to send them to.
  if (!backendConfig()) return;
  try {
    void fetch(CONSENT_RECORD_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(record),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // A browser without fetch keeps its choice all the same.
  }
}
