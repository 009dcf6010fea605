/**
 * Sends one consent record to the site's own server (POST /api/consent), which writes it to
 * Firestore under the rules (./server/records.ts). Through the site rather than straight to
 * Firestore, so that recording a decline sends the visitor's browser to no Google host.
 * Fire and forget (a beacon): it never blocks the page, and a record that cannot be sent is
 * not retried.
 */
import { backendConfig } from '../firebase/config';
import type { Decision } from './stored-choice';

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
  const body = JSON.stringify(record);
  try {
    // A beacon is sent even when the visitor leaves the page right after choosing.
    if (navigator.sendBeacon(CONSENT_RECORD_PATH, new Blob([body], { type: 'application/json' })))
      return;
  } catch {
    // No beacons here: fetch below.
  }
  void fetch(CONSENT_RECORD_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  })
    .then((response) => response.body?.cancel())
    .catch(() => undefined);
}
