/**
 * Builds and serves the site for browser tests: the real `next build` and `next start`,
 * one build per settings variant, each in its own dist folder and port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export interface Variant {
  readonly name: string;
  readonly port: number;
  readonly env: Record<string, string>;
}

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
  plain: { name: 'plain', port: 3210, env: {} },
  firebase: { name: 'firebase', port: 3211, env: FIREBASE_TEST_ENV },
  // Altered copy (hostile markup, an untranslated banner text) and a secret in the environment.
  hostile: {
    name: 'hostile',
    port: 3212,
    env: {
      PUBLISHED_LOCALES_DIR: HOSTILE_LOCALES,
      SANITY_API_TOKEN: SECRET_SANITY_TOKEN,
      SANITY_PROJECT_ID: 'abc123',
      SANITY_DATASET: 'production',
    },
  },
} satisfies Record<string, Variant>;

export const distDir = (variant: Variant) => `.next-e2e-${variant.name}`;

function baseEnv(variant: Variant): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: distDir(variant),
    ...variant.env,
  };
  // The site must build from the bundled copy, whatever the developer's shell holds.
  for (const key of Object.keys(env))
    if (key.startsWith('SANITY_') || (key.startsWith('NEXT_PUBLIC_') && !(key in variant.env)))
      delete env[key];
  return env;
}

export function buildVariant(variant: Variant): void {
  const result = spawnSync('npx', ['next', 'build'], {
    env: baseEnv(variant),
    stdio: 'pipe',
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`next build (${variant.name}) failed:\n${result.stdout}\n${result.stderr}`);
}

export async function startVariant(variant: Variant): Promise<ChildProcess> {
  // Bound to localhost, not 127.0.0.1: Next 16 serves a rewrite that carries a status (our
  // 404s) through a request to "localhost", which hangs when the server listens on 127.0.0.1 only.
  const server = spawn('npx', ['next', 'start', '-p', String(variant.port), '-H', 'localhost'], {
    env: baseEnv(variant),
    stdio: 'pipe',
    detached: true,
  });
  const url = `http://127.0.0.1:${variant.port}/`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      const response = await fetch(url);
      if (response.ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error(`next start (${variant.name}) did not answer on ${url}`);
}

export function stopServer(server: ChildProcess): void {
  if (server.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      server.kill('SIGTERM');
    }
  }
}
