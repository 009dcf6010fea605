/**
 * Google's hosts, intercepted in the browser: every request is recorded and answered
 * with a stub, so the real Firebase SDK runs its real requests and nothing leaves the machine.
 */
import type { BrowserContext, Request } from 'playwright-core';
import { FIREBASE_TEST_ENV } from './servers';

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
  /** Requests to the analytics hosts. */
  analytics(): Request[];
  clear(): void;
}

export async function interceptGoogle(context: BrowserContext): Promise<GoogleTraffic> {
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
    analytics: () => requests.filter((r) => ANALYTICS_HOSTS.includes(new URL(r.url()).hostname)),
    clear: () => void requests.splice(0),
  };
}
