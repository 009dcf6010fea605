/** Building blocks several dictionaries share. Each is a function so every use gets its own node. */
import { ARTWORK_TITLES } from '../artwork';
import {
  group,
  list,
  longText,
  namedChoice,
  paragraphs,
  slug,
  text,
  url,
  type Fields,
} from '../define';

/** Page head (title, description, link preview): every page dictionary has one. */
export const meta = () =>
  group(
    {
      title: text({
        required: true,
        description: 'Browser tab and search result title. The site name is added after it.',
      }),
      description: longText({ description: 'Search result and link-preview description.' }),
      keywords: list('keyword', text(), { description: 'Search keywords, joined by commas.' }),
      canonical: url({ description: 'Leave empty: the page address is used.' }),
      robots: text({ description: 'Leave empty for "index, follow".' }),
      image: url({ description: 'Link-preview image (an absolute https URL or a site path).' }),
      structuredData: text({
        format: 'json',
        description: 'Optional JSON-LD object describing this page for search engines.',
      }),
    },
    {
      title: 'Page head',
      description: 'How the page appears in search results (SEO) and when shared.',
    },
  );

/** A call-to-action button or link: it appears only when both label and address are given. */
export const cta = (
  title = 'Call to action',
  description = 'A button; it shows only when it has both a text and an address.',
) =>
  group(
    {
      label: text({ description: 'Button text.' }),
      url: text({
        format: 'href',
        description: 'A site path such as /publishing (localised automatically) or an https URL.',
      }),
    },
    { title, description },
  );

export const ctaPair = () =>
  group(
    {
      primary: cta('Primary button', 'The highlighted button; shows with a text and an address.'),
      secondary: cta(
        'Secondary button',
        'The plain button beside it; shows with a text and an address.',
      ),
    },
    { title: 'Buttons', description: 'Up to two buttons side by side.' },
  );

/** Artwork is drawn by the site; it appears only when it has alt text. */
export const illustration = () =>
  group(
    {
      artwork: namedChoice(ARTWORK_TITLES, {
        description:
          'The picture beside the text. Empty: the picture this section shows by default.',
      }),
      alt: text({
        description:
          'Describes the chosen picture for screen readers; change it when you change the picture. Leave empty to hide the artwork.',
      }),
    },
    {
      title: 'Illustration',
      description: 'The artwork beside the text, drawn by the site.',
    },
  );

export const stats = (withDescription = false) =>
  list(
    withDescription ? 'statCard' : 'stat',
    group({
      label: text({ description: 'What the figure counts, under it, e.g. "Games released".' }),
      value: text({ description: 'Short figure, e.g. "12" or "3 M".' }),
      ...(withDescription
        ? { description: longText({ description: 'A sentence under the label.' }) }
        : {}),
    }),
    {
      title: 'Figures',
      description: 'Key figures in a row. Entries lacking a label or value are hidden.',
    },
  );

/** Title + description entries: pillars, points, features, steps. */
export const entries = (itemName: string, title?: string) =>
  list(
    itemName,
    group({
      title: text({ description: 'Heading of the card.' }),
      description: longText({ description: 'Text of the card, under its heading.' }),
    }),
    { title, description: 'Cards in a grid. Entries lacking a title or description are hidden.' },
  );

export const timeline = () =>
  list(
    'milestone',
    group({
      year: text({ description: 'The date on the timeline, e.g. "2024" or "Spring 2025".' }),
      title: text({ description: 'What happened, as a heading.' }),
      description: longText({ description: 'A sentence or two under the heading.' }),
    }),
    {
      title: 'Milestones',
      description:
        'Shown as a timeline, in this order. Entries lacking a year, title or description are hidden.',
    },
  );

export const faqItems = () =>
  list(
    'faqItem',
    group({
      question: text({ description: 'The question; visitors click it to open the answer.' }),
      answer: paragraphs({ description: 'One or more paragraphs under the question.' }),
    }),
    {
      title: 'Questions',
      description: 'Questions without a question or an answer are hidden.',
    },
  );

/** A titled block of a page with a subtitle and up to two buttons. */
export const ctaBlock = () =>
  group(
    {
      title: text({ description: 'Heading of the closing block.' }),
      subtitle: longText({ description: 'A sentence under the heading.' }),
      buttons: ctaPair(),
    },
    {
      title: 'Closing call to action',
      description: 'The block at the end of the page that invites visitors to act.',
    },
  );

/** Deck sections and support offerings: an optional eyebrow and action link. */
export const offering = (itemName: string) =>
  list(
    itemName,
    group({
      id: slug({ description: 'Anchor name for links to this card, e.g. "market".' }),
      eyebrow: text({ description: 'Small label above the card heading.' }),
      title: text({ description: 'Heading of the card.' }),
      description: longText({ description: 'Text of the card.' }),
      action: cta(
        'Action link',
        'A link at the foot of the card; shows with a text and an address.',
      ),
    }),
    { title: 'Cards', description: 'Cards lacking a title or description are hidden.' },
  );

/** The opening block of a page: eyebrow, its required title, subtitle, plus page extras. */
export const pageHero = <const F extends Fields>(extra: F) =>
  group(
    {
      eyebrow: text({ description: 'Small label above the page title.' }),
      title: text({ required: true, description: 'The page title (the main heading).' }),
      subtitle: longText({ description: 'The sentence or two under the page title.' }),
      ...extra,
    },
    { title: 'Opening block', description: 'The top of the page: title, text and buttons.' },
  );
