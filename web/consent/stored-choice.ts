/**
 * Cookie consent: unknown, accepted or declined. The specification's key holds the bare
 * choice; beside it the browser keeps when the choice was made, a random consent id (no other
 * identifier) and the version of the banner text it was made on (./version.ts). A choice counts
 * only while all of that is well-formed, its text version is still the published one (or one
 * from before a change marked wording only, schemas/consent-text.ts), it is younger than 12
 * months (an acceptance) or 6 months (a decline), and, in a browser that sends Global Privacy
 * Control, an acceptance was given with GPC on. Anything else is unknown: the
 * banner shows and analytics stay off. A small external store for `useSyncExternalStore`.
 */
import { LANGUAGES, type Language } from '@/schemas/languages';

export type Consent = 'unknown' | 'accepted' | 'declined';
/** What one consent record says happened (web/consent/server/consent-records.ts). */
export type Decision = 'accepted' | 'declined' | 'withdrawn' | 'asked-again';

export const CONSENT_STORAGE_KEY = 'rg.consent.v1';
export const CONSENT_RECORD_KEY = 'rg.consent.v1.record';

/** How long a choice counts, in months: the CNIL recommends asking again after 13 at most. */
export const VALID_MONTHS = { accepted: 12, declined: 6 } as const;

/** What the browser keeps beside the choice. */
export interface StoredChoice {
  readonly id: string;
  /** When the choice was made (ISO 8601, the browser's clock). */
  readonly at: string;
  readonly version: string;
  readonly language: Language;
  /** The browser sent Global Privacy Control when the visitor accepted anyway. */
  readonly gpc?: true;
}

/** What the page shows: the banner text version of each language, and the page's language. */
export interface ConsentContext {
  readonly versions: Partial<Record<Language, string>>;
  /** Earlier versions whose choices still count: banner changes marked wording only. */
  readonly earlier?: Partial<Record<Language, readonly string[]>>;
  readonly language: Language;
}

type Listener = (consent: Consent) => void;
type ConsentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

let context: ConsentContext = { versions: {}, language: 'en' };
let reopened = false;
const listeners = new Set<Listener>();

/** Set by the page before the first read: a choice counts only against these versions. */
export function setConsentContext(next: ConsentContext): void {
  context = next;
}

/**
 * Runs in <head> before the first paint: marks <html> with a stored choice, so the
 * server-rendered banner stays hidden for visitors who already chose (no flash). It checks
 * only that a record is kept beside the choice; the runtime checks the rest and shows the
 * banner if the choice no longer counts.
 */
export const CONSENT_HEAD_SCRIPT = `try{var c=localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)});if((c==='accepted'||c==='declined')&&localStorage.getItem(${JSON.stringify(CONSENT_RECORD_KEY)}))document.documentElement.dataset.consent=c}catch(e){}`;

function markDocument(consent: Consent) {
  if (typeof document === 'undefined') return;
  if (consent === 'unknown' || reopened) delete document.documentElement.dataset.consent;
  else document.documentElement.dataset.consent = consent;
}

/** Whether the browser asks sites not to sell or share data (navigator.globalPrivacyControl). */
export function sendsGpc(): boolean {
  return typeof navigator !== 'undefined' && navigator.globalPrivacyControl === true;
}

declare global {
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

const ID_PATTERN = /^[0-9a-f]{32}$/;
const VERSION_PATTERN = /^[0-9a-f]{16}$/;

function parseRecord(raw: string | null | undefined): StoredChoice | null {
  try {
    const value = JSON.parse(raw ?? '') as Partial<StoredChoice> | null;
    if (!value || typeof value !== 'object') return null;
    const { id, at, version, language, gpc } = value;
    if (typeof id !== 'string' || !ID_PATTERN.test(id)) return null;
    if (typeof version !== 'string' || !VERSION_PATTERN.test(version)) return null;
    if (!(LANGUAGES as readonly unknown[]).includes(language)) return null;
    if (gpc !== undefined && gpc !== true) return null;
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) return null;
    return { id, at, version, language: language as Language, ...(gpc && { gpc }) };
  } catch {
    return null;
  }
}

/** The end of a choice's validity: `months` calendar months after it was made. */
export function expiresAt(choice: Consent, at: string): number {
  if (choice === 'unknown') return 0;
  const end = new Date(at);
  end.setUTCMonth(end.getUTCMonth() + VALID_MONTHS[choice]);
  return end.getTime();
}

function counts(
  choice: Exclude<Consent, 'unknown'>,
  record: StoredChoice,
  now: number,
  gpc: boolean,
): boolean {
  const made = Date.parse(record.at);
  // A time in the future would stretch the validity: a clock set back or a forged record.
  if (made > now + 24 * 3600_000 || now >= expiresAt(choice, record.at)) return false;
  const current = context.versions[record.language];
  const earlier = context.earlier?.[record.language] ?? [];
  if (record.version !== current && (!current || !earlier.includes(record.version))) return false;
  return !(choice === 'accepted' && gpc && !record.gpc);
}

/** The stored choice and its record, whether it counts or not. */
export function readStoredChoice(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): {
  choice: Consent;
  record: StoredChoice | null;
} {
  try {
    const value = storage?.getItem(CONSENT_STORAGE_KEY);
    const record = parseRecord(storage?.getItem(CONSENT_RECORD_KEY));
    const choice = value === 'accepted' || value === 'declined' ? value : 'unknown';
    return { choice, record };
  } catch {
    return { choice: 'unknown', record: null };
  }
}

export function readConsent(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
  now = Date.now(),
  gpc = sendsGpc(),
): Consent {
  const { choice, record } = readStoredChoice(storage);
  if (choice === 'unknown' || !record) return 'unknown';
  return counts(choice, record, now, gpc) ? choice : 'unknown';
}

/**
 * A stored choice that no longer counts (its text changed, it grew old, or GPC came on): the
 * visitor is asked again. Its record keeps only the consent id, so the next choice continues
 * the same proof; returns that id, or null when there was no such choice.
 */
export function expireStaleChoice(
  storage: ConsentStorage | undefined = safeStorage(),
  now = Date.now(),
  gpc = sendsGpc(),
): string | null {
  const { choice, record } = readStoredChoice(storage);
  const counting = choice !== 'unknown' && record !== null && counts(choice, record, now, gpc);
  // The head script hid the banner for any kept record: show it for one that does not count.
  if (!counting) markDocument('unknown');
  if (choice === 'unknown' || !record || counting) return null;
  try {
    storage?.removeItem(CONSENT_STORAGE_KEY);
    storage?.setItem(CONSENT_RECORD_KEY, JSON.stringify({ id: record.id }));
  } catch {
    // Unwritable storage: the choice stays unknown for this page view all the same.
  }
  return record.id;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The consent id kept in the browser, even after a choice stopped counting. */
function keptId(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    const { id } = JSON.parse(storage?.getItem(CONSENT_RECORD_KEY) ?? '') as { id?: unknown };
    return typeof id === 'string' && ID_PATTERN.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * Saves a choice with its record and says what it was: a decline after an acceptance that
 * still counted is a withdrawal.
 */
export function writeConsent(
  consent: Exclude<Consent, 'unknown'>,
  storage: ConsentStorage | undefined = safeStorage(),
  now = Date.now(),
  gpc = sendsGpc(),
): { decision: Decision; record: StoredChoice } {
  const before = readConsent(storage, now, gpc);
  const version = context.versions[context.language] ?? '';
  const record: StoredChoice = {
    id: keptId(storage) ?? randomId(),
    at: new Date(now).toISOString(),
    version,
    language: context.language,
    ...(gpc && consent === 'accepted' && { gpc: true as const }),
  };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, consent);
    storage?.setItem(CONSENT_RECORD_KEY, JSON.stringify(record));
  } catch {
    // Without storage the choice holds for this page view only.
  }
  reopened = false;
  markDocument(consent);
  for (const listener of listeners) listener(consent);
  return {
    decision: consent === 'declined' && before === 'accepted' ? 'withdrawn' : consent,
    record,
  };
}

/**
 * Reopens the choice (footer "Cookie settings"): the banner shows the current choice and its
 * date, and the choice counts until the visitor changes it.
 */
export function reopenConsent(): void {
  reopened = true;
  markDocument('unknown');
  const consent = readConsent();
  for (const listener of listeners) listener(consent);
}

export function isReopened(): boolean {
  return reopened;
}

export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
