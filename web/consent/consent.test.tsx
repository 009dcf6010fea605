import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { analyticsConfig, BACKEND_FIELDS, backendConfig } from '../firebase/config';
import { bannerTexts } from './banner-texts';
import { ClientRuntime } from '../client/ClientRuntime';
import {
  CONSENT_RECORD_KEY,
  CONSENT_STORAGE_KEY,
  expireStaleChoice,
  readConsent,
  readStoredChoice,
  reopenConsent,
  setConsentContext,
  subscribeConsent,
  writeConsent,
} from './stored-choice';
import { bannerVersion, earlierVersions, publishedBanner } from './version';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  };
}

const VERSIONS = { en: '0123456789abcdef', de: 'fedcba9876543210' };
const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = 24 * 3600_000;
const ID = '0123456789abcdef0123456789abcdef';

/** A choice as the browser keeps it, made `daysAgo` days before NOW on the German text. */
function stored(choice: string, record: Record<string, unknown> = {}, daysAgo = 1) {
  return memoryStorage({
    [CONSENT_STORAGE_KEY]: choice,
    [CONSENT_RECORD_KEY]: JSON.stringify({
      id: ID,
      at: new Date(NOW - daysAgo * DAY).toISOString(),
      version: VERSIONS.de,
      language: 'de',
      ...record,
    }),
  });
}

const read = (storage: ReturnType<typeof memoryStorage>, now = NOW, gpc = false) =>
  readConsent(storage, now, gpc);

describe('consent store', () => {
  beforeEach(() => setConsentContext({ versions: VERSIONS, language: 'en' }));

  it('is unknown when nothing is stored', () => {
    expect(read(memoryStorage())).toBe('unknown');
  });
  it.each(['accepted', 'declined'] as const)('reads a stored %s with its record', (value) => {
    expect(read(stored(value))).toBe(value);
  });
  it.each(['yes', '', 'ACCEPTED', '{"v":1}'])(
    'treats a bad stored value %j as unknown',
    (value) => {
      expect(read(stored(value))).toBe('unknown');
    },
  );
  it.each([
    ['no record', null],
    ['not JSON', '{id:'],
    [
      'a short id',
      JSON.stringify({
        id: 'abc',
        at: new Date(NOW).toISOString(),
        version: VERSIONS.de,
        language: 'de',
      }),
    ],
    ['no time', JSON.stringify({ id: ID, version: VERSIONS.de, language: 'de' })],
    [
      'a bad time',
      JSON.stringify({ id: ID, at: 'yesterday', version: VERSIONS.de, language: 'de' }),
    ],
    [
      'an unknown language',
      JSON.stringify({
        id: ID,
        at: new Date(NOW).toISOString(),
        version: VERSIONS.de,
        language: 'fr',
      }),
    ],
    [
      'a gpc flag that is not true',
      JSON.stringify({
        id: ID,
        at: new Date(NOW).toISOString(),
        version: VERSIONS.de,
        language: 'de',
        gpc: 'yes',
      }),
    ],
    ['an array', '[]'],
  ])('treats an acceptance with %s as unknown, never as accepted', (_, record) => {
    const storage = memoryStorage({ [CONSENT_STORAGE_KEY]: 'accepted' });
    if (record !== null) storage.setItem(CONSENT_RECORD_KEY, record);
    expect(read(storage)).toBe('unknown');
  });
  it('treats unreadable storage as unknown', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readConsent(throwing, NOW, false)).toBe('unknown');
  });
  it('uses one versioned key for the bare choice', () => {
    expect(CONSENT_STORAGE_KEY).toBe('rg.consent.v1');
  });

  it('asks again when the text version of the language chosen in changed', () => {
    expect(read(stored('accepted', { version: VERSIONS.en }))).toBe('unknown');
    setConsentContext({ versions: { ...VERSIONS, de: '1111111111111111' }, language: 'de' });
    expect(read(stored('accepted'))).toBe('unknown');
    // The same choice counts on a page in another language: the German text did not change.
    setConsentContext({ versions: VERSIONS, language: 'tr' });
    expect(read(stored('declined'))).toBe('declined');
  });

  it('keeps a choice made before a change marked wording only', () => {
    const wordingOnly = '2222222222222222';
    setConsentContext({
      versions: { ...VERSIONS, de: wordingOnly },
      earlier: { de: [VERSIONS.de] },
      language: 'de',
    });
    expect(read(stored('accepted'))).toBe('accepted');
    // Only in the language it was marked in, and only while that language has a banner.
    setConsentContext({
      versions: { en: wordingOnly },
      earlier: { de: [VERSIONS.de] },
      language: 'de',
    });
    expect(read(stored('accepted'))).toBe('unknown');
    setConsentContext({ versions: VERSIONS, earlier: { en: [VERSIONS.de] }, language: 'de' });
    expect(read(stored('accepted', { version: '3333333333333333' }))).toBe('unknown');
  });

  it('counts an acceptance for 12 months and a decline for 6', () => {
    const accepted = stored('accepted', { at: '2025-11-27T12:00:00.000Z' }, 0);
    expect(read(accepted, Date.parse('2026-11-27T11:59:59Z'))).toBe('accepted');
    expect(read(accepted, Date.parse('2026-11-27T12:00:00Z'))).toBe('unknown');
    const declined = stored('declined', { at: '2026-05-27T12:00:00.000Z' }, 0);
    expect(read(declined, Date.parse('2026-11-27T11:59:59Z'))).toBe('declined');
    expect(read(declined, Date.parse('2026-11-27T12:00:00Z'))).toBe('unknown');
    // A time in the future would make a choice count for longer: not believed.
    expect(read(stored('accepted', {}, -2))).toBe('unknown');
  });

  it('with Global Privacy Control, counts only an acceptance given with GPC on', () => {
    expect(read(stored('accepted'), NOW, true)).toBe('unknown');
    expect(read(stored('accepted', { gpc: true }), NOW, true)).toBe('accepted');
    expect(read(stored('declined'), NOW, true)).toBe('declined');
  });

  it('saves a choice with its record and notifies; a later decline is a withdrawal', () => {
    const storage = memoryStorage();
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    const first = writeConsent('accepted', storage, NOW, true);
    expect(first.decision).toBe('accepted');
    expect(storage.data.get(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(JSON.parse(storage.data.get(CONSENT_RECORD_KEY)!)).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      at: '2026-11-27T12:00:00.000Z',
      version: VERSIONS.en,
      language: 'en',
      gpc: true,
    });
    expect(read(storage, NOW + DAY, true)).toBe('accepted');
    const second = writeConsent('declined', storage, NOW + DAY, true);
    expect(second).toMatchObject({ decision: 'withdrawn', record: { id: first.record.id } });
    expect(writeConsent('declined', storage, NOW + 2 * DAY, true).decision).toBe('declined');
    expect(listener.mock.calls).toEqual([['accepted'], ['declined'], ['declined']]);
    unsubscribe();
    writeConsent('accepted', storage, NOW, false);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('a choice that stopped counting is cleared once, keeping its consent id for the next', () => {
    const storage = stored('accepted', {}, 400);
    expect(expireStaleChoice(storage, NOW, false)).toBe(ID);
    expect(expireStaleChoice(storage, NOW, false)).toBeNull();
    expect(readStoredChoice(storage)).toEqual({ choice: 'unknown', record: null });
    expect(writeConsent('declined', storage, NOW, false).record.id).toBe(ID);
    // A choice that counts is left alone.
    expect(expireStaleChoice(stored('accepted'), NOW, false)).toBeNull();
  });

  it('reopening shows the choice without changing it', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeConsent(listener);
    reopenConsent();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('banner text version', () => {
  const common = (cookieBanner: Partial<DictionaryOf<'common'>['cookieBanner']>) => ({
    cookieBanner: { ...bundledBanner, ...cookieBanner },
  });
  const bundledBanner = {
    title: 'Your data, your choice',
    body: 'We use analytics only if you accept.',
    linkLabel: 'Privacy policy',
    accept: 'Accept',
    decline: 'Decline',
    settings: 'Cookie settings',
  };
  const version = (banner = {}, lastUpdated = '21 November 2026') =>
    bannerVersion(publishedBanner(common(banner), { lastUpdated })!);

  it('changes with every text shown and the privacy policy revision, not with others', () => {
    const base = version();
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    for (const key of ['title', 'body', 'linkLabel', 'accept', 'decline'] as const)
      expect(version({ [key]: `${bundledBanner[key]}!` }), key).not.toBe(base);
    expect(version({}, '1 December 2026')).not.toBe(base);
    expect(version({ settings: 'Settings', gpcNote: 'GPC', acceptedOn: 'On {date}' })).toBe(base);
    // Spaces around a text are not shown, so they make no new version.
    expect(version({ title: ` ${bundledBanner.title} ` })).toBe(base);
  });

  it('counts the version before a change marked wording only, until the next change', () => {
    const words = (banner: typeof bundledBanner) => [
      banner.title,
      banner.body,
      banner.linkLabel,
      banner.accept,
      banner.decline,
    ];
    const typo = { ...bundledBanner, body: 'We use analytics only if you accept!' };
    const marks = { en: JSON.stringify({ now: words(typo), earlier: [words(bundledBanner)] }) };
    const shown = (banner: object, lastUpdated = '21 November 2026') =>
      publishedBanner(common(banner), { lastUpdated })!;
    expect(earlierVersions(shown(typo), marks, 'en')).toEqual([version()]);
    expect(earlierVersions(shown(typo), marks, 'de')).toEqual([]);
    // A later change the mark was not made for, or a new privacy policy: asked again.
    expect(earlierVersions(shown({ ...typo, accept: 'OK' }), marks, 'en')).toEqual([]);
    const newPolicy = earlierVersions(shown(typo, '1 December 2026'), marks, 'en');
    expect(newPolicy).not.toContain(version());
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
