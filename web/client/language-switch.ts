/**
 * The language switch: a click on another language's link keeps the query and hash, stores the
 * choice, and switches in the page through Next's router; or, where the browser has prepared
 * that page while the pointer or focus rested on the link (speculation rules), follows the link
 * so the prepared page is shown at once. Used by ClientRuntime's listeners.
 */
import { LANGUAGE_LINK, opensElsewhere, type Router } from './links';

const LANGUAGE_STORAGE_KEY = 'lang';
/**
 * How long the pointer or the keyboard focus rests on another language's link before the
 * browser is asked to prepare that page: the rest Chromium's own "moderate" speculation waits
 * for. Asked only here, never on a press, a quick click switches in the page without a second
 * renderer loading the same page beside it.
 */
const PREPARE_AFTER_MS = 200;
/** The speculation rules added for pages the browser is preparing, by path. */
const preparing = new Map<string, HTMLScriptElement>();
let restTimer: ReturnType<typeof setTimeout> | undefined;

function languageLink(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest<HTMLAnchorElement>(LANGUAGE_LINK) : null;
}

/**
 * Asks the browser to prepare the page at `path` (load and run it unseen), where it supports
 * speculation rules (Chromium); following a link to it then shows that page at once.
 */
function prepare(path: string) {
  if (preparing.has(path) || HTMLScriptElement.supports?.('speculationrules') !== true) return;
  const rules = document.createElement('script');
  rules.type = 'speculationrules';
  rules.textContent = JSON.stringify({ prerender: [{ urls: [path] }] });
  document.head.append(rules);
  preparing.set(path, rules);
}

/** Pages prepared for the links of a page the visitor is leaving in the page. */
function forgetPrepared() {
  for (const rules of preparing.values()) rules.remove();
  preparing.clear();
}

function onRestStart(event: Event) {
  const link = languageLink(event.target);
  if (!link || link.getAttribute('aria-current')) return;
  clearTimeout(restTimer);
  const path = new URL(link.href).pathname;
  restTimer = setTimeout(() => prepare(path), PREPARE_AFTER_MS);
}

function onRestEnd(event: Event) {
  const link = languageLink(event.target);
  const to = (event as MouseEvent | FocusEvent).relatedTarget;
  if (link && !(to instanceof Node && link.contains(to))) clearTimeout(restTimer);
}

export const REST_EVENTS = [
  ['pointerover', onRestStart],
  ['focusin', onRestStart],
  ['pointerout', onRestEnd],
  ['focusout', onRestEnd],
] as const;

/** A click on a language link (the current one does nothing). */
export function onLanguageClick(event: MouseEvent, router: Router | null) {
  const switcher = languageLink(event.target);
  if (!switcher) return;
  clearTimeout(restTimer); // decided now: nothing more to prepare
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
  // A page the browser prepared is shown by following the link as it is (it was prepared for
  // that address, so only without a query or hash to keep).
  const prepared = target === url.pathname && preparing.has(url.pathname);
  switcher.href = target; // also what a new tab opens
  // Otherwise in the page: only the other language's data is fetched and the page
  // re-rendered, not a new document loaded, parsed and hydrated (about 0.5 s of main-thread
  // work at 4× CPU slowdown, bench:interactions).
  if (router && !prepared && !opensElsewhere(event, switcher)) {
    event.preventDefault();
    forgetPrepared();
    router.push(target);
  }
}
