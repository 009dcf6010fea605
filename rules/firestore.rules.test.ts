/**
 * Security rules for newsletterSignups, against the Firestore emulator. Run where the
 * emulator can run (it needs Java 21 and downloads its JAR):
 *   npx firebase-tools emulators:exec --only firestore "npm run test:rules"
 * Not part of `npm test`: the emulator cannot run on the offline build machines.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';

let env: RulesTestEnvironment;

beforeAll(async () => {
  const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080').split(':');
  env = await initializeTestEnvironment({
    projectId: 'rg-rules-test',
    firestore: { rules: readFileSync('firestore.rules', 'utf8'), host, port: Number(port) },
  });
});
beforeEach(() => env.clearFirestore());
afterAll(() => env.cleanup());

const signups = () => collection(env.unauthenticatedContext().firestore(), 'newsletterSignups');
const valid = () => ({
  email: 'ada@rggames.example',
  source: 'newsletter-cta',
  createdAt: serverTimestamp(),
  userAgent: 'Mozilla/5.0',
});

describe('newsletterSignups', () => {
  it('allows a valid create, with or without userAgent', async () => {
    await assertSucceeds(addDoc(signups(), valid()));
    const { userAgent: _omit, ...withoutAgent } = valid();
    await assertSucceeds(addDoc(signups(), withoutAgent));
  });

  it.each([
    ['an extra key', { ...valid(), name: 'Ada' }],
    ['a missing email', { source: 'newsletter-cta', createdAt: serverTimestamp() }],
    ['an email that is not a string', { ...valid(), email: 42 }],
    ['an email without @', { ...valid(), email: 'ada.rggames.example' }],
    ['an upper-case email', { ...valid(), email: 'Ada@rggames.example' }],
    ['an email over 254 characters', { ...valid(), email: `${'a'.repeat(250)}@rg.example` }],
    ['another source', { ...valid(), source: 'footer' }],
    ['a client-chosen createdAt', { ...valid(), createdAt: Timestamp.fromMillis(0) }],
    ['a userAgent over 512 characters', { ...valid(), userAgent: 'x'.repeat(513) }],
    ['a userAgent that is not a string', { ...valid(), userAgent: 7 }],
  ])('denies %s', async (_, data) => {
    await assertFails(addDoc(signups(), data));
  });

  it('denies read, update and delete', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'newsletterSignups/existing'), {
        email: 'a@b.example',
        source: 'newsletter-cta',
        createdAt: Timestamp.now(),
      });
    });
    const db = env.unauthenticatedContext().firestore();
    const existing = doc(db, 'newsletterSignups/existing');
    await assertFails(getDoc(existing));
    await assertFails(updateDoc(existing, { email: 'b@b.example' }));
    await assertFails(deleteDoc(existing));
  });

  it('denies every other collection', async () => {
    const db = env.unauthenticatedContext().firestore();
    await assertFails(setDoc(doc(db, 'users/u1'), { name: 'x' }));
    await assertFails(getDoc(doc(db, 'users/u1')));
  });
});
