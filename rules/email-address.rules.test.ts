/**
 * The rules accept a signup's address only as its owner typed and sees it: no invisible,
 * control, format or separator character anywhere (Unicode Cc, Cf, Zl, Zp, Zs), at most
 * 254 characters; and only as its one canonical mailbox: a plain local@domain with the domain
 * in ASCII form, as the form writes it (web/newsletter/mailbox.ts). On the Firestore
 * emulator, through the SDK the site ships.
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
  connectFirestoreEmulator,
  doc,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '@/testing/firestore-emulator';
import { SIGNUP_COLLECTION, signupId } from '@/web/newsletter/signup';

const PROJECT = 'rg-email-rules-test';
let emulator: FirestoreEmulator;
let env: RulesTestEnvironment;
let app: FirebaseApp;
let db: Firestore;

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
  app = initializeApp({ projectId: PROJECT, apiKey: 'rules-test' }, 'email-rules-test');
  db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port);
});
beforeEach(() => env.clearFirestore());
afterAll(async () => {
  await env?.cleanup();
  if (app) await deleteApp(app);
  await emulator?.stop();
});

/**
 * A signup written straight with the SDK, as a script bypassing the form would, with every
 * other field valid: only the address decides whether the rules accept it.
 */
async function signUp(email: string) {
  return setDoc(doc(db, SIGNUP_COLLECTION, await signupId(email)), {
    email,
    source: 'newsletter-cta',
    language: 'de',
    page: '/de',
    consentVersion: '0123456789abcdef',
    createdAt: serverTimestamp(),
  });
}

const INSIDE = {
  'zero-width space': '\u200b',
  'zero-width non-joiner': '\u200c',
  'word joiner': '\u2060',
  'byte-order mark': '\ufeff',
  'soft hyphen': '\u00ad',
  'right-to-left override': '\u202e',
  'first strong isolate': '\u2068',
  'Arabic letter mark': '\u061c',
  tab: '\t',
  'carriage return': '\r',
  NUL: '\0',
  'C1 control': '\u0085',
  'no-break space': '\u00a0',
  'ideographic space': '\u3000',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
};

describe('a signup address', () => {
  it.each(Object.entries(INSIDE))(
    'with a %s is refused (in the name and in the domain)',
    async (_, char) => {
      await assertFails(signUp(`ada${char}@rggames.example`));
      await assertFails(signUp(`ada@rg${char}games.example`));
    },
  );

  it('without any is accepted, also with letters beyond ASCII in the name', async () => {
    await assertSucceeds(signUp('ada@rggames.example'));
    await assertSucceeds(signUp('jürgen@xn--mller-kva.example'));
  });

  // Issue #37's probe: each reached box@example.org through the mailer as an address of its
  // own for the limit. The Unicode form of a domain is a second spelling of its ASCII form.
  it.each([
    'x1<box@example.org>',
    '(x2)box@example.org',
    'box@example.org>',
    '"x6"<box@example.org>',
    'box@example.org,box@example.org',
    'group:box@example.org;',
    '@relay.example:box@example.org',
    'box\\@example.org',
    'box@[127.0.0.1]',
    'box@127.0.0.1',
    'box@example.org.',
    'box@example..org',
    'box@bücher.example',
  ])('that is not one plain, canonical mailbox is refused: %s', async (address) => {
    await assertFails(signUp(address));
  });

  it('is at most 254 characters', async () => {
    const at = (length: number) =>
      `${'a'.repeat(length - '@rggames.example'.length)}@rggames.example`;
    await assertSucceeds(signUp(at(254)));
    await assertFails(signUp(at(255)));
  });
});
