'use client';
/**
 * The cookie banner (§2.4) and the consent runtime: shown only while consent is unknown;
 * Accept and Decline are equal, one click each. Accept starts analytics; any other
 * state stops it. CTA clicks are reported through the one tracking function.
 */
import Link from 'next/link';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { loadAnalytics, track } from '../analytics/track';
import type { BannerTexts } from './banner-texts';
import { readConsent, subscribeConsent, writeConsent, type Consent } from './store';

const serverSnapshot = (): Consent | 'pending' => 'pending';

function onConsent(consent: Consent) {
  if (consent === 'accepted') void loadAnalytics().then((m) => m.startAnalytics());
  else void loadAnalyticsIfLoaded()?.then((m) => m.stopAnalytics());
}

let analyticsLoaded = false;
function loadAnalyticsIfLoaded() {
  return analyticsLoaded ? loadAnalytics() : undefined;
}

function reportCtaClick(event: MouseEvent) {
  const target = (event.target as Element | null)?.closest<HTMLElement>('[data-cta]');
  if (!target) return;
  track('cta_click', {
    component: target.dataset.cta ?? '',
    label: target.dataset.ctaLabel ?? '',
    destination: target.dataset.ctaDestination ?? '',
    variant: target.dataset.ctaVariant ?? '',
  });
}

export function ConsentBanner({
  texts,
  privacyHref,
}: {
  texts: BannerTexts | null;
  privacyHref: string;
}) {
  const consent = useSyncExternalStore(subscribeConsent, readConsent, serverSnapshot);
  const banner = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const initial = readConsent();
    if (initial === 'accepted') {
      analyticsLoaded = true;
      onConsent(initial);
    }
    const unsubscribe = subscribeConsent((next) => {
      if (next === 'accepted') analyticsLoaded = true;
      onConsent(next);
    });
    document.addEventListener('click', reportCtaClick, { capture: true });
    return () => {
      unsubscribe();
      document.removeEventListener('click', reportCtaClick, { capture: true });
    };
  }, []);

  const visible = consent === 'unknown' && texts !== null;

  // Keep focused elements clear of the banner (WCAG 2.4.11): scroll padding = its height.
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (!visible || !banner.current) {
      root.style.removeProperty('scroll-padding-bottom');
      return;
    }
    const update = () =>
      root.style.setProperty('scroll-padding-bottom', `${banner.current?.offsetHeight ?? 0}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(banner.current);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <div ref={banner} className="consent-banner" role="region" aria-labelledby="consent-title">
      <div className="consent-banner__inner">
        <div className="consent-banner__copy">
          <h2 id="consent-title" className="consent-banner__title">
            {texts.title}
          </h2>
          <p>
            {texts.body} <Link href={privacyHref}>{texts.linkLabel}</Link>
          </p>
        </div>
        <div className="consent-banner__actions">
          <button
            type="button"
            className="cta cta--secondary"
            onClick={() => writeConsent('declined')}
          >
            {texts.decline}
          </button>
          <button
            type="button"
            className="cta cta--secondary"
            onClick={() => writeConsent('accepted')}
          >
            {texts.accept}
          </button>
        </div>
      </div>
    </div>
  );
}
