/**
 * The cookie consent records in Firestore:
 *
 * - `cookieConsentRecords/<auto id>`: one record per decision (consent id, decision, banner
 *   text version, language, page, the server's time), append-only. Written through the
 *   client SDK, so firestore.rules decide what may be written, exactly as for a browser.
 * - `cookieConsentTexts/<version>`: the banner text of each version, kept by the site's
 *   server (admin rights) the first time a record names it, so a proof prints the words shown.
 */
import {
  addDoc,
  collection,
  serverTimestamp,
  type Firestore as RecordsDb,
} from 'firebase/firestore/lite';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Language } from '@/schemas/languages';
import type { ConsentRecordRequest } from '../send-record';
import type { ShownBanner } from '../version';

export const CONSENT_RECORDS = 'cookieConsentRecords';
export const CONSENT_TEXTS = 'cookieConsentTexts';

export interface ConsentRecord extends ConsentRecordRequest {
  readonly at: Timestamp;
}

export interface KeptBanner {
  readonly language: Language;
  readonly text: ShownBanner;
  readonly firstSeenAt: Timestamp;
}

/** Keeps the banner text of a version, the first time it is seen. */
export async function keepBannerText(
  db: Firestore,
  version: string,
  language: Language,
  text: ShownBanner,
): Promise<void> {
  try {
    await db
      .collection(CONSENT_TEXTS)
      .doc(version)
      .create({ language, text, firstSeenAt: Timestamp.now() });
  } catch (error) {
    // ALREADY_EXISTS: kept before, by this or another instance.
    if ((error as { code?: number }).code !== 6) throw error;
  }
}

/** Adds one record; the rules refuse anything but the fields they list. */
export async function addConsentRecord(db: RecordsDb, record: ConsentRecordRequest): Promise<void> {
  await addDoc(collection(db, CONSENT_RECORDS), { ...record, at: serverTimestamp() });
}

export interface ConsentProof {
  readonly records: readonly ConsentRecord[];
  /** The banner text of every version the records name (undefined: not kept). */
  readonly texts: Readonly<Record<string, KeptBanner | undefined>>;
}

export async function readConsentProof(db: Firestore, consentId: string): Promise<ConsentProof> {
  const snapshot = await db.collection(CONSENT_RECORDS).where('consentId', '==', consentId).get();
  const records = snapshot.docs
    .map((doc) => doc.data() as ConsentRecord)
    .sort((a, b) => a.at.toMillis() - b.at.toMillis());
  const versions = [...new Set(records.map((record) => record.textVersion))];
  const texts = await Promise.all(
    versions.map(async (version) => {
      const doc = await db.collection(CONSENT_TEXTS).doc(version).get();
      return [version, doc.data() as KeptBanner | undefined] as const;
    }),
  );
  return { records, texts: Object.fromEntries(texts) };
}
