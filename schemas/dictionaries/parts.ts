/** Building blocks several dictionaries share. Each is a function so every use gets its own node. */
import { group, list, longText, paragraphs, slug, text, url, type Fields } from '../define';

/** Page head (§2.13): every page dictionary has one. */
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
    { title: 'Page head (SEO)', description: 'How the page appears in search and when shared.' },
  );

/** A call-to-action button or link: it appears only when both label and address are given. */
export const cta = (title = 'Call to action') =>
  group(
    {
      label: text({ description: 'Button text.' }),
      url: text({
        format: 'href',
        description: 'A site path such as /publishing (localised automatically) or an https URL.',
      }),
    },
    { title },
  );

export const ctaPair = () =>
  group(
    { primary: cta('Primary button'), secondary: cta('Secondary button') },
    { title: 'Buttons' },
  );

/** Artwork is drawn by the site; it appears only when it has alt text. */
export const illustration = () =>
  group(
    {
      alt: text({
        description: 'Describes the artwork for screen readers. Leave empty to hide the artwork.',
      }),
    },
    { title: 'Illustration' },
  );

export const stats = (withDescription = false) =>
  list(
    withDescription ? 'statCard' : 'stat',
    group({
      label: text(),
      value: text({ description: 'Short figure, e.g. "12" or "3 M".' }),
      ...(withDescription ? { description: longText() } : {}),
    }),
    { description: 'Entries lacking a label or value are hidden.' },
  );

/** Title + description entries: pillars, points, features, steps. */
export const entries = (itemName: string, title?: string) =>
  list(itemName, group({ title: text(), description: longText() }), {
    title,
    description: 'Entries lacking a title or description are hidden.',
  });

export const timeline = () =>
  list('milestone', group({ year: text(), title: text(), description: longText() }), {
    description: 'Entries lacking a year, title or description are hidden.',
  });

export const faqItems = () =>
  list(
    'faqItem',
    group({
      question: text(),
      answer: paragraphs({ description: 'One or more paragraphs.' }),
    }),
    { description: 'Questions without a question or an answer are hidden.' },
  );

/** A titled block of a page with a subtitle and up to two buttons. */
export const ctaBlock = () =>
  group(
    { title: text(), subtitle: longText(), buttons: ctaPair() },
    { title: 'Closing call to action' },
  );

/** Deck sections and support offerings: an optional eyebrow and action link. */
export const offering = (itemName: string) =>
  list(
    itemName,
    group({
      id: slug({ description: 'Anchor name for links to this card, e.g. "market".' }),
      eyebrow: text(),
      title: text(),
      description: longText(),
      action: cta('Action link'),
    }),
    { description: 'Cards lacking a title or description are hidden.' },
  );

/** The opening block of a page: eyebrow, its required title, subtitle, plus page extras. */
export const pageHero = <const F extends Fields>(extra: F) =>
  group({ eyebrow: text(), title: text({ required: true }), subtitle: longText(), ...extra });
