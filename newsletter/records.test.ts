/**
 * Each part of the newsletter's records on its own, on the Firestore emulator through the
 * server's own handle: the intake, the outbox, the links, the 48-hour deletion, the proof and
 * the export. (The whole flow, with two servers, SMTP and Chromium, is
 * e2e/newsletter-confirmation.test.ts.)
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '@/testing/firestore-emulator';
import { serverDatabase } from '@/web/firebase/server-database';
import { confirmByToken, unsubscribeByToken } from '@/web/newsletter/server/link-tokens';
import { REQUESTS, type ConfirmationRequest } from '@/web/newsletter/server/signup-records';
import { SIGNUP_COLLECTION, signupId } from '@/web/newsletter/signup';
import { confirmedSubscribers } from './export';
import { takeSignup } from './intake';
import { claimSend, expireSendLeases, recordSend, SEND_LEASE_MS } from './outbox';
import { archiveConsentText, readProof } from './proof';
import { deleteExpiredRequests } from './retention';

const PROJECT = 'rg-newsletter-records-test';
const ADA = 'ada@rggames.example';
const VERSION = '0123456789abcdef';
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 25, 3, 0, 0);
let emulator: FirestoreEmulator;
let db: Firestore;

beforeAll(async () => {
  emulator = await startFirestoreEmulator();
  process.env.FIRESTORE_EMULATOR_HOST = emulator.address;
  db = serverDatabase(PROJECT);
}, 120_000);
afterAll(async () => {
  delete process.env.FIRESTORE_EMULATOR_HOST;
  await emulator?.stop();
});
beforeEach(() => emulator.clear(PROJECT));

/** A signup as the browser leaves it in the inbox, `minutes` after T0. */
async function signup(email = ADA, minutes = 0): Promise<string> {
  const id = await signupId(email);
  await db
    .collection(SIGNUP_COLLECTION)
    .doc(id)
    .set({
      email,
      createdAt: Timestamp.fromMillis(T0 + minutes * 60_000),
      language: 'de',
      page: '/de',
      consentVersion: VERSION,
    });
  return id;
}

const request = async (id: string) =>
  (await db.collection(REQUESTS).doc(id).get()).data() as ConfirmationRequest;

/** A signup taken and its first mail sent: the request and the token of its link. */
async function sentRequest(email = ADA) {
  const { requestId } = await takeSignup(db, await signup(email), T0);
  const claim = (await claimSend(db, requestId!, 'rggames.example', T0 + 1_000))!;
  await recordSend(db, claim, { kind: 'sent', response: '250 OK' }, 60, T0 + 2_000);
  return { requestId: requestId!, token: claim.token };
}

describe('the intake', () => {
  it('takes a signup once: a request due now, the address unconfirmed, the first proof event', async () => {
    const id = await signup();
    const taken = await takeSignup(db, id, T0);
    expect(taken.outcome).toBe('accepted');
    expect(await takeSignup(db, id, T0)).toEqual({ outcome: 'gone' });
    const { mail, expiresAt } = await request(taken.requestId!);
    expect([mail.state, mail.attempts, expiresAt?.toMillis()]).toEqual(['due', 0, T0 + 48 * HOUR]);
    const proof = await readProof(db, id);
    expect(proof.subscriber?.status).toBe('unconfirmed');
    expect(proof.events.map((event) => event.type)).toEqual(['requested']);
  });

  it('refuses a fourth mail in a day, a signup older than its link, and a malformed one', async () => {
    for (const minute of [1, 2, 3])
      expect((await takeSignup(db, await signup(ADA, minute), T0 + HOUR)).outcome).toBe('accepted');
    expect((await takeSignup(db, await signup(ADA, 4), T0 + HOUR)).outcome).toBe('limited');
    expect((await takeSignup(db, await signup(ADA, 5), T0 + 49 * HOUR)).outcome).toBe('stale');
    await db.collection(SIGNUP_COLLECTION).doc('x').set({ email: 'x1<box@example.org>' });
    expect((await takeSignup(db, 'x', T0)).outcome).toBe('malformed');
  });
});

describe('the outbox', () => {
  it('lets one instance claim an attempt, retries what was not delivered, never resends an uncertain one', async () => {
    const { requestId } = await takeSignup(db, await signup(), T0);
    const claim = (await claimSend(db, requestId!, 'rggames.example', T0))!;
    expect(claim.messageId).toBe(`<${requestId}.1@rggames.example>`);
    expect(await claimSend(db, requestId!, 'rggames.example', T0)).toBeNull();

    await recordSend(db, claim, { kind: 'retry', error: '421 busy' }, 60, T0);
    expect((await request(requestId!)).mail).toMatchObject({ state: 'due', attempts: 1 });
    expect(await claimSend(db, requestId!, 'rggames.example', T0 + 30_000)).toBeNull();

    const second = (await claimSend(db, requestId!, 'rggames.example', T0 + 60_000))!;
    expect(await expireSendLeases(db, T0 + 60_000 + SEND_LEASE_MS + 1)).toBe(1);
    expect((await request(requestId!)).mail.state).toBe('uncertain');
    expect(await claimSend(db, requestId!, 'rggames.example', T0 + 2 * HOUR)).toBeNull();
    // The slow instance's answer still counts.
    await recordSend(db, second, { kind: 'sent', response: '250 OK' }, 60, T0 + 4 * 60_000);
    expect((await request(requestId!)).mail.state).toBe('sent');
  });
});

describe('the links', () => {
  it('confirm once with the token of the mail sent, and unsubscribe with the one made then', async () => {
    const { token } = await sentRequest();
    expect(await confirmByToken(db, token, 'Mozilla/5.0', T0 + HOUR)).toBe('done');
    expect(await confirmByToken(db, token, 'Mozilla/5.0', T0 + HOUR)).toBe('invalid');
    const [subscriber] = await confirmedSubscribers(db);
    expect(subscriber?.email).toBe(ADA);
    const unsubscribe = subscriber!.unsubscribeToken!;
    expect(await unsubscribeByToken(db, unsubscribe, 'link', T0 + 2 * HOUR)).toBe('done');
    expect(await unsubscribeByToken(db, unsubscribe, 'one-click', T0 + 3 * HOUR)).toBe('done');
    const proof = await readProof(db, await signupId(ADA));
    expect(proof.subscriber?.status).toBe('withdrawn');
    expect(proof.events.map((event) => event.type)).toEqual([
      'requested',
      'mail-sent',
      'confirmed',
      'withdrawn',
    ]);
  });

  it('do not confirm after 48 hours', async () => {
    const { token } = await sentRequest();
    expect(await confirmByToken(db, token, undefined, T0 + 48 * HOUR)).toBe('invalid');
  });
});

describe('the 48-hour deletion', () => {
  it('deletes an unconfirmed address whole, and only the expired request of a known one', async () => {
    await sentRequest('bo@rggames.example');
    const { token } = await sentRequest();
    await confirmByToken(db, token, undefined, T0 + HOUR);
    const [confirmed] = await confirmedSubscribers(db);
    await unsubscribeByToken(db, confirmed?.unsubscribeToken, 'link', T0 + HOUR);
    // Ada signs up again and never confirms.
    expect((await takeSignup(db, await signup(ADA, 60), T0 + 2 * HOUR)).outcome).toBe('accepted');

    expect(await deleteExpiredRequests(db, T0 + 47 * HOUR)).toBe(0);
    expect(await deleteExpiredRequests(db, T0 + 50 * HOUR)).toBe(2);
    const bo = await readProof(db, await signupId('bo@rggames.example'));
    expect([bo.subscriber, bo.events, bo.requests]).toEqual([undefined, [], []]);
    const ada = await readProof(db, await signupId(ADA));
    expect(ada.subscriber?.status).toBe('withdrawn');
    expect(ada.requests).toHaveLength(1);
    expect(ada.events.map((event) => event.type)).toEqual([
      'requested',
      'mail-sent',
      'confirmed',
      'withdrawn',
    ]);
  });
});

describe('the proof', () => {
  it('names the consent text each request showed, kept the first time it was seen', async () => {
    const text = {
      title: 'Newsletter',
      description: 'Neuigkeiten von RG',
      emailLabel: 'E-Mail',
      buttonLabel: 'Anmelden',
      privacyNote: 'Abmelden jederzeit.',
    };
    await archiveConsentText(db, VERSION, 'de', text, T0);
    await archiveConsentText(db, VERSION, 'en', { ...text, title: 'later' }, T0 + HOUR);
    await takeSignup(db, await signup(), T0);
    const proof = await readProof(db, await signupId(ADA));
    expect(proof.consentTexts[VERSION]).toMatchObject({ language: 'de', text });
    expect(proof.waiting).toBe(false);
  });
});
