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

/** One of SITE_PAGES, with its namespace and sections as literal types. */
export type SitePageEntry = (typeof SITE_PAGES)[number];
/** The namespaces that are pages: a record over it is complete when it has every page. */
export type PageNamespace = SitePageEntry['namespace'];

/** Dictionaries every page needs: common and layout (header) are preloaded, plus the footer. */
const CHROME_NAMESPACES = ['common', 'layout', 'footer'] as const satisfies readonly Namespace[];

/** The pages that show a namespace's texts, for the Studio's preview links. */
export function pagesShowing(namespace: Namespace): readonly SitePage[] {
  if ((CHROME_NAMESPACES as readonly string[]).includes(namespace)) return SITE_PAGES;
  return SITE_PAGES.filter(
    (page) =>
      page.namespace === namespace || (page.sections as readonly string[]).includes(namespace),
  );
}
