/** The settings variants the browser tests build and serve, each its own `next build`. */
import type { Variant } from '@/testing/site-server';

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

/** A secret that must never reach anything sent to browsers. */
export const SECRET_SANITY_TOKEN = 'test-only-sanity-token-that-must-never-ship-7f3a9c';
export const HOSTILE_LOCALES = '.e2e-hostile-locales';

export const VARIANTS = {
  plain: { name: 'plain', env: {} },
  firebase: { name: 'firebase', env: FIREBASE_TEST_ENV },
  // Altered copy (hostile markup, an untranslated banner text) and a secret in the environment.
  hostile: {
    name: 'hostile',
    env: {
      PUBLISHED_LOCALES_DIR: HOSTILE_LOCALES,
      SANITY_API_TOKEN: SECRET_SANITY_TOKEN,
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'production',
    },
  },
} satisfies Record<string, Variant>;

export type VariantName = keyof typeof VARIANTS;
