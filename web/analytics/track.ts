/**
 * The one tracking function. Events are sent only with consent; before consent they are
 * dropped, not queued. Firebase Analytics is imported only after Accept, and never on a site
 * built without analytics settings (Accept then costs no download and no script work).
 */
import { readConsent } from '../consent/stored-choice';
import { analyticsConfig } from '../firebase/config';
import type * as AnalyticsModule from './firebase-analytics';

/** Each event the site sends, with the parameters it carries. */
export interface AnalyticsEvents {
  cta_click: { component: string; label: string; destination: string; variant: string };
  newsletter_signup_attempt: { email_provided: boolean };
}

type Loaded = typeof AnalyticsModule;
let loading: Promise<Loaded> | null = null;

/** Loads (once) the analytics module; only ever called with consent. Null: not configured. */
export function loadAnalytics(): Promise<Loaded> | null {
  if (!analyticsConfig()) return null;
  loading ??= import('./firebase-analytics');
  return loading;
}

export function track<N extends keyof AnalyticsEvents>(name: N, params: AnalyticsEvents[N]): void {
  if (readConsent() !== 'accepted') return;
  void loadAnalytics()?.then((module) => module.logAnalyticsEvent(name, params));
}
