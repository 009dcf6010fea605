/**
 * What each page of SITE_PAGES renders: one async server component per page namespace,
 * loading its dictionaries and rendering normalised models. The route list itself lives
 * in schemas/site.ts.
 */
import type { ReactNode } from 'react';
import type { Namespace } from '@/schemas';
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
import { loadDictionary } from '../i18n/dictionaries';
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
const load = loadDictionary;

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

const legal =
  (
    namespace: 'privacyPolicy' | 'disclaimer' | 'termsAndConditions' | 'communityGuideline',
  ): Render =>
  async (ui) => {
    const model = normaliseLegal(await load(ui.language, namespace));
    return model && <LegalPage model={model} lastUpdatedLabel={ui.labels.lastUpdated} />;
  };

export const PAGE_RENDERERS: Partial<Record<Namespace, Render>> = {
  home,
  manifestoPage: async (ui) => {
    const model = normaliseManifestoPage(await load(ui.language, 'manifestoPage'));
    return model && <ManifestoPage model={model} />;
  },
  about: async (ui) => {
    const model = normaliseAbout(await load(ui.language, 'about'));
    return model && <AboutPage model={model} ui={ui} />;
  },
  contributions: async (ui) => {
    const model = normaliseCareers(await load(ui.language, 'contributions'));
    return model && <CareersPage model={model} ui={ui} />;
  },
  pressKit: async (ui) => {
    const model = normalisePressKit(await load(ui.language, 'pressKit'));
    return model && <PressKitPage model={model} ui={ui} />;
  },
  pitch: async (ui) => {
    const model = normalisePitch(await load(ui.language, 'pitch'));
    return model && <PitchPage model={model} ui={ui} />;
  },
  publishing: async (ui) => {
    const model = normalisePublishing(await load(ui.language, 'publishing'));
    return model && <PublishingPage model={model} ui={ui} />;
  },
  faqPage: async (ui) => {
    const model = normaliseFaqPage(await load(ui.language, 'faqPage'));
    return model && <FaqPage model={model} ui={ui} />;
  },
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
