/** Page dictionaries (§2.5, §2.7, §2.8, §2.12). Every page has a page head (`meta`). */
import { count, dictionary, group, list, longText, paragraphs, plural, text, url } from '../define';
import {
  cta,
  ctaBlock,
  ctaPair,
  entries,
  faqItems,
  meta,
  offering,
  pageHero,
  stats,
  timeline,
} from './parts';

export const home = dictionary('home', 'pages', { meta: meta() }, { title: 'Home page' });

export const manifestoPage = dictionary(
  'manifestoPage',
  'pages',
  {
    meta: meta(),
    hero: group({
      eyebrow: text(),
      title: text({ required: true }),
      description: longText(),
    }),
    pillars: entries('pillar', 'Pillars'),
    closing: group({ title: text({ required: true }), description: longText() }),
  },
  { title: 'Manifesto page' },
);

export const about = dictionary(
  'about',
  'pages',
  {
    meta: meta(),
    hero: group({
      eyebrow: text(),
      title: text({ required: true }),
      highlight: text(),
      subtitle: longText(),
      stats: stats(true),
    }),
    vision: group({ title: text(), description: longText() }),
    mission: group({ title: text(), description: longText() }),
    origin: group({ title: text(), paragraphs: paragraphs() }),
    pillars: group({ title: text(), items: entries('aboutPillar') }),
    timeline: group({ title: text(), items: timeline() }),
  },
  { title: 'About page' },
);

export const contributions = dictionary(
  'contributions',
  'pages',
  {
    meta: meta(),
    hero: group({
      badge: text(),
      title: text({ required: true }),
      subtitle: longText(),
    }),
    culture: group({ title: text(), points: entries('culturePoint') }),
    openings: group({
      title: text(),
      emptyState: longText({ description: 'Shown when no complete position is listed.' }),
      defaultApplyLabel: text({ required: true, description: 'Button text, e.g. "Apply".' }),
      positions: list(
        'position',
        group({
          title: text(),
          location: text(),
          type: text({ description: 'e.g. Full-time, Freelance.' }),
          description: longText(),
          applyUrl: text({ format: 'href', description: 'https URL or mailto: address.' }),
          applyLabel: text({ description: 'Empty uses the default apply label.' }),
        }),
        { description: 'Positions lacking a title, location, type or description are hidden.' },
      ),
    }),
    perks: group({ title: text(), items: entries('perk') }),
    cta: ctaBlock(),
  },
  { title: 'Careers page' },
);

export const pressKit = dictionary(
  'pressKit',
  'pages',
  {
    meta: meta(),
    hero: pageHero({ cta: cta('Button') }),
    contacts: group({
      title: text(),
      items: list('pressContact', group({ label: text(), email: text({ format: 'email' }) }), {
        description: 'Contacts lacking a label or e-mail are hidden.',
      }),
    }),
    faq: group({ title: text(), items: faqItems() }),
    factSheet: group(
      {
        title: text({ description: 'Heading of the fact sheet, e.g. "Fact sheet".' }),
        website: text({ description: 'Label of the website address, e.g. "Website".' }),
      },
      {
        title: 'Fact sheet (in the download)',
        description:
          'The press kit download (/press/rg-press-kit.zip) holds the logos and one fact sheet per language, built from the About page, the press contacts and the footer.',
      },
    ),
  },
  { title: 'Press kit page' },
);

export const pitch = dictionary(
  'pitch',
  'pages',
  {
    meta: meta(),
    hero: pageHero({ buttons: ctaPair(), stats: stats(true) }),
    overview: group({ title: text(), items: entries('overviewItem') }),
    deck: group({ title: text(), sections: offering('deckSection') }),
    traction: group({ title: text(), milestones: timeline() }),
    cta: ctaBlock(),
  },
  { title: 'Investor pitch page' },
);

export const publishing = dictionary(
  'publishing',
  'pages',
  {
    meta: meta(),
    hero: pageHero({ buttons: ctaPair() }),
    services: group({ title: text(), items: entries('service') }),
    support: group({ title: text(), items: offering('supportOffering') }),
    process: group({ title: text(), steps: entries('processStep') }),
    faq: group({ title: text(), items: faqItems() }),
    cta: ctaBlock(),
  },
  { title: 'Publishing services page' },
);

export const faqPage = dictionary(
  'faqPage',
  'pages',
  {
    meta: meta(),
    hero: pageHero({}),
    faq: group({ title: text(), items: faqItems() }),
  },
  { title: 'FAQ page' },
);

export const contact = dictionary(
  'contact',
  'pages',
  {
    meta: meta(),
    hero: pageHero({ buttons: ctaPair() }),
    offices: group({
      title: text(),
      items: list(
        'office',
        group({ title: text(), description: longText(), email: text({ format: 'email' }) }),
        { description: 'Offices lacking a title or description are hidden.' },
      ),
    }),
    community: group({
      eyebrow: text(),
      title: text(),
      description: longText(),
      cta: cta('Button'),
    }),
  },
  { title: 'Contact page' },
);

export const error = dictionary(
  'error',
  'error',
  {
    meta: meta(),
    title: text({ required: true }),
    subtitle: longText(),
    cta: cta('Link'),
    redirect: group({
      seconds: count({ min: 0, description: 'Seconds before the automatic redirect (default 5).' }),
      target: url({ description: 'Where the redirect goes. Empty uses the link address, then /.' }),
      message: plural({
        count: 'seconds',
        description:
          'The countdown. Use {seconds} for the remaining seconds; write it once for 1 second and once for other numbers.',
      }),
    }),
  },
  { title: 'Not-found page' },
);
