/**
 * Cookie consent: unknown, accepted or declined, stored under one versioned
 * key. Nothing stored (or anything unreadable) means unknown. A small external store for
 * `useSyncExternalStore`.
 */
export type Consent = 'unknown' | 'accepted' | 'declined';

export const CONSENT_STORAGE_KEY = 'rg.consent.v1';

type Listener = (consent: Consent) => void;

/**
 * Runs in <head> before the first paint: marks <html> with a stored choice, so the
 * server-rendered banner stays hidden for visitors who already chose (no flash).
 */
export const CONSENT_HEAD_SCRIPT = `try{var c=localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)});if(c==='accepted'||c==='declined')document.documentElement.dataset.consent=c}catch(e){}`;

function markDocument(consent: Consent) {
  if (typeof document === 'undefined') return;
  if (consent === 'unknown') delete document.documentElement.dataset.consent;
  else document.documentElement.dataset.consent = consent;
}
const listeners = new Set<Listener>();

export function readConsent(
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
): Consent {
  try {
    const value = storage?.getItem(CONSENT_STORAGE_KEY);
    return value === 'accepted' || value === 'declined' ? value : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function writeConsent(
  consent: Exclude<Consent, 'unknown'>,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): void {
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, consent);
  } catch {
    // Without storage the choice holds for this page view only.
  }
  markDocument(consent);
  for (const listener of listeners) listener(consent);
}

/** Reopens the choice (footer "Cookie settings"): the banner shows again. */
export function resetConsent(
  storage: Pick<Storage, 'removeItem'> | undefined = safeStorage(),
): void {
  try {
    storage?.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // ignore
  }
  markDocument('unknown');
  for (const listener of listeners) listener('unknown');
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
