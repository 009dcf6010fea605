/**
 * Firebase Analytics (GA4), loaded only after the visitor accepts. Google Consent Mode v2
 * defaults (all denied) are pushed before the SDK loads, then updated to granted.
 * Withdrawal discards the instance, denies storage and removes the analytics cookies.
 */
import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  getAnalytics,
  isSupported,
  logEvent,
  setAnalyticsCollectionEnabled,
  type Analytics,
} from 'firebase/analytics';
import { analyticsConfig } from '../firebase/config';

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const SIGNALS = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'] as const;
let instance: Promise<Analytics | null> | null = null;

function gtag(...args: unknown[]): void {
  window.dataLayer ??= [];
  // gtag.js reads the arguments object itself, not an array.
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
  void args;
}

function consentMode(state: 'default' | 'update', value: 'granted' | 'denied') {
  gtag('consent', state, Object.fromEntries(SIGNALS.map((signal) => [signal, value])));
}

function warn(error: unknown) {
  console.warn('[analytics]', error instanceof Error ? error.message : error);
}

export function startAnalytics(): Promise<Analytics | null> {
  instance ??= (async () => {
    const config = analyticsConfig();
    if (!config) return null; // not configured: events are dropped quietly
    try {
      consentMode('default', 'denied');
      consentMode('update', 'granted');
      if (!(await isSupported())) return null;
      const app = getApps().length ? getApp() : initializeApp(config);
      const analytics = getAnalytics(app);
      setAnalyticsCollectionEnabled(analytics, true);
      return analytics;
    } catch (error) {
      warn(error);
      return null;
    }
  })();
  return instance;
}

export async function logAnalyticsEvent(
  name: string,
  params: Record<string, unknown>,
): Promise<void> {
  const analytics = await startAnalytics();
  if (!analytics) return;
  try {
    logEvent(analytics, name, params);
  } catch (error) {
    warn(error);
  }
}

/** Consent withdrawn: stop collection, forget the instance, remove the cookies we set. */
export async function stopAnalytics(): Promise<void> {
  const current = instance;
  instance = null;
  const analytics = current ? await current : null;
  if (analytics) setAnalyticsCollectionEnabled(analytics, false);
  consentMode('update', 'denied');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name || !/^(_ga|_gid|_gat)/.test(name)) continue;
    const domains = [
      location.hostname,
      `.${location.hostname}`,
      location.hostname.split('.').slice(-2).join('.'),
    ];
    for (const domain of ['', ...domains.map((d) => `; domain=${d}`)]) {
      document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/${domain}`;
    }
  }
}
