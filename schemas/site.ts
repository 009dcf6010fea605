/**
 * The pages of the site: one list that the router, the sitemap, the Studio's
 * "open on the site" links and the tests all derive from.
 */
import type { Namespace } from './index';

export interface SitePage {
  /** Path segment without a language prefix; '' is the home page. */
  readonly slug: string;
  /** The dictionary holding the page head and the page's own texts. */
  readonly namespace: Namespace;
  /** Landing-section dictionaries the page also shows. */
  readonly sections: readonly Namespace[];
}

export const SITE_PAGES = [
  {
    slug: '',
    namespace: 'home',
    sections: ['hero', 'manifesto', 'publisher', 'faq', 'discord', 'newsletter'],
  },
  { slug: 'manifesto', namespace: 'manifestoPage', sections: [] },
  { slug: 'about', namespace: 'about', sections: [] },
  { slug: 'contributions', namespace: 'contributions', sections: [] },
  { slug: 'press-kit', namespace: 'pressKit', sections: [] },
  { slug: 'pitch', namespace: 'pitch', sections: [] },
  { slug: 'publishing', namespace: 'publishing', sections: [] },
  { slug: 'faq', namespace: 'faqPage', sections: [] },
  { slug: 'contact', namespace: 'contact', sections: ['discord'] },
  { slug: 'community-guideline', namespace: 'communityGuideline', sections: [] },
  { slug: 'privacy-policy', namespace: 'privacyPolicy', sections: [] },
  { slug: 'disclaimer', namespace: 'disclaimer', sections: [] },
  { slug: 'terms-and-conditions', namespace: 'termsAndConditions', sections: [] },
] as const satisfies readonly SitePage[];

/**
 * Pages that answer the links in newsletter e-mails (web/newsletter/), in every language like
 * every page, but never in the sitemap and never indexed: `confirm` and `unsubscribe` take a
 * token, the other two show the outcome.
 */
export const NEWSLETTER_LINK_PAGES = {
  confirm: 'newsletter/confirm',
  unsubscribe: 'newsletter/unsubscribe',
  confirmed: 'newsletter/confirmed',
  unsubscribed: 'newsletter/unsubscribed',
} as const;

/**
 * The pages shown for an e-mail link that does not work: never addressed directly, the proxy
 * shows them at the link's own address with status 404 (web/newsletter/server/link-answer.ts).
 */
export const NEWSLETTER_INVALID_LINK_PAGES = {
  confirm: 'newsletter/invalid-confirm-link',
  unsubscribe: 'newsletter/invalid-unsubscribe-link',
} as const;

/** One of SITE_PAGES, with its namespace and sections as literal types. */
export type SitePageEntry = (typeof SITE_PAGES)[number];
/** The namespaces that are pages: a record over it is complete when it has every page. */
export type PageNamespace = SitePageEntry['namespace'];

/** Dictionaries every page needs: common and layout (header) are preloaded, plus the footer. */
const CHROME_NAMESPACES = ['common', 'layout', 'footer'] as const satisfies readonly Namespace[];

/** The dictionary of the not-found page, which every unknown path shows (status 404). */
export const NOT_FOUND_NAMESPACE = 'error' satisfies Namespace;

/**
 * Every dictionary a page shows: the chrome's, its own and its sections'. A page is cached
 * (by Next and by a CDN in front) under these and the ones it reads besides (namespacesReadBy),
 * and a publish of any of them renews it.
 */
export function namespacesShownOn(page: SitePage | 'not-found'): readonly Namespace[] {
  if (page === 'not-found') return [...CHROME_NAMESPACES, NOT_FOUND_NAMESPACE];
  return [...CHROME_NAMESPACES, page.namespace, ...page.sections];
}

/** The pages that show a namespace's texts, for the Studio's preview links. */
export function pagesShowing(namespace: Namespace): readonly SitePage[] {
  return SITE_PAGES.filter((page) => namespacesShownOn(page).includes(namespace));
}

/**
 * Read by every page without being shown there: the privacy policy's "last updated" is part
 * of the cookie banner's consent text version (web/consent/version.ts), so a new policy must
 * renew every page's banner and ask visitors again; the facts are filled into the texts of
 * every page (schemas/facts.ts).
 */
export const READ_BY_EVERY_PAGE = [
  'privacyPolicy',
  'facts',
] as const satisfies readonly Namespace[];

/** Every dictionary a page is rendered from: a publish of any of them renews it (and its CDN copy). */
export function namespacesReadBy(page: SitePage | 'not-found'): readonly Namespace[] {
  return [...new Set([...namespacesShownOn(page), ...READ_BY_EVERY_PAGE])];
}

/** The pages a publish of a namespace renews. */
export function pagesReading(namespace: Namespace): readonly SitePage[] {
  return SITE_PAGES.filter((page) => namespacesReadBy(page).includes(namespace));
}
