/**
 * The outbox's moves, without Firestore: a mail is claimed only when due, an outcome is
 * recorded only on an attempt under way (or one a sweep called uncertain), a sent or failed
 * mail never moves again, and a retry past the 24 hours gives up.
 */
import { describe, expect, it } from 'vitest';
import type { MailState } from '@/web/newsletter/server/signup-records';
import { eventOfOutcome, nextMailState, retryDelayMs, type MailEvent } from './outbox';

const STATES: MailState[] = ['due', 'sending', 'sent', 'failed', 'uncertain'];
const EVENTS: MailEvent[] = ['claim', 'sent', 'retry', 'give-up', 'uncertain', 'lease-expired'];
const HOUR = 3_600_000;

describe('the outbox moves', () => {
  it('go only where the table says, from every state', () => {
    const moves = Object.fromEntries(
      STATES.map((state) => [
        state,
        Object.fromEntries(EVENTS.map((event) => [event, nextMailState(state, event)])),
      ]),
    );
    const outcomes = { sent: 'sent', retry: 'due', 'give-up': 'failed', uncertain: 'uncertain' };
    const none = { claim: null, sent: null, retry: null, 'give-up': null, uncertain: null };
    expect(moves).toEqual({
      due: { ...none, claim: 'sending', 'lease-expired': null },
      sending: { ...outcomes, claim: null, 'lease-expired': 'uncertain' },
      // A slow instance's answer still counts after a sweep called its attempt uncertain.
      uncertain: { ...outcomes, claim: null, 'lease-expired': null },
      sent: { ...none, 'lease-expired': null },
      failed: { ...none, 'lease-expired': null },
    });
  });

  it('give up a retry once the next attempt would fall past 24 hours after the signup', () => {
    const retry = { kind: 'retry', error: '421 try later' } as const;
    expect(eventOfOutcome(retry, 23 * HOUR, 0)).toBe('retry');
    expect(eventOfOutcome(retry, 24 * HOUR, 0)).toBe('give-up');
    expect(eventOfOutcome({ kind: 'permanent', error: '550' }, HOUR, 0)).toBe('give-up');
    expect(eventOfOutcome({ kind: 'sent', response: '250' }, HOUR, 0)).toBe('sent');
    expect(eventOfOutcome({ kind: 'uncertain', error: 'timeout' }, HOUR, 0)).toBe('uncertain');
  });

  it('wait twice as long before each retry, at most an hour', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 60))).toEqual([
      60_000, 120_000, 240_000, 480_000,
    ]);
    expect(retryDelayMs(10, 60)).toBe(HOUR);
  });
});
