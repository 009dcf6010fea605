/** Newsletter rules (e-mail, stored fields, error messages) that do not depend on Firebase. */
import type { DictionaryOf } from '@/schemas';
import type { Language } from '@/schemas/languages';
import { isPresentText } from '@/schemas/rules';
import { canonicalMailbox } from './mailbox';

const SIGNUP_SOURCE = 'newsletter-cta';
export const USER_AGENT_MAX = 512;
/** The longest page path a signup records (the rules allow no more). */
export const PAGE_MAX = 256;
export const SIGNUP_COLLECTION = 'newsletterSignups';
/** How long the App Check token and the write may take before the visitor is told. */
export const APP_CHECK_TIMEOUT_MS = 8_000;
export const WRITE_TIMEOUT_MS = 15_000;

export type SignupErrorCode =
  | 'email-required'
  | 'email-invalid'
  | 'backend-not-configured'
  | 'app-check-unavailable'
  | 'permission-denied'
  | 'unavailable'
  | 'deadline-exceeded'
  | 'resource-exhausted'
  | 'unknown';

export class SignupError extends Error {
  constructor(
    readonly code: SignupErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'SignupError';
  }
}

/** The longest address SMTP carries (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;

/**
 * The address trimmed, as its one canonical mailbox (./mailbox.ts: a plain `local@domain`,
 * local part lower-cased, domain in ASCII form), at most EMAIL_MAX characters. Empty raises
 * email-required; anything else (invisible characters, a display name, comment, list, quoted
 * string or route, no domain) email-invalid. firestore.rules admits only what this returns.
 */
export function normaliseEmail(raw: string): string {
  const trimmed = raw.trim();
  if (!trimmed) throw new SignupError('email-required');
  const email = canonicalMailbox(trimmed);
  if (!email || email.length > EMAIL_MAX)
    throw new SignupError(
      'email-invalid',
      `not a plain address (local@domain): ${JSON.stringify(trimmed)}`,
    );
  return email;
}

/**
 * Control, format and line/paragraph separator characters (Unicode Cc, Cf, Zl, Zp): the
 * rules refuse them in the page and user agent, which the proof of consent prints. No real
 * browser sends them; should one, they are dropped rather than the signup refused.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const printable = (text: string, max: number) => text.replace(UNPRINTABLE, '').slice(0, max);

export function cutUserAgent(userAgent: string | undefined | null): string | undefined {
  return userAgent ? printable(userAgent, USER_AGENT_MAX) || undefined : undefined;
}

/**
 * The signup's document id: the SHA-256 of the normalised address (UTF-8), in lower-case hex.
 * The security rules compute the same, so an address has at most one document.
 */
export async function signupId(email: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type SignupFields = ReturnType<typeof signupFields>;

/** Where the visitor signed up: the proof of consent records it with the request. */
export interface SignupContext {
  readonly language: Language;
  /** The path of the page the form was on, e.g. `/de`. */
  readonly page: string;
  /** The version of the consent text the form showed (./consent-text.ts). */
  readonly consentVersion: string;
}

/** The fields written besides the server timestamp. */
export function signupFields(
  email: string,
  userAgent: string | undefined | null,
  context: SignupContext,
) {
  const agent = cutUserAgent(userAgent);
  return {
    email: normaliseEmail(email),
    source: SIGNUP_SOURCE,
    language: context.language,
    page: printable(context.page, PAGE_MAX),
    consentVersion: context.consentVersion,
    ...(agent && { userAgent: agent }),
  };
}

/** Firestore error codes → our codes, each with its own dictionary message. */
export function mapFirestoreCode(code: string | undefined): SignupErrorCode {
  switch (code) {
    case 'permission-denied':
    case 'unauthenticated':
      return 'permission-denied';
    case 'unavailable':
      return 'unavailable';
    case 'deadline-exceeded':
      return 'deadline-exceeded';
    case 'resource-exhausted':
      return 'resource-exhausted';
    case 'app-check-unavailable':
    case 'backend-not-configured':
    case 'email-required':
    case 'email-invalid':
      return code;
    default:
      return 'unknown';
  }
}

type NewsletterTexts = Pick<DictionaryOf<'newsletter'>, 'genericError' | 'errors'>;

const MESSAGE_KEYS: Record<Exclude<SignupErrorCode, 'unknown'>, keyof NewsletterTexts['errors']> = {
  'email-required': 'emailRequired',
  'email-invalid': 'emailInvalid',
  'backend-not-configured': 'backendNotConfigured',
  'app-check-unavailable': 'appCheckUnavailable',
  'permission-denied': 'permissionDenied',
  unavailable: 'unavailable',
  'deadline-exceeded': 'deadlineExceeded',
  'resource-exhausted': 'resourceExhausted',
};

/** The dictionary message for the code, else the generic error, else the raw message. */
export function errorMessage(code: SignupErrorCode, texts: NewsletterTexts, raw: string): string {
  const own = code === 'unknown' ? undefined : texts.errors[MESSAGE_KEYS[code]];
  if (isPresentText(own)) return own;
  if (isPresentText(texts.genericError)) return texts.genericError;
  return raw;
}
