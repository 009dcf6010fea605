/**
 * The pages of the e-mail links: a heading, a text and one button, in the site's frame. The
 * outcome pages (`confirmed`, `unsubscribed`) have their own address; the pages for a link
 * that does not work are shown at the link's own address, with status 404.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { DictionaryOf } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { fillPlaceholders } from '@/schemas/lookup';
import { NEWSLETTER_INVALID_LINK_PAGES, NEWSLETTER_LINK_PAGES } from '@/schemas/site';
import { SiteShell } from '@/web/chrome/SiteShell';
import { pagePath } from '@/schemas/language-paths';
import {
  loadHeadDictionary,
  loadPageDictionary,
  pageSource,
} from '@/web/preview/page-dictionaries';
import { plainText } from '@/web/site/plain-text';
import { buildMetadata, pageTitle } from '@/web/head/metadata';
import { StatusPageTitle, withoutTitle } from '@/web/head/page-head';
import { siteUrl } from '@/web/site/site-settings';
import { fit } from '@/web/ui/fit';
import { CONFIRMATION_HOURS } from './newsletter-limits';

export type LinkPageKind = keyof DictionaryOf<'newsletter'>['linkPages'];

/** Where each page is rendered, under /<lang>/: one route, app/[lang]/newsletter/[page]. */
const PAGE_PATH = {
  confirmed: NEWSLETTER_LINK_PAGES.confirmed,
  unsubscribed: NEWSLETTER_LINK_PAGES.unsubscribed,
  invalidConfirmLink: NEWSLETTER_INVALID_LINK_PAGES.confirm,
  invalidUnsubscribeLink: NEWSLETTER_INVALID_LINK_PAGES.unsubscribe,
} as const satisfies Record<LinkPageKind, `newsletter/${string}`>;
const KINDS = Object.keys(PAGE_PATH) as LinkPageKind[];

/** The outcome pages have an address of their own; the others answer at the link's. */
const OWN_PATH: Partial<Record<LinkPageKind, string>> = {
  confirmed: PAGE_PATH.confirmed,
  unsubscribed: PAGE_PATH.unsubscribed,
};

/** The route's parameters: every link page in every language. */
export const linkPageParams = () =>
  LANGUAGES.flatMap((lang) =>
    KINDS.map((kind) => ({ lang, page: PAGE_PATH[kind].slice('newsletter/'.length) })),
  );

/** The link page a route's segment names, or the not-found page. */
export function linkPageKind(segment: string): LinkPageKind {
  return KINDS.find((kind) => PAGE_PATH[kind] === `newsletter/${segment}`) ?? notFound();
}

async function linkPageHead(language: Language, kind: LinkPageKind) {
  const [newsletter, common] = await Promise.all([
    loadHeadDictionary(language, 'newsletter'),
    loadHeadDictionary(language, 'common'),
  ]);
  return { meta: { title: plainText(newsletter.linkPages[kind].title) }, common };
}

export async function linkPageMetadata(language: Language, kind: LinkPageKind): Promise<Metadata> {
  const { meta, common } = await linkPageHead(language, kind);
  // Per person, so never indexed; no alternates, since the links carry a token.
  const metadata = buildMetadata({
    meta: { ...meta, robots: 'noindex, nofollow' },
    common,
    language,
    slug: null,
    siteUrl: siteUrl(),
  });
  // A link that does not work is answered with status 404: its title is in its body.
  return OWN_PATH[kind] ? metadata : withoutTitle(metadata);
}

export async function NewsletterLinkPage({
  language,
  kind,
}: {
  language: Language;
  kind: LinkPageKind;
}) {
  const { linkPages } = await loadPageDictionary(language, 'newsletter');
  const texts = linkPages[kind];
  const home = pagePath('', language);
  // Every button but the confirmed page's leads to the signup form.
  const target = kind === 'confirmed' ? home : `${home}#newsletter`;
  const ownPath = OWN_PATH[kind];
  // Answered with status 404: the page writes its own title (StatusPageTitle says why).
  const head = ownPath ? undefined : await linkPageHead(language, kind);
  return (
    <SiteShell
      language={language}
      currentPath={ownPath ? `/${ownPath}` : null}
      source={await pageSource()}
    >
      {head && <StatusPageTitle title={pageTitle(head.meta, head.common)} />}
      <section className="newsletter-link-page" aria-labelledby="newsletter-link-title">
        <div className="newsletter-link-page__inner">
          <h1
            id="newsletter-link-title"
            className="page-header__title"
            style={fit(plainText(texts.title))}
          >
            {texts.title}
          </h1>
          <p className="page-header__subtitle">
            {fillPlaceholders(texts.text, { hours: CONFIRMATION_HOURS })}
          </p>
          <div className="cta-row">
            <a href={target} className="cta cta--primary">
              {texts.button}
            </a>
          </div>
        </div>
      </section>
    </SiteShell>
  );
}
