/**
 * Cookie consent records on the Firestore emulator with firestore.rules: a record can only be
 * created, with exactly its six fields, a decision from the list, a banner text version the
 * site kept, and the server's time; nobody can read, list, change or delete one, nor touch
 * the kept banner texts.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupRulesTesting } from '@/testing/firestore-rules';
import {
  addConsentRecord,
  CONSENT_RECORDS,
  CONSENT_TEXTS,
} from '@/web/consent/server/consent-records';

const PROJECT = 'rg-consent-rules-test';
const KEPT = '0123456789abcdef';
const rules = setupRulesTesting(PROJECT);

/** The banner text the site's server kept for one version, written past the rules. */
beforeEach(async () => {
  const { env } = rules();
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    await context.firestore().doc(`${CONSENT_TEXTS}/${KEPT}`).set({ language: 'de' });
  });
});

const record = (change: Record<string, unknown> = {}) => {
  const data: Record<string, unknown> = {
    consentId: '5eed5eed5eed5eed5eed5eed5eed5eed',
    decision: 'accepted',
    textVersion: KEPT,
    language: 'de',
    page: '/de/about',
    at: serverTimestamp(),
    ...change,
  };
  for (const key of Object.keys(change)) if (data[key] === undefined) delete data[key];
  return data;
};
const add = (data: Record<string, unknown>) =>
  addDoc(collection(rules().db, CONSENT_RECORDS), data);

describe('a consent record', () => {
  it.each(['accepted', 'declined', 'withdrawn', 'asked-again'])(
    'is created for the decision %s, as the server writes it',
    async (decision) => {
      const { consentId, textVersion, language, page } = record() as Record<string, string>;
      await assertSucceeds(
        addConsentRecord(rules().db, {
          consentId: consentId!,
          decision: decision as 'accepted',
          textVersion: textVersion!,
          language: language!,
          page: page!,
        }),
      );
    },
  );

  it.each([
    ['another field', { email: 'ada@rggames.example' }],
    ['a user agent', { userAgent: 'Mozilla/5.0' }],
    ['no consent id', { consentId: undefined }],
    ['a consent id that is not 32 hex digits', { consentId: 'ada@rggames.example' }],
    ['a decision outside the list', { decision: 'maybe' }],
    ['a decision in capitals', { decision: 'ACCEPTED' }],
    ['no text version', { textVersion: undefined }],
    ['a text version the site never published', { textVersion: 'fedcba9876543210' }],
    ['a text version that is not 16 hex digits', { textVersion: 'kept' }],
    ['another language', { language: 'fr' }],
    ['a page that is not a path', { page: 'https://evil.example/' }],
    ['a page over 256 characters', { page: `/${'x'.repeat(256)}` }],
    ['a time the client set', { at: Timestamp.fromMillis(Date.now()) }],
    ['a time as text', { at: new Date().toISOString() }],
    ['no time', { at: undefined }],
  ])('with %s is refused', async (_, change) => {
    await assertFails(add(record(change)));
  });

  it('cannot be read, listed, changed, replaced or deleted by a client', async () => {
    const ref = await add(record());
    await assertFails(getDoc(ref));
    await assertFails(getDocs(collection(rules().db, CONSENT_RECORDS)));
    await assertFails(updateDoc(ref, { decision: 'declined' }));
    await assertFails(setDoc(ref, record({ decision: 'declined' })));
    await assertFails(deleteDoc(ref));
    const kept = await rules().emulator.documents(PROJECT, CONSENT_RECORDS);
    expect(kept.map((stored) => stored.fields.decision)).toEqual([{ stringValue: 'accepted' }]);
  });
});

describe('the kept banner texts', () => {
  it('cannot be read, listed, added or changed by a client', async () => {
    const { db } = rules();
    const ref = doc(db, CONSENT_TEXTS, KEPT);
    await assertFails(getDoc(ref));
    await assertFails(getDocs(collection(db, CONSENT_TEXTS)));
    await assertFails(setDoc(doc(db, CONSENT_TEXTS, 'fedcba9876543210'), { language: 'de' }));
    await assertFails(updateDoc(ref, { language: 'tr' }));
    await assertFails(deleteDoc(ref));
  });
});
