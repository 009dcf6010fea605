/**
 * The one tracking function (§7). Events are sent only with consent; before consent
 * they are dropped, not queued. Firebase Analytics is imported only after Accept.
 */
import { readConsent } from '../consent/store';
import type * as AnalyticsModule from './firebase-analytics';

export type AnalyticsEvent =
  | {
      name: 'cta_click';
      params: { component: string; label: string; destination: string; variant: string };
    }
  | { name: 'newsletter_signup_attempt'; params: { email_provided: boolean } };

type Loaded = typeof AnalyticsModule;
let loading: Promise<Loaded> | null = null;

/** Loads (once) the analytics module; only ever called with consent. */
export function loadAnalytics(): Promise<Loaded> {
  loading ??= import('./firebase-analytics');
  return loading;
}

export function track<E extends AnalyticsEvent>(name: E['name'], params: E['params']): void {
  if (readConsent() !== 'accepted') return;
  void loadAnalytics().then((module) => module.logAnalyticsEvent(name, params));
}
