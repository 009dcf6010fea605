/**
 * The Firestore write, loaded only when a visitor starts using the form. App Check runs
 * first with its own timeout, because a reCAPTCHA script that fails to load leaves the
 * SDK's token promise pending forever.
 */
import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  getToken,
  initializeAppCheck,
  ReCaptchaEnterpriseProvider,
  type AppCheck,
} from 'firebase/app-check';
import { getFirestore } from 'firebase/firestore/lite';
import type { FirebaseWebConfig } from '../firebase/config';
import { commitSignup } from './commit';
import {
  APP_CHECK_TIMEOUT_MS,
  mapFirestoreCode,
  SignupError,
  WRITE_TIMEOUT_MS,
  type SignupFields,
} from './signup';

let appCheck: AppCheck | undefined;

function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  code: 'app-check-unavailable' | 'deadline-exceeded',
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new SignupError(code, `${code} after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export async function writeSignup(
  config: FirebaseWebConfig,
  siteKey: string,
  fields: SignupFields,
): Promise<void> {
  const app = getApps().length ? getApp() : initializeApp(config);
  appCheck ??= initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(siteKey),
    isTokenAutoRefreshEnabled: false,
  });
  try {
    const { token } = await withTimeout(
      getToken(appCheck, false),
      APP_CHECK_TIMEOUT_MS,
      'app-check-unavailable',
    );
    if (!token) throw new SignupError('app-check-unavailable');
  } catch (error) {
    throw error instanceof SignupError
      ? error
      : new SignupError('app-check-unavailable', String(error));
  }
  try {
    await withTimeout(
      commitSignup(getFirestore(app), fields),
      WRITE_TIMEOUT_MS,
      'deadline-exceeded',
    );
  } catch (error) {
    if (error instanceof SignupError) throw error;
    const code = (error as { code?: string }).code;
    throw new SignupError(
      mapFirestoreCode(code),
      error instanceof Error ? error.message : String(error),
    );
  }
}
