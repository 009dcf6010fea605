/**
 * The security rules for newsletterSignups, on the Firestore emulator (started here on a free
 * port and stopped afterwards). Writes go through firebase/firestore/lite, the SDK the site
 * ships, and the valid ones through the site's own write function.
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
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  Timestamp,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '@/testing/firestore-emulator';
import { commitSignup } from '@/web/newsletter/commit';
import { SIGNUP_COLLECTION, signupFields as fieldsOf, signupId } from '@/web/newsletter/signup';

const PROJECT = 'rg-rules-test';
let emulator: FirestoreEmulator;
let env: RulesTestEnvironment;
let app: FirebaseApp;
/** A visitor's database handle: the shipped SDK, no sign-in. */
let db: Firestore;

beforeAll(async () => {
  // Every denied write would otherwise log a warning.
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
  app = initializeApp({ projectId: PROJECT, apiKey: 'rules-test' }, 'rules-test');
  db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port);
});
beforeEach(() => env.clearFirestore());
afterAll(async () => {
  await env?.cleanup();
  if (app) await deleteApp(app);
  await emulator?.stop();
});

/** Where the visitor signed up, as the form sends it. */
const CONTEXT = { language: 'de', page: '/de', consentVersion: '0123456789abcdef' } as const;
const signupFields = (email: string, userAgent: string | undefined) =>
  fieldsOf(email, userAgent, CONTEXT);

const stored = () => emulator.documents(PROJECT, SIGNUP_COLLECTION);
const at = async (email: string) => doc(db, SIGNUP_COLLECTION, await signupId(email));
const valid = (email = 'ada@rggames.example') => ({
  email,
  source: 'newsletter-cta',
  ...CONTEXT,
  createdAt: serverTimestamp(),
  userAgent: 'Mozilla/5.0',
});

describe('a signup', () => {
  it('through the site’s own write is stored under the id of its address, with exactly its fields', async () => {
    await assertSucceeds(commitSignup(db, signupFields('  Ada@RGGames.Example ', 'Mozilla/5.0')));
    const documents = await stored();
    expect(documents).toHaveLength(1);
    expect(documents[0]!.name).toBe(
      `projects/${PROJECT}/databases/(default)/documents/${SIGNUP_COLLECTION}/${await signupId('ada@rggames.example')}`,
    );
    expect(Object.keys(documents[0]!.fields).sort()).toEqual([
      'consentVersion',
      'createdAt',
      'email',
      'language',
      'page',
      'source',
      'userAgent',
    ]);
    expect(documents[0]!.fields.email).toEqual({ stringValue: 'ada@rggames.example' });
  });

  it('is accepted without a user agent, and for an address beyond ASCII', async () => {
    await assertSucceeds(commitSignup(db, signupFields('ada@rggames.example', undefined)));
    await assertSucceeds(commitSignup(db, signupFields('ünï@exämple.de', 'UA')));
    expect(await stored()).toHaveLength(2);
  });

  it('again for the same address succeeds the same way and still leaves one document', async () => {
    await assertSucceeds(commitSignup(db, signupFields('ada@rggames.example', 'first')));
    await assertSucceeds(commitSignup(db, signupFields('ADA@rggames.example ', 'second')));
    const documents = await stored();
    expect(documents).toHaveLength(1);
    // The trade-off: the document holds the latest signup's time and user agent.
    expect(documents[0]!.fields.userAgent).toEqual({ stringValue: 'second' });
  });

  it.each([
    ['a random id', () => doc(collection(db, SIGNUP_COLLECTION))],
    ['the id of another address', () => at('eve@rggames.example')],
    [
      'the id in upper-case hex',
      async () => doc(db, SIGNUP_COLLECTION, (await signupId('ada@rggames.example')).toUpperCase()),
    ],
    ['the address itself as id', () => doc(db, SIGNUP_COLLECTION, 'ada@rggames.example')],
  ])('under %s is denied', async (_, ref) => {
    await assertFails(setDoc(await ref(), valid()));
  });

  it.each([
    ['an extra key', { ...valid(), name: 'Ada' }],
    ['a missing email', { source: 'newsletter-cta', createdAt: serverTimestamp() }],
    ['an email that is not a string', { ...valid(), email: 42 }],
    ['an email without @', valid('ada.rggames.example')],
    ['an upper-case email', valid('Ada@rggames.example')],
    ['an email over 254 characters', valid(`${'a'.repeat(250)}@rg.example`)],
    ['another source', { ...valid(), source: 'footer' }],
    ['a client-chosen createdAt', { ...valid(), createdAt: Timestamp.fromMillis(0) }],
    ['a userAgent over 512 characters', { ...valid(), userAgent: 'x'.repeat(513) }],
    ['a userAgent that is not a string', { ...valid(), userAgent: 7 }],
    // What the proof prints must not fake a line of its own or move the terminal's cursor.
    [
      'a userAgent with a line break',
      { ...valid(), userAgent: 'UA\n2026-01-01T00:00:00.000Z  withdrawn  via unsubscribe link' },
    ],
    ['a userAgent with a terminal escape', { ...valid(), userAgent: 'UA\u001b[2K' }],
    ['a userAgent with a line separator', { ...valid(), userAgent: 'UA\u2028x' }],
    ['a page with a line break', { ...valid(), page: '/de\nwithdrawn' }],
    ['a page with a right-to-left override', { ...valid(), page: '/de\u202e' }],
  ])('with %s is denied', async (_, data) => {
    const email =
      'email' in data && typeof data.email === 'string' ? data.email : 'ada@rggames.example';
    await assertFails(setDoc(await at(email), data));
  });
});

describe('stored signups', () => {
  beforeEach(() => commitSignup(db, signupFields('ada@rggames.example', 'UA')));

  it('cannot be read, listed or deleted', async () => {
    const existing = await at('ada@rggames.example');
    await assertFails(getDoc(existing));
    await assertFails(getDocs(collection(db, SIGNUP_COLLECTION)));
    await assertFails(deleteDoc(existing));
    expect(await stored()).toHaveLength(1);
  });

  it('cannot be changed except by signing up again (which rewrites the whole signup)', async () => {
    const existing = await at('ada@rggames.example');
    await assertFails(updateDoc(existing, { userAgent: 'changed' }));
    await assertFails(
      updateDoc(existing, { email: 'eve@rggames.example', createdAt: serverTimestamp() }),
    );
    await assertFails(setDoc(existing, { ...valid(), source: 'footer' }));
  });

  it('— the documented cost of one document per address: a hand-made update tells whether an address is there', async () => {
    // updateDoc carries the precondition "the document exists"; the site never sends one.
    const fields = { ...valid(), createdAt: serverTimestamp() };
    await assertSucceeds(updateDoc(await at('ada@rggames.example'), fields));
    await expect(
      updateDoc(await at('eve@rggames.example'), valid('eve@rggames.example')),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});

describe('volume', () => {
  const batchOf = async (count: number) => {
    const batch = writeBatch(db);
    for (let i = 0; i < count; i++) {
      const email = `reader${i}@rggames.example`;
      batch.set(await at(email), valid(email));
    }
    return batch;
  };

  it('one request carries at most two signups', async () => {
    await assertSucceeds((await batchOf(2)).commit());
    await env.clearFirestore();
    await assertFails((await batchOf(3)).commit());
    expect(await stored()).toEqual([]);
  });

  it('a batch of 500 signups writes nothing', async () => {
    // The emulator's denial of 500 writes is too long for its own error channel, so it
    // answers INTERNAL instead of PERMISSION_DENIED; what matters is that nothing is written.
    await expect((await batchOf(500)).commit()).rejects.toThrow();
    expect(await stored()).toEqual([]);
  });
});

describe('everything else', () => {
  it('is denied in every other collection', async () => {
    await assertFails(setDoc(doc(db, 'users/u1'), { name: 'x' }));
    await assertFails(getDoc(doc(db, 'users/u1')));
    await assertFails(
      setDoc(doc(db, `signupLookupBudget/${await signupId('ada@rggames.example')}/lookups/0`), {
        x: 1,
      }),
    );
  });
});
