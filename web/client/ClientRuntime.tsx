'use client';
/**
 * The site's one always-present client component: the cookie banner with the
 * consent runtime, and one delegated click listener for what the server-rendered HTML
 * cannot do alone: reporting call-to-action clicks and the language switch.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { loadAnalytics, track } from '../analytics/track';
import type { BannerTexts } from '../consent/banner-texts';
import { readConsent, subscribeConsent, writeConsent, type Consent } from '../consent/store';
import { SiteLink } from '@/web/ui/SiteLink';

const LANGUAGE_STORAGE_KEY = 'lang';
// The server renders the banner (it is the first thing a new visitor sees, so it must not
// wait for JavaScript); the head script hides it before paint for visitors who chose.
const serverSnapshot = (): Consent => 'unknown';

let analyticsLoaded = false;

function applyConsent(consent: Consent) {
  if (consent === 'accepted') {
    analyticsLoaded = true;
    void loadAnalytics()?.then((m) => m.startAnalytics());
  } else if (analyticsLoaded) {
    void loadAnalytics()?.then((m) => m.stopAnalytics());
  }
}

/** A click the browser would turn into a new tab or window, or a download. */
function opensElsewhere(event: MouseEvent, link: HTMLAnchorElement): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (link.target !== '' && link.target !== '_self')
  );
}

type Navigate = (url: string) => void;

function onClick(event: MouseEvent, navigate: Navigate | null) {
  const target = event.target as Element | null;
  const cta = target?.closest<HTMLElement>('[data-cta]');
  if (cta) {
    track('cta_click', {
      component: cta.dataset.cta ?? '',
      // The label's own span: an icon or a hidden "(opens in a new tab)" is not part of it.
      label: cta.querySelector(':scope > span:not(.visually-hidden)')?.textContent ?? '',
      destination: cta.getAttribute('href') ?? '',
      variant: cta.dataset.ctaVariant ?? '',
    });
  }
  const switcher = target?.closest<HTMLAnchorElement>('a[data-language-switch]');
  if (switcher) {
    if (switcher.getAttribute('aria-current')) {
      event.preventDefault(); // the current language: nothing to do
      return;
    }
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, switcher.dataset.languageSwitch ?? '');
    } catch {
      // Storage can be unavailable (private mode); the link still works.
    }
    const url = new URL(switcher.href);
    const target = `${url.pathname}${window.location.search}${window.location.hash}`;
    switcher.href = target; // also what a new tab opens
    // In the page: only the other language's data is fetched and the page re-rendered, not a
    // new document loaded, parsed and hydrated (about 0.5 s of main-thread work at 4× CPU
    // slowdown, bench:interactions).
    if (navigate && !opensElsewhere(event, switcher)) {
      event.preventDefault();
      navigate(target);
    }
  }
}

const subscribeNothing = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;

/**
 * Hands the click listener Next's router. Rendered only once hydrated: the router exists in the
 * browser, and a render without it (a server render outside Next) must not fail.
 */
function InPageNavigation({ navigateRef }: { navigateRef: RefObject<Navigate | null> }) {
  const router = useRouter();
  useEffect(() => {
    navigateRef.current = (url) => router.push(url);
    return () => {
      navigateRef.current = null;
    };
  }, [navigateRef, router]);
  return null;
}

export function ClientRuntime({
  texts,
  privacyHref,
}: {
  texts: BannerTexts | null;
  privacyHref: string;
}) {
  const consent = useSyncExternalStore(subscribeConsent, readConsent, serverSnapshot);
  const banner = useRef<HTMLDivElement>(null);

  const navigateRef = useRef<Navigate | null>(null);
  const hydrated = useSyncExternalStore(subscribeNothing, isBrowser, isServer);
  useEffect(() => {
    if (readConsent() === 'accepted') applyConsent('accepted');
    const unsubscribe = subscribeConsent(applyConsent);
    const listener = (event: MouseEvent) => onClick(event, navigateRef.current);
    document.addEventListener('click', listener, { capture: true });
    return () => {
      unsubscribe();
      document.removeEventListener('click', listener, { capture: true });
    };
  }, []);

  const visible = consent === 'unknown' && texts !== null;

  // Keep focused elements clear of the banner (WCAG 2.4.11): scroll padding = its height,
  // plus room for the focus outline (3px, offset 3px) so the ring is not cut off either.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = banner.current;
    if (!visible || !element) return;
    element.dataset.ready = ''; // interactive from here on (the HTML arrives before the script)
    const update = () =>
      root.style.setProperty('scroll-padding-bottom', `${element.offsetHeight + 12}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [visible]);

  const inPage = hydrated && <InPageNavigation navigateRef={navigateRef} />;
  if (!visible) return inPage;
  return (
    <>
      {inPage}
      <div ref={banner} className="consent-banner" role="region" aria-labelledby="consent-title">
        <div className="consent-banner__inner">
          <div className="consent-banner__copy">
            <h2 id="consent-title" className="consent-banner__title">
              {texts.title}
            </h2>
            <p>
              {texts.body} <SiteLink href={privacyHref}>{texts.linkLabel}</SiteLink>
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
    </>
  );
}
