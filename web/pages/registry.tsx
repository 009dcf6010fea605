/**
 * What each page of SITE_PAGES renders: one async server component per page namespace,
 * loading its dictionaries and rendering normalised models. The route list itself lives
 * in schemas/site.ts.
 */
import type { ReactNode } from 'react';
import type { DictionaryOf, Namespace } from '@/schemas';
import { normaliseLegal } from '@/schemas/normalise/legal';
import {
  normaliseAbout,
  normaliseCareers,
  normaliseContact,
  normaliseFaqPage,
  normaliseManifestoPage,
  normalisePitch,
  normalisePressKit,
  normalisePublishing,
} from '@/schemas/normalise/pages';
import {
  normaliseDiscord,
  normaliseFaq,
  normaliseHero,
  normaliseManifesto,
  normaliseNewsletter,
  normalisePublisher,
} from '@/schemas/normalise/sections';
import { loadPageDictionary } from '../preview/content';
import {
  DiscordSection,
  FaqSection,
  Hero,
  ManifestoSection,
  NewsletterSection,
  PublisherSection,
} from '../sections/landing';
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

type Render = (ui: UiContext) => Promise<ReactNode>;
const load = loadPageDictionary;

async function home(ui: UiContext) {
  const lang = ui.language;
  const [hero, manifesto, publisher, faq, discord, newsletter] = await Promise.all([
    load(lang, 'hero').then(normaliseHero),
    load(lang, 'manifesto').then(normaliseManifesto),
    load(lang, 'publisher').then(normalisePublisher),
    load(lang, 'faq').then(normaliseFaq),
    load(lang, 'discord').then(normaliseDiscord),
    load(lang, 'newsletter').then(normaliseNewsletter),
  ]);
  return (
    <>
      {hero && <Hero model={hero} ui={ui} />}
      {manifesto && <ManifestoSection model={manifesto} ui={ui} />}
      {publisher && <PublisherSection model={publisher} ui={ui} />}
      {faq && <FaqSection model={faq} ui={ui} />}
      {discord && <DiscordSection model={discord} ui={ui} />}
      {newsletter && <NewsletterSection model={newsletter} ui={ui} />}
    </>
  );
}

/** A page that shows one dictionary: load it, apply its presence rules, render or nothing. */
function page<N extends Namespace, M>(
  namespace: N,
  normalise: (dictionary: DictionaryOf<N>) => M | null,
  View: (props: { model: M; ui: UiContext }) => ReactNode,
): Render {
  return async (ui) => {
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

export const PAGE_RENDERERS: Partial<Record<Namespace, Render>> = {
  home,
  manifestoPage: page('manifestoPage', normaliseManifestoPage, ManifestoPage),
  about: page('about', normaliseAbout, AboutPage),
  contributions: page('contributions', normaliseCareers, CareersPage),
  pressKit: page('pressKit', normalisePressKit, PressKitPage),
  pitch: page('pitch', normalisePitch, PitchPage),
  publishing: page('publishing', normalisePublishing, PublishingPage),
  faqPage: page('faqPage', normaliseFaqPage, FaqPage),
  contact: async (ui) => {
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

export async function renderPage(namespace: Namespace, ui: UiContext): Promise<ReactNode> {
  const render = PAGE_RENDERERS[namespace];
  if (!render) throw new Error(`No renderer for page namespace "${namespace}"`);
  return render(ui);
}
