/**
 * Google's hosts, intercepted in the browser: every request is recorded and answered
 * with a stub, so the real Firebase SDK runs its real requests and nothing leaves the machine.
 */
import type { BrowserContext, Request } from 'playwright-core';
import { FIREBASE_TEST_ENV } from './variants';

/** Marks a script's source as Firebase SDK code (what a first load must not contain). */
export const FIREBASE_CODE =
  /firebaseinstallations\.googleapis\.com|firebase-heartbeat-database|@firebase\/analytics/;

export const ANALYTICS_HOSTS = [
  'firebase.googleapis.com',
  'firebaseinstallations.googleapis.com',
  'www.googletagmanager.com',
  'googletagmanager.com',
  'www.google-analytics.com',
  'google-analytics.com',
  'region1.google-analytics.com',
];

const GOOGLE =
  /(^|\.)(googleapis\.com|googletagmanager\.com|google-analytics\.com|google\.com|gstatic\.com|recaptcha\.net)$/;

export interface GoogleTraffic {
  readonly requests: Request[];
  /** Firestore REST commits. */
  commits(): Request[];
  /** Requests to the analytics hosts. */
  analytics(): Request[];
  clear(): void;
}

export interface GoogleStubs {
  /** Make the reCAPTCHA script fail to load (App Check then never gets a token). */
  recaptchaFails?: boolean;
  /** HTTP status for the Firestore commit (200 = success). */
  commitStatus?: number;
  /** Send Firestore requests, exactly as the SDK made them, to this emulator origin instead. */
  firestoreEmulator?: string;
}

/**
 * A stand-in for reCAPTCHA Enterprise: ready, an invisible widget, and a token. Like the
 * real one, execute() runs the widget's success callback before its token resolves.
 */
const RECAPTCHA_STUB = `(function () {
  var widgets = {};
  window.grecaptcha = { enterprise: {
    ready: function (cb) { cb(); },
    render: function (container, params) { widgets['widget-1'] = params; return 'widget-1'; },
    execute: function (id) { var p = widgets[id]; if (p && p.callback) p.callback('recaptcha-test-token'); return Promise.resolve('recaptcha-test-token'); }
  } };
})();`;

const COMMIT_ERRORS: Record<number, string> = {
  403: 'PERMISSION_DENIED',
  503: 'UNAVAILABLE',
  429: 'RESOURCE_EXHAUSTED',
};

export async function interceptGoogle(
  context: BrowserContext,
  stubs: GoogleStubs = {},
): Promise<GoogleTraffic> {
  const requests: Request[] = [];
  await context.route(
    (url) => GOOGLE.test(url.hostname),
    async (route) => {
      const request = route.request();
      requests.push(request);
      const url = new URL(request.url());
      const json = (body: unknown, status = 200) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify(body),
          headers: { 'access-control-allow-origin': '*' },
        });
      if (url.hostname === 'firebase.googleapis.com' && url.pathname.endsWith('/webConfig')) {
        return json({
          appId: FIREBASE_TEST_ENV.NEXT_PUBLIC_FIREBASE_APP_ID,
          measurementId: FIREBASE_TEST_ENV.NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID,
        });
      }
      if (url.hostname === 'firebaseinstallations.googleapis.com' && request.method() === 'POST') {
        if (url.pathname.endsWith('/installations')) {
          return json({
            name: 'projects/rg-test/installations/cTestFid',
            fid: 'cTestFidTestFidTestFid00',
            refreshToken: 'refresh',
            authToken: { token: 'auth-token', expiresIn: '604800s' },
          });
        }
        return json({ token: 'auth-token', expiresIn: '604800s' });
      }
      if (url.hostname === 'www.google.com' && url.pathname.startsWith('/recaptcha/')) {
        if (stubs.recaptchaFails) return route.abort('failed');
        return route.fulfill({
          status: 200,
          contentType: 'application/javascript',
          body: RECAPTCHA_STUB,
        });
      }
      if (
        url.hostname === 'content-firebaseappcheck.googleapis.com' &&
        request.method() === 'POST'
      ) {
        return json({ token: 'app-check-test-token', ttl: '3600s' });
      }
      if (
        url.hostname === 'firestore.googleapis.com' &&
        stubs.firestoreEmulator &&
        request.method() !== 'OPTIONS'
      ) {
        const response = await route.fetch({
          url: `${stubs.firestoreEmulator}${url.pathname}${url.search}`,
        });
        return route.fulfill({
          response,
          headers: { ...response.headers(), 'access-control-allow-origin': '*' },
        });
      }
      if (
        url.hostname === 'firestore.googleapis.com' &&
        url.pathname.endsWith('/documents:commit') &&
        request.method() === 'POST'
      ) {
        const status = stubs.commitStatus ?? 200;
        if (status === 200)
          return json({
            commitTime: new Date().toISOString(),
            writeResults: [
              {
                updateTime: new Date().toISOString(),
                transformResults: [{ timestampValue: new Date().toISOString() }],
              },
            ],
          });
        return json(
          {
            error: {
              code: status,
              message: 'Missing or insufficient permissions.',
              status: COMMIT_ERRORS[status] ?? 'INTERNAL',
            },
          },
          status,
        );
      }
      if (request.method() === 'OPTIONS')
        return route.fulfill({
          status: 204,
          headers: {
            'access-control-allow-origin': '*',
            'access-control-allow-headers': '*',
            'access-control-allow-methods': '*',
          },
        });
      if (/\.js($|\?)|\/gtag\/js/.test(url.pathname + url.search))
        return route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
      return route.fulfill({ status: 204, headers: { 'access-control-allow-origin': '*' } });
    },
  );
  return {
    requests,
    commits: () =>
      requests.filter((r) => r.url().includes('/documents:commit') && r.method() === 'POST'),
    analytics: () => requests.filter((r) => ANALYTICS_HOSTS.includes(new URL(r.url()).hostname)),
    clear: () => void requests.splice(0),
  };
}
