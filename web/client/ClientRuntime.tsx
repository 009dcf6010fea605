'use client';
/**
 * The site's one always-present client component: the cookie banner with the
 * consent runtime, and delegated listeners for what the server-rendered HTML cannot do
 * alone: reporting call-to-action clicks, showing the site's pages in the page (links are
 * plain anchors), and the language switch (in the page, or the page the browser prepared
 * while the pointer or focus rested on the link).
 */
import { useRouter } from 'next/navigation';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { loadAnalytics, track } from '../analytics/track';
import type { Language } from '@/schemas/languages';
import type { BannerTexts } from '../consent/banner-texts';
import { sendConsentRecord } from '../consent/send-record';
import {
  expireStaleChoice,
  isReopened,
  readConsent,
  readStoredChoice,
  sendsGpc,
  setConsentContext,
  subscribeConsent,
  writeConsent,
  type Consent,
  type Decision,
} from '../consent/stored-choice';
import type { BannerVersions, EarlierVersions } from '../consent/version';
import { REST_EVENTS, onLanguageClick } from './language-switch';
import { AHEAD_EVENTS, fetchAhead, onAppLinkClick, type Router } from './links';

// The server renders the banner (it is the first thing a new visitor sees, so it must not
// wait for JavaScript); the head script hides it before paint for visitors who chose.
const serverSnapshot = (): Consent => 'unknown';

let analyticsLoaded = false;

function startAnalyticsIfAccepted() {
  if (readConsent() !== 'accepted') return;
  analyticsLoaded = true;
  void loadAnalytics()?.then((m) => m.startAnalytics());
}

/**
 * Runs `start` once the page is shown. A page the browser prepares unseen (a language's page
 * the pointer rested on, ./language-switch.ts) starts analytics only if the visitor goes there: a
 * page view is counted for a page shown, and a choice made meanwhile in another tab reaches it.
 */
function whenShown(start: () => void) {
  if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', start, { once: true });
  else start();
}

function record(
  decision: Decision,
  consentId: string,
  language: Language,
  versions: BannerVersions,
) {
  const textVersion = versions[language];
  if (!textVersion) return;
  sendConsentRecord({ consentId, decision, textVersion, language, page: location.pathname });
}

function choose(choice: 'accepted' | 'declined', language: Language, versions: BannerVersions) {
  const { decision, record: stored } = writeConsent(choice);
  record(decision, stored.id, language, versions);
}

/** The stored choice and its date, shown when the visitor reopens it from the footer. */
function currentChoice(texts: BannerTexts, language: Language): string | null {
  const { choice, record } = readStoredChoice();
  const template = choice === 'accepted' ? texts.acceptedOn : texts.declinedOn;
  if (choice === 'unknown' || !record || !template) return null;
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(record.at));
  return template.replace('{date}', date);
}

function applyConsent(consent: Consent) {
  if (consent === 'accepted') whenShown(startAnalyticsIfAccepted);
  else if (analyticsLoaded) void loadAnalytics()?.then((m) => m.stopAnalytics());
}

function onClick(event: MouseEvent, router: Router | null) {
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
  onLanguageClick(event, router);
}

const subscribeNothing = () => () => undefined;
const isBrowser = () => true;
const isServer = () => false;

/**
 * Hands the listeners Next's router. Rendered only once hydrated: the router exists in the
 * browser, and a render without it (a server render outside Next) must not fail.
 */
function InPageNavigation({ routerRef }: { routerRef: RefObject<Router | null> }) {
  const router = useRouter();
  useEffect(() => {
    routerRef.current = {
      push: (url) => router.push(url),
      prefetch: (url) => router.prefetch(url),
    };
    return () => {
      routerRef.current = null;
    };
  }, [routerRef, router]);
  return null;
}

export function ClientRuntime({
  texts,
  privacyHref,
  language = 'en',
  versions = {},
  earlierVersions = {},
}: {
  texts: BannerTexts | null;
  privacyHref: string;
  language?: Language;
  /** The banner text version of every language (../consent/version.ts). */
  versions?: BannerVersions;
  /** Earlier versions that still count: changes marked wording only. */
  earlierVersions?: EarlierVersions;
}) {
  // Before the first read: a stored choice counts only against the published versions.
  setConsentContext({ versions, earlier: earlierVersions, language });
  const consent = useSyncExternalStore(subscribeConsent, readConsent, serverSnapshot);
  const reopened = useSyncExternalStore(subscribeConsent, isReopened, isServer);
  const gpc = useSyncExternalStore(subscribeNothing, sendsGpc, isServer);
  const banner = useRef<HTMLDivElement>(null);

  const routerRef = useRef<Router | null>(null);
  const hydrated = useSyncExternalStore(subscribeNothing, isBrowser, isServer);
  useEffect(() => {
    // A choice that stopped counting (text changed, grown old, GPC on) asks again, on record.
    const askedAgain = expireStaleChoice();
    if (askedAgain) record('asked-again', askedAgain, language, versions);
    if (readConsent() === 'accepted') applyConsent('accepted');
    const unsubscribe = subscribeConsent(applyConsent);
    const listener = (event: MouseEvent) => onClick(event, routerRef.current);
    const appLink = (event: MouseEvent) => onAppLinkClick(event, routerRef.current);
    const ahead = (event: Event) => fetchAhead(event, routerRef.current);
    document.addEventListener('click', listener, { capture: true });
    document.addEventListener('click', appLink);
    for (const [type, handler] of REST_EVENTS) document.addEventListener(type, handler);
    for (const type of AHEAD_EVENTS) document.addEventListener(type, ahead, { passive: true });
    return () => {
      unsubscribe();
      document.removeEventListener('click', listener, { capture: true });
      document.removeEventListener('click', appLink);
      for (const [type, handler] of REST_EVENTS) document.removeEventListener(type, handler);
      for (const type of AHEAD_EVENTS) document.removeEventListener(type, ahead);
    };
    // Once per page: the versions and language are the page's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const visible = (consent === 'unknown' || reopened) && texts !== null;

  // Keep focused elements clear of the banner (WCAG 2.4.11): scroll padding = its height,
  // plus room for the focus outline (3px, offset 3px) so the ring is not cut off either.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = banner.current;
    if (!visible || !element) return;
    element.dataset.ready = ''; // interactive from here on (the HTML arrives before the script)
    // Reopened from the footer: keyboard and screen reader users land on the choice.
    if (isReopened()) element.focus();
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

  const inPage = hydrated && <InPageNavigation routerRef={routerRef} />;
  if (!visible) return inPage;
  const current = reopened && currentChoice(texts, language);
  return (
    <>
      {inPage}
      <section
        ref={banner}
        className="consent-banner"
        aria-labelledby="consent-title"
        tabIndex={-1}
      >
        <div className="consent-banner__inner">
          <div className="consent-banner__copy">
            <h2 id="consent-title" className="consent-banner__title">
              {texts.title}
            </h2>
            <p>
              {texts.body} <a href={privacyHref}>{texts.linkLabel}</a>
            </p>
            {gpc && texts.gpcNote && <p className="consent-banner__note">{texts.gpcNote}</p>}
            {current && <p className="consent-banner__note">{current}</p>}
          </div>
          <div className="consent-banner__actions">
            <button
              type="button"
              className="cta cta--secondary"
              onClick={() => choose('declined', language, versions)}
            >
              {texts.decline}
            </button>
            <button
              type="button"
              className="cta cta--secondary"
              onClick={() => choose('accepted', language, versions)}
            >
              {texts.accept}
            </button>
          </div>
        </div>
      </section>
    </>
  );
}
