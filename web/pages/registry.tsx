/**
 * What each page of SITE_PAGES renders: one async server component per page namespace,
 * loading its dictionaries and rendering normalised models. The route list itself lives
 * in schemas/site.ts.
 */
import { Fragment, type ReactNode } from 'react';
import type { DictionaryOf, Namespace } from '@/schemas';
import { SITE_PAGES, type PageNamespace, type SitePageEntry } from '@/schemas/site';
import { normaliseLegal } from '@/web/pages/legal-model';
import {
  normaliseAbout,
  normaliseCareers,
  normaliseContact,
  normaliseFaqPage,
  normaliseManifestoPage,
  normalisePitch,
  normalisePressKit,
  normalisePublishing,
} from '@/web/pages/page-models';
import {
  normaliseDiscord,
  normaliseFaq,
  normaliseHero,
  normaliseManifesto,
  normaliseNewsletter,
  normalisePublisher,
} from '@/web/sections/section-models';
import {
  DiscordSection,
  FaqSection,
  Hero,
  ManifestoSection,
  NewsletterSection,
  PublisherSection,
} from '../sections/landing';
import type { LoadDictionary } from '../site/page-source';
import type { UiContext } from '../ui/context';
import { LegalPage } from './LegalPage';
import {
  AboutPage,
  CareersPage,
  ContactPage,
  FaqPage,
  ManifestoPage,
  PitchPage,
  PressKitPage,
  PublishingPage,
} from './pages';

type Render = (ui: UiContext, load: LoadDictionary) => Promise<ReactNode>;

/** The landing sections any page of SITE_PAGES lists, each with its presence rules. */
type SectionNamespace = SitePageEntry['sections'][number];

const SECTION_RENDERERS: {
  [N in SectionNamespace]: (dictionary: DictionaryOf<N>, ui: UiContext) => ReactNode;
} = {
  hero: (dictionary, ui) => {
    const model = normaliseHero(dictionary);
    return model && <Hero model={model} ui={ui} />;
  },
  manifesto: (dictionary, ui) => {
    const model = normaliseManifesto(dictionary);
    return model && <ManifestoSection model={model} ui={ui} />;
  },
  publisher: (dictionary, ui) => {
    const model = normalisePublisher(dictionary);
    return model && <PublisherSection model={model} ui={ui} />;
  },
  faq: (dictionary, ui) => {
    const model = normaliseFaq(dictionary);
    return model && <FaqSection model={model} ui={ui} />;
  },
  discord: (dictionary, ui) => {
    const model = normaliseDiscord(dictionary);
    return model && <DiscordSection model={model} ui={ui} />;
  },
  newsletter: (dictionary, ui) => {
    const model = normaliseNewsletter(dictionary);
    return model && <NewsletterSection model={model} ui={ui} />;
  },
};

async function section<N extends SectionNamespace>(
  namespace: N,
  ui: UiContext,
  load: LoadDictionary,
) {
  return SECTION_RENDERERS[namespace](await load(ui.language, namespace), ui);
}

/** The home page is its landing sections, in the order SITE_PAGES lists them. */
async function home(ui: UiContext, load: LoadDictionary) {
  const home = SITE_PAGES.find((page) => page.namespace === 'home');
  const sections = await Promise.all(
    (home?.sections ?? []).map(async (namespace) => (
      <Fragment key={namespace}>{await section(namespace, ui, load)}</Fragment>
    )),
  );
  return <>{sections}</>;
}

/** A page that shows one dictionary: load it, apply its presence rules, render or nothing. */
function page<N extends Namespace, M>(
  namespace: N,
  normalise: (dictionary: DictionaryOf<N>) => M | null,
  View: (props: { model: M; ui: UiContext }) => ReactNode,
): Render {
  return async (ui, load) => {
    const model = normalise(await load(ui.language, namespace));
    return model && <View model={model} ui={ui} />;
  };
}

const legal = (
  namespace: 'privacyPolicy' | 'disclaimer' | 'termsAndConditions' | 'communityGuideline',
) =>
  page(namespace, normaliseLegal, ({ model, ui }) => (
    <LegalPage model={model} lastUpdatedLabel={ui.labels.lastUpdated} />
  ));

const PAGE_RENDERERS: Record<PageNamespace, Render> = {
  home,
  manifestoPage: page('manifestoPage', normaliseManifestoPage, ManifestoPage),
  about: page('about', normaliseAbout, AboutPage),
  contributions: page('contributions', normaliseCareers, CareersPage),
  pressKit: page('pressKit', normalisePressKit, PressKitPage),
  pitch: page('pitch', normalisePitch, PitchPage),
  publishing: page('publishing', normalisePublishing, PublishingPage),
  faqPage: page('faqPage', normaliseFaqPage, FaqPage),
  contact: async (ui, load) => {
    const [page, discord] = await Promise.all([
      load(ui.language, 'contact'),
      load(ui.language, 'discord'),
    ]);
    const model = normaliseContact(page);
    const community = normaliseDiscord(discord);
    return (
      <>
        {model && <ContactPage model={model} ui={ui} />}
        {!model?.community && community && <DiscordSection model={community} ui={ui} />}
      </>
    );
  },
  privacyPolicy: legal('privacyPolicy'),
  disclaimer: legal('disclaimer'),
  termsAndConditions: legal('termsAndConditions'),
  communityGuideline: legal('communityGuideline'),
};

/** A page's body, with its texts from `load` (published dictionaries, or a preview's drafts). */
export async function renderPage(
  namespace: PageNamespace,
  ui: UiContext,
  load: LoadDictionary,
): Promise<ReactNode> {
  return PAGE_RENDERERS[namespace](ui, load);
}
