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
    hero: group(
      {
        eyebrow: text({ description: 'Small label above the page title.' }),
        title: text({ required: true, description: 'The page title (the main heading).' }),
        description: longText({ description: 'The text under the page title.' }),
      },
      { title: 'Opening block', description: 'The top of the page.' },
    ),
    pillars: entries('pillar', 'Pillars'),
    closing: group(
      {
        title: text({ required: true, description: 'Heading of the closing block.' }),
        description: longText({ description: 'The text under it.' }),
      },
      { title: 'Closing block', description: 'The block at the end of the page.' },
    ),
  },
  { title: 'Manifesto page' },
);

export const about = dictionary(
  'about',
  'pages',
  {
    meta: meta(),
    hero: group(
      {
        eyebrow: text({ description: 'Small label above the page title.' }),
        title: text({ required: true, description: 'The page title (the main heading).' }),
        highlight: text({ description: 'Highlighted words after the title.' }),
        subtitle: longText({ description: 'The sentence or two under the title.' }),
        stats: stats(true),
      },
      { title: 'Opening block', description: 'The top of the page: title, text and key figures.' },
    ),
    vision: group(
      {
        title: text({ description: 'Heading of the vision card.' }),
        description: longText({ description: 'Text of the vision card.' }),
      },
      { description: 'A card beside the mission; shows with a heading and a text.' },
    ),
    mission: group(
      {
        title: text({ description: 'Heading of the mission card.' }),
        description: longText({ description: 'Text of the mission card.' }),
      },
      { description: 'A card beside the vision; shows with a heading and a text.' },
    ),
    origin: group(
      {
        title: text({ description: 'Heading of the story.' }),
        paragraphs: paragraphs({ description: 'The story, one paragraph per entry.' }),
      },
      { title: 'Origin story', description: 'How RG began; shows when it has a paragraph.' },
    ),
    pillars: group(
      {
        title: text({ description: 'Heading above the cards.' }),
        items: entries('aboutPillar'),
      },
      { description: 'What RG stands for, as cards; shows with a heading and a card.' },
    ),
    timeline: group(
      { title: text({ description: 'Heading above the timeline.' }), items: timeline() },
      { description: 'RG over the years; shows with a heading and a milestone.' },
    ),
  },
  { title: 'About page' },
);

export const contributions = dictionary(
  'contributions',
  'pages',
  {
    meta: meta(),
    hero: group(
      {
        badge: text({ description: 'Small badge above the page title, e.g. "We are hiring".' }),
        title: text({ required: true, description: 'The page title (the main heading).' }),
        subtitle: longText({ description: 'The sentence or two under the title.' }),
      },
      { title: 'Opening block', description: 'The top of the page.' },
    ),
    culture: group(
      { title: text({ description: 'Heading above the cards.' }), points: entries('culturePoint') },
      { description: 'How RG works, as cards; shows with a heading and a card.' },
    ),
    openings: group(
      {
        title: text({ description: 'Heading of the open positions.' }),
        emptyState: longText({ description: 'Shown when no complete position is listed.' }),
        defaultApplyLabel: text({ required: true, description: 'Button text, e.g. "Apply".' }),
        positions: list(
          'position',
          group({
            title: text({ description: 'The role, e.g. "Game designer".' }),
            location: text({ description: 'Where, e.g. "Remote" or "Istanbul".' }),
            type: text({ description: 'e.g. Full-time, Freelance.' }),
            description: longText({ description: 'What the role is about.' }),
            applyUrl: text({ format: 'href', description: 'https URL or mailto: address.' }),
            applyLabel: text({ description: 'Empty uses the default apply label.' }),
          }),
          { description: 'Positions lacking a title, location, type or description are hidden.' },
        ),
      },
      { title: 'Open positions', description: 'The list of jobs, or the empty-state text.' },
    ),
    perks: group(
      { title: text({ description: 'Heading above the cards.' }), items: entries('perk') },
      { description: 'What working at RG offers, as cards; shows with a heading and a card.' },
    ),
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
    contacts: group(
      {
        title: text({ description: 'Heading above the press contacts.' }),
        items: list(
          'pressContact',
          group({
            label: text({ description: 'Who to write to, e.g. "Press enquiries".' }),
            email: text({ format: 'email', description: 'The e-mail address.' }),
          }),
          { description: 'Contacts lacking a label or e-mail are hidden.' },
        ),
      },
      {
        title: 'Press contacts',
        description: 'Also in the press kit download. Shows with a heading and a contact.',
      },
    ),
    faq: group(
      { title: text({ description: 'Heading above the questions.' }), items: faqItems() },
      { title: 'Questions', description: 'Press questions; shows with a heading and a question.' },
    ),
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
    overview: group(
      { title: text({ description: 'Heading above the cards.' }), items: entries('overviewItem') },
      { description: 'RG at a glance, as cards; shows with a heading and a card.' },
    ),
    deck: group(
      {
        title: text({ description: 'Heading above the deck cards.' }),
        sections: offering('deckSection'),
      },
      {
        title: 'Pitch deck',
        description: 'The pitch, card by card; shows with a heading and a card.',
      },
    ),
    traction: group(
      { title: text({ description: 'Heading above the timeline.' }), milestones: timeline() },
      { description: 'Progress so far, as a timeline; shows with a heading and a milestone.' },
    ),
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
    services: group(
      { title: text({ description: 'Heading above the cards.' }), items: entries('service') },
      { description: 'What RG does for a game, as cards; shows with a heading and a card.' },
    ),
    support: group(
      {
        title: text({ description: 'Heading above the cards.' }),
        items: offering('supportOffering'),
      },
      { description: 'Kinds of support, as cards; shows with a heading and a card.' },
    ),
    process: group(
      {
        title: text({ description: 'Heading above the steps.' }),
        steps: entries('processStep', 'Steps'),
      },
      { description: 'How working together goes, step by step; shows with a heading and a step.' },
    ),
    faq: group(
      { title: text({ description: 'Heading above the questions.' }), items: faqItems() },
      { title: 'Questions', description: 'Shows with a heading and a question.' },
    ),
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
    faq: group(
      { title: text({ description: 'Heading above the questions.' }), items: faqItems() },
      { title: 'Questions', description: 'Shows with a heading and a question.' },
    ),
  },
  { title: 'FAQ page' },
);

export const contact = dictionary(
  'contact',
  'pages',
  {
    meta: meta(),
    hero: pageHero({ buttons: ctaPair() }),
    offices: group(
      {
        title: text({ description: 'Heading above the offices.' }),
        items: list(
          'office',
          group({
            title: text({ description: 'Name of the office or team.' }),
            description: longText({ description: 'Address or what to write about.' }),
            email: text({ format: 'email', description: 'Its e-mail address (optional).' }),
          }),
          { description: 'Offices lacking a title or description are hidden.' },
        ),
      },
      { description: 'Ways to reach RG, as cards; shows with an office.' },
    ),
    community: group(
      {
        eyebrow: text({ description: 'Small label above the heading.' }),
        title: text({ description: 'Heading; empty hides the block.' }),
        description: longText({ description: 'The text under the heading.' }),
        cta: cta('Button'),
      },
      { title: 'Community block', description: 'An invitation to the community chat.' },
    ),
  },
  { title: 'Contact page' },
);

export const error = dictionary(
  'error',
  'error',
  {
    meta: meta(),
    title: text({ required: true, description: 'The heading of the not-found page.' }),
    subtitle: longText({ description: 'The text under the heading.' }),
    cta: cta('Link', 'The link back; also where the redirect goes when no target is set.'),
    redirect: group(
      {
        seconds: count({
          min: 0,
          description: 'Seconds before the automatic redirect (default 5).',
        }),
        target: url({
          description: 'Where the redirect goes. Empty uses the link address, then /.',
        }),
        message: plural({
          count: 'seconds',
          description:
            'The countdown. Use {seconds} for the remaining seconds; write it once for 1 second and once for other numbers.',
        }),
      },
      {
        title: 'Automatic redirect',
        description: 'The not-found page sends visitors on after a countdown.',
      },
    ),
  },
  { title: 'Not-found page' },
);
