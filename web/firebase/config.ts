/**
 * Firebase web settings, the browser's one settings reader. These are public identifiers,
 * not secrets: they are meant to reach the browser (access is guarded by App Check and
 * security rules). Incomplete settings mean the backend is not initialised.
 *
 * Not parsed with zod like the server's settings: this module runs in the browser (the
 * newsletter and analytics code), where zod would only add weight to check six strings.
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId: string;
  appId: string;
  measurementId?: string;
}

/** The settings signups need; analytics needs the measurement ID as well. */
export const BACKEND_FIELDS = [
  'apiKey',
  'authDomain',
  'projectId',
  'storageBucket',
  'messagingSenderId',
  'appId',
] as const;

/** Next inlines NEXT_PUBLIC_* only when written out literally, so each is read by name. */
function readFirebaseEnv(): Record<string, string | undefined> {
  return {
    apiKey: process.env.NEXT_PUBLIC_FIREBASE_API_KEY,
    authDomain: process.env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN,
    projectId: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
    storageBucket: process.env.NEXT_PUBLIC_FIREBASE_STORAGE_BUCKET,
    messagingSenderId: process.env.NEXT_PUBLIC_FIREBASE_MESSAGING_SENDER_ID,
    appId: process.env.NEXT_PUBLIC_FIREBASE_APP_ID,
    measurementId: process.env.NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID,
    recaptchaSiteKey: process.env.NEXT_PUBLIC_RECAPTCHA_ENTERPRISE_SITE_KEY,
  };
}

/** The backend config needs all six fields non-empty; otherwise null. */
export function backendConfig(
  env: Record<string, string | undefined> = readFirebaseEnv(),
): FirebaseWebConfig | null {
  const values = Object.fromEntries(BACKEND_FIELDS.map((key) => [key, env[key]?.trim() ?? '']));
  if (BACKEND_FIELDS.some((key) => values[key] === '')) return null;
  const measurementId = env.measurementId?.trim();
  return {
    ...(values as Omit<FirebaseWebConfig, 'measurementId'>),
    ...(measurementId && { measurementId }),
  };
}

/** Analytics needs projectId, apiKey and appId, the measurement ID, and a complete backend config. */
export function analyticsConfig(
  env: Record<string, string | undefined> = readFirebaseEnv(),
): FirebaseWebConfig | null {
  const config = backendConfig(env);
  return config?.measurementId ? config : null;
}

export function recaptchaSiteKey(
  env: Record<string, string | undefined> = readFirebaseEnv(),
): string | null {
  return env.recaptchaSiteKey?.trim() || null;
}
