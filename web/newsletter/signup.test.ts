import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buttonLabel, isLocked, type FormState } from './form-state';
import {
  cutUserAgent,
  errorMessage,
  mapFirestoreCode,
  normaliseEmail,
  PAGE_MAX,
  signupFields,
  signupId,
  SignupError,
  USER_AGENT_MAX,
} from './signup';

const texts = {
  genericError: 'Something went wrong.',
  errors: {
    emailRequired: 'An email address is required.',
    backendNotConfigured: 'Signups are not configured.',
    appCheckUnavailable: 'Newsletter signups are temporarily unavailable. Please try again later.',
    permissionDenied: 'The signup was refused.',
    unavailable: 'The service is unreachable.',
    deadlineExceeded: 'That took too long.',
    resourceExhausted: 'Too many signups right now.',
  },
};

describe('e-mail and signup fields', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(normaliseEmail('  Ada@RGGames.Example ')).toBe('ada@rggames.example');
  });
  it.each(['', '   '])('raises email-required for %j', (raw) => {
    expect(() => normaliseEmail(raw)).toThrowError(
      expect.objectContaining({ code: 'email-required' }),
    );
  });
  it('cuts the user agent to 512 characters and leaves it out when unavailable', () => {
    expect(cutUserAgent('x'.repeat(600))).toHaveLength(USER_AGENT_MAX);
    expect(cutUserAgent('short')).toBe('short');
    // The rules refuse what could fake a line of the printed proof; the form drops it.
    expect(cutUserAgent('UA\n\u001b[2Kx\u2028\u202e')).toBe('UA[2Kx');
    expect(cutUserAgent(undefined)).toBeUndefined();
    const context = { language: 'de', page: '/de', consentVersion: '0123456789abcdef' } as const;
    expect(signupFields('A@B.example', '', context)).toEqual({
      email: 'a@b.example',
      source: 'newsletter-cta',
      ...context,
    });
    expect(signupFields('a@b.example', 'UA', context)).toEqual({
      email: 'a@b.example',
      source: 'newsletter-cta',
      ...context,
      userAgent: 'UA',
    });
    expect(
      signupFields('a@b.example', 'UA', { ...context, page: `/${'x'.repeat(300)}` }).page,
    ).toHaveLength(PAGE_MAX);
  });
});

describe('signupId', () => {
  it('is the SHA-256 of the UTF-8 address in lower-case hex', async () => {
    await expect(signupId('abc')).resolves.toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    await expect(signupId('ünï@exämple.de')).resolves.toBe(
      createHash('sha256').update('ünï@exämple.de', 'utf8').digest('hex'),
    );
  });
  it('is the same for every spelling of one address, once normalised', async () => {
    const ids = await Promise.all(
      [' Ada@RGGames.example', 'ada@rggames.example\t'].map((raw) => signupId(normaliseEmail(raw))),
    );
    expect(new Set(ids).size).toBe(1);
  });
});

describe('error messages', () => {
  it.each([
    ['permission-denied', 'permission-denied'],
    ['unauthenticated', 'permission-denied'],
    ['unavailable', 'unavailable'],
    ['deadline-exceeded', 'deadline-exceeded'],
    ['resource-exhausted', 'resource-exhausted'],
    ['internal', 'unknown'],
    [undefined, 'unknown'],
  ] as const)('maps Firestore %s to %s', (code, expected) =>
    expect(mapFirestoreCode(code)).toBe(expected),
  );

  it('uses the dictionary message for the code, else the generic error, else the raw message', () => {
    expect(errorMessage('app-check-unavailable', texts, 'raw')).toBe(
      texts.errors.appCheckUnavailable,
    );
    expect(errorMessage('unknown', texts, 'raw')).toBe('Something went wrong.');
    expect(
      errorMessage(
        'permission-denied',
        { ...texts, errors: { ...texts.errors, permissionDenied: ' ' } },
        'raw',
      ),
    ).toBe('Something went wrong.');
    expect(errorMessage('unknown', { ...texts, genericError: '' }, 'raw message')).toBe(
      'raw message',
    );
  });

  it('carries its code', () => {
    expect(new SignupError('backend-not-configured').code).toBe('backend-not-configured');
  });
});

describe('form states', () => {
  const form = {
    buttonLabel: 'Subscribe',
    status: { submitting: 'Subscribing…', success: 'Subscribed' },
  } as Parameters<typeof buttonLabel>[1];
  it.each([
    [{ status: 'idle' }, 'Subscribe', false],
    [{ status: 'loading' }, 'Subscribing…', true],
    [{ status: 'success' }, 'Subscribed', true],
    [{ status: 'error', message: 'x' }, 'Subscribe', false],
  ] as [FormState, string, boolean][])('%j → "%s", locked %s', (state, label, locked) => {
    expect(buttonLabel(state, form)).toBe(label);
    expect(isLocked(state)).toBe(locked);
  });
});
