/** The settings variants the browser tests build and serve, each its own `next build`. */
import path from 'node:path';
import { pristineDir, type Variant } from '@/testing/site-server';
import { E2E_CONTENT, E2E_STORE } from './content-store';

/** Test values only: they look like Firebase settings and reach no real project. */
export const FIREBASE_TEST_ENV = {
  NEXT_PUBLIC_FIREBASE_API_KEY: 'AIzaTEST-not-a-real-key',
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'rg-test.firebaseapp.com',
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'rg-test',
  NEXT_PUBLIC_FIREBASE_STORAGE_BUCKET: 'rg-test.appspot.com',
  NEXT_PUBLIC_FIREBASE_MESSAGING_SENDER_ID: '123456789012',
  NEXT_PUBLIC_FIREBASE_APP_ID: '1:123456789012:web:abcdef0123456789',
  NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-TEST12345',
  NEXT_PUBLIC_RECAPTCHA_ENTERPRISE_SITE_KEY: '6LtestKEYtestKEYtestKEYtestKEYtestKEYtes',
};

/** A server-only secret (the webhook secret) that must never reach anything sent to browsers. */
export const HOSTILE_SECRET = 'test-only-sanity-token-that-must-never-ship-7f3a9c';
export const HOSTILE_STORE = path.join(E2E_CONTENT, 'hostile.ndjson');

export const VARIANTS = {
  plain: { name: 'plain', env: { CONTENT_STORE_FILE: E2E_STORE } },
  firebase: { name: 'firebase', env: { CONTENT_STORE_FILE: E2E_STORE, ...FIREBASE_TEST_ENV } },
  // Altered copy (hostile markup, an untranslated banner text) and a secret in the environment.
  hostile: {
    name: 'hostile',
    env: { CONTENT_STORE_FILE: HOSTILE_STORE, SANITY_REVALIDATE_SECRET: HOSTILE_SECRET },
  },
} satisfies Record<string, Variant>;

export type VariantName = keyof typeof VARIANTS;

/**
 * The plain build as `next build` left it (the global setup keeps it): tests that need a site of
 * their own with other run-time settings (a store to change, Redis, a CDN) serve a copy of it
 * (testing/site-server.ts `serveBuildCopy`) instead of building again.
 */
export const PLAIN_BUILD = pristineDir(VARIANTS.plain);

/**
 * The publish → live tests serve a copy of the plain build with this store and secret
 * (e2e/live.test.ts): they change its store and read its server's log.
 */
export const LIVE_STORE = path.join(E2E_CONTENT, 'live.ndjson');
export const LIVE_WEBHOOK_SECRET = 'test-only-webhook-secret-4b1e';
export const LIVE_VARIANT: Variant = {
  name: 'live',
  env: {
    CONTENT_STORE_FILE: LIVE_STORE,
    SANITY_REVALIDATE_SECRET: LIVE_WEBHOOK_SECRET,
  },
};

/**
 * Several instances on one Redis (e2e/several-instances.test.ts serves a copy of the plain
 * build as this one, three times, and changes its store).
 */
export const SHARED_STORE = path.join(E2E_CONTENT, 'shared.ndjson');
export const SHARED_WEBHOOK_SECRET = 'test-only-webhook-secret-9c2d';
export const SHARED_VARIANT: Variant = {
  name: 'shared',
  env: { CONTENT_STORE_FILE: SHARED_STORE, SANITY_REVALIDATE_SECRET: SHARED_WEBHOOK_SECRET },
};

/** The fast path's tests (e2e/page-memory.test.ts) build this one, twice, and change its store. */
export const MEMORY_STORE = path.join(E2E_CONTENT, 'page-memory.ndjson');
export const MEMORY_WEBHOOK_SECRET = 'test-only-webhook-secret-memory-5e1a';
export const MEMORY_VARIANT: Variant = {
  name: 'page-memory',
  env: { CONTENT_STORE_FILE: MEMORY_STORE, SANITY_REVALIDATE_SECRET: MEMORY_WEBHOOK_SECRET },
};
