import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { analyticsConfig, BACKEND_FIELDS, backendConfig } from '../firebase/config';
import { bannerTexts } from './banner-texts';
import { ClientRuntime } from '../client/ClientRuntime';
import {
  CONSENT_STORAGE_KEY,
  readConsent,
  resetConsent,
  subscribeConsent,
  writeConsent,
} from './store';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

describe('consent store', () => {
  it('is unknown when nothing is stored', () => {
    expect(readConsent(memoryStorage())).toBe('unknown');
  });
  it.each(['accepted', 'declined'] as const)('reads a stored %s', (value) => {
    expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: value }))).toBe(value);
  });
  it.each(['yes', '', 'ACCEPTED', '{"v":1}'])(
    'treats a bad stored value %j as unknown',
    (value) => {
      expect(readConsent(memoryStorage({ [CONSENT_STORAGE_KEY]: value }))).toBe('unknown');
    },
  );
  it('treats unreadable storage as unknown', () => {
    expect(
      readConsent({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('unknown');
  });
  it('uses one versioned key', () => {
    expect(CONSENT_STORAGE_KEY).toMatch(/v1$/);
  });
  it('saves a choice and notifies listeners; reset makes it unknown again', () => {
    const storage = memoryStorage();
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    writeConsent('accepted', storage);
    expect(storage.data.get(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(readConsent(storage)).toBe('accepted');
    resetConsent(storage);
    expect(readConsent(storage)).toBe('unknown');
    expect(listener.mock.calls).toEqual([['accepted'], ['unknown']]);
    unsubscribe();
    writeConsent('declined', storage);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('banner presence rule', () => {
  const texts = {
    title: 'Cookies',
    body: 'Nur mit Zustimmung.',
    linkLabel: 'Datenschutz',
    accept: 'Akzeptieren',
    decline: 'Ablehnen',
    settings: 'Einstellungen',
  };
  it('shows with all five texts', () => {
    expect(bannerTexts(texts)).toMatchObject({ title: 'Cookies', decline: 'Ablehnen' });
  });
  it.each(['title', 'body', 'linkLabel', 'accept', 'decline'] as const)(
    'hides when %s is blank or still its key',
    (key) => {
      expect(bannerTexts({ ...texts, [key]: '  ' })).toBeNull();
      expect(bannerTexts({ ...texts, [key]: key })).toBeNull();
      expect(bannerTexts({ ...texts, [key]: `cookieBanner.${key}` })).toBeNull();
    },
  );
  it('is in the server-rendered page for a first visit, and absent without its texts', () => {
    const html = renderToStaticMarkup(
      <ClientRuntime texts={bannerTexts(texts)} privacyHref="/de/privacy-policy" />,
    );
    expect(html).toContain('<h2 id="consent-title" class="consent-banner__title">Cookies</h2>');
    expect(html).toContain('href="/de/privacy-policy"');
    expect(
      renderToStaticMarkup(<ClientRuntime texts={null} privacyHref="/de/privacy-policy" />),
    ).toBe('');
  });
});

describe('Firebase settings', () => {
  const complete = {
    apiKey: 'k',
    authDomain: 'rg.firebaseapp.com',
    projectId: 'rg',
    storageBucket: 'rg.appspot.com',
    messagingSenderId: '1',
    appId: '1:1:web:1',
    measurementId: 'G-1',
  };
  it('needs all six backend fields', () => {
    expect(backendConfig(complete)).toMatchObject({ projectId: 'rg', measurementId: 'G-1' });
    // Every field of a complete config but the measurement ID is a backend field.
    expect([...BACKEND_FIELDS].sort()).toEqual(
      Object.keys(complete)
        .filter((key) => key !== 'measurementId')
        .sort(),
    );
    for (const key of BACKEND_FIELDS) {
      expect(backendConfig({ ...complete, [key]: ' ' }), key).toBeNull();
    }
  });
  it('runs analytics only with a measurement ID as well', () => {
    expect(analyticsConfig(complete)).not.toBeNull();
    expect(analyticsConfig({ ...complete, measurementId: '' })).toBeNull();
  });
});
