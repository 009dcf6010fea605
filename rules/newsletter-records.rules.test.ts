/**
 * The newsletter's server records (subscribers, their append-only proof of consent, the
 * confirmation requests, the consent texts) on the Firestore emulator with firestore.rules:
 * no client can read, list, add, change or delete any of them; and a signup must say where
 * it was made and which consent text it showed.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  addDoc,
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '@/testing/firestore-emulator';
import {
  CONSENT_TEXTS,
  PROOF,
  REQUESTS,
  SUBSCRIBERS,
} from '@/web/newsletter/server/signup-records';
import { SIGNUP_COLLECTION, signupId } from '@/web/newsletter/signup';

const PROJECT = 'rg-newsletter-rules-test';
const ADA = 'ada@rggames.example';
let emulator: FirestoreEmulator;
let env: RulesTestEnvironment;
let app: FirebaseApp;
let db: Firestore;
let id: string;

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator();
  env = await initializeTestEnvironment({
    projectId: PROJECT,
    firestore: {
      rules: readFileSync('firestore.rules', 'utf8'),
      host: emulator.host,
      port: emulator.port,
    },
  });
  app = initializeApp({ projectId: PROJECT, apiKey: 'rules-test' }, 'newsletter-rules-test');
  db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port);
  id = await signupId(ADA);
});
afterAll(async () => {
  await env?.cleanup();
  if (app) await deleteApp(app);
  await emulator?.stop();
});

/** What the server keeps of Ada, written as the server does: past the rules. */
beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    // The test environment's handle speaks the older (compat) API.
    const admin = context.firestore();
    await admin.doc(`${SUBSCRIBERS}/${id}`).set({ email: ADA, status: 'confirmed' });
    await admin.doc(`${SUBSCRIBERS}/${id}/${PROOF}/1-requested`).set({ type: 'requested' });
    await admin.doc(`${REQUESTS}/r1`).set({ subscriberId: id, tokenHash: 'ab' });
    await admin.doc(`${CONSENT_TEXTS}/0123456789abcdef`).set({ language: 'de' });
  });
});

const records = () => [
  doc(db, SUBSCRIBERS, id),
  doc(db, SUBSCRIBERS, id, PROOF, '1-requested'),
  doc(db, REQUESTS, 'r1'),
  doc(db, CONSENT_TEXTS, '0123456789abcdef'),
];

describe('the newsletter records', () => {
  it('cannot be read or listed by a client', async () => {
    for (const ref of records()) await assertFails(getDoc(ref));
    for (const name of [SUBSCRIBERS, REQUESTS, CONSENT_TEXTS])
      await assertFails(getDocs(collection(db, name)));
    await assertFails(getDocs(collection(db, SUBSCRIBERS, id, PROOF)));
    await assertFails(getDocs(collectionGroup(db, PROOF)));
  });

  it('cannot be added to, changed or deleted by a client: the proof stays as the server wrote it', async () => {
    for (const ref of records()) {
      await assertFails(setDoc(ref, { forged: true }));
      await assertFails(updateDoc(ref, { forged: true }));
      await assertFails(deleteDoc(ref));
    }
    await assertFails(addDoc(collection(db, SUBSCRIBERS, id, PROOF), { type: 'confirmed' }));
    await assertFails(setDoc(doc(db, SUBSCRIBERS, 'someone-else'), { status: 'confirmed' }));
    await assertFails(addDoc(collection(db, REQUESTS), { subscriberId: id }));
    const kept = await emulator.documents(PROJECT, `${SUBSCRIBERS}/${id}/${PROOF}`);
    expect(kept.map((event) => event.fields)).toEqual([{ type: { stringValue: 'requested' } }]);
  });
});

describe('a signup', () => {
  const signup = (extra: Record<string, unknown> = {}) => ({
    email: ADA,
    source: 'newsletter-cta',
    createdAt: serverTimestamp(),
    language: 'de',
    page: '/de',
    consentVersion: '0123456789abcdef',
    ...extra,
  });
  const write = (data: Record<string, unknown>) => setDoc(doc(db, SIGNUP_COLLECTION, id), data);

  it('is accepted with its page, language and consent text version', async () => {
    await assertSucceeds(write(signup()));
    await assertSucceeds(write(signup({ language: 'tr', page: '/tr/about' })));
  });

  it.each([
    ['no language', { language: undefined }],
    ['another language', { language: 'fr' }],
    ['no page', { page: undefined }],
    ['a page that is not a path', { page: 'https://evil.example/' }],
    ['a page over 256 characters', { page: `/${'x'.repeat(256)}` }],
    ['no consent text version', { consentVersion: undefined }],
    ['a version that is not 16 hex digits', { consentVersion: '0123456789ABCDEF' }],
    ['a version of another length', { consentVersion: 'abc' }],
  ])('with %s is denied', async (_, change) => {
    const data = signup(change);
    for (const key of Object.keys(change))
      if (data[key as keyof typeof data] === undefined) delete data[key as keyof typeof data];
    await assertFails(write(data));
  });
});
