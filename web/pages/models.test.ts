/** Table-driven tests of the presence rules of §5, one block per rule. */
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '../index';
import { normaliseFooter, normaliseHeader, normaliseHeaderLink } from './chrome';
import { normaliseLegal } from './legal';
import {
  normaliseCtaBlock,
  normaliseEntries,
  normaliseErrorPage,
  normaliseFaqPage,
  normaliseOfferings,
  normalisePositions,
  normaliseTimeline,
} from './pages';
import {
  answerText,
  normaliseFaqItems,
  normaliseManifesto,
  normalisePublisher,
  normaliseStats,
} from './sections';
import { normaliseCta } from './text';

describe('header links', () => {
  it.each([
    [
      { name: 'About', url: '/about', isPrimary: true },
      { name: 'About', url: '/about', isPrimary: true },
    ],
    [{ name: '  ', url: '/about', isPrimary: true }, undefined],
    [{ name: 'About', url: '', isPrimary: true }, undefined],
    [{ name: 'Evil', url: 'javascript:alert(1)', isPrimary: true }, undefined],
    [{ name: 'About', url: '/about', isPrimary: 'yes' }, undefined],
    [{ name: 'About', url: '/about' }, undefined],
    [
      { name: 'About', url: '/about', isPrimary: false, state: 'blinking' },
      { name: 'About', url: '/about', isPrimary: false },
    ],
    [
      { name: 'Soon', url: '/x', isPrimary: false, state: 'disabled' },
      { name: 'Soon', url: '/x', isPrimary: false, state: 'disabled' },
    ],
  ])('%j', (link, expected) => expect(normaliseHeaderLink(link)).toEqual(expected));

  const layout = (links: unknown[]) =>
    ({
      brand: { homeUrl: ' ', wordmark: 'RG', homeLabel: 'Home' },
      header: { navLabel: 'Main', links },
      menu: { open: 'Open', close: 'Close', settings: 'Settings', main: 'Main', more: 'More' },
    }) as DictionaryOf<'layout'>;

  it('is not rendered when no valid link remains', () => {
    expect(normaliseHeader(layout([{ name: '', url: '/a', isPrimary: true }]))).toBeNull();
  });
  it('splits primary and secondary links and falls back to / for a blank home url', () => {
    const header = normaliseHeader(
      layout([
        { name: 'A', url: '/a', isPrimary: true },
        { name: 'B', url: '/b', isPrimary: false },
      ]),
    );
    expect(header?.primary.map((l) => l.name)).toEqual(['A']);
    expect(header?.secondary.map((l) => l.name)).toEqual(['B']);
    expect(header?.homeUrl).toBe('/');
  });
});

describe('footer', () => {
  const section = (header: string, links = [{ name: 'A', url: '/a' }]) => ({ header, links });
  const footer = (overrides: Partial<DictionaryOf<'footer'>> = {}): DictionaryOf<'footer'> => ({
    brand: { name: 'RG Games', homeUrl: '', tagline: 'Tag' },
    sections: [section('One'), section('Two'), section('Three'), section('Four')],
    social: {
      header: 'Follow',
      links: [
        { platform: 'discord', url: 'https://discord.gg/rggames', label: 'Discord' },
        { platform: 'steam', url: ' ' },
      ],
    },
    copyrightTemplate: '© {year} {brand}',
    ...overrides,
  });

  it('shows at most three sections and builds the copyright line', () => {
    const model = normaliseFooter(footer(), 2026);
    expect(model?.sections.map((s) => s.header)).toEqual(['One', 'Two', 'Three']);
    expect(model?.copyright).toBe('© 2026 RG Games');
    // Split where the year goes, so a page can show the visitor's current year.
    expect(model?.copyrightParts).toEqual(['© ', ' RG Games']);
    expect(model?.brand.homeUrl).toBe('/');
  });
  it.each([
    ['blank header', [section(' '), section('Kept')], ['Kept']],
    ['no valid link', [section('Empty', [{ name: 'A', url: ' ' }]), section('Kept')], ['Kept']],
  ])('drops a section with a %s', (_, sections, expected) => {
    expect(normaliseFooter(footer({ sections }), 2026)?.sections.map((s) => s.header)).toEqual(
      expected,
    );
  });
  it('keeps social links only for supported platforms with a url', () => {
    const social = {
      links: [
        { platform: 'discord', url: 'https://discord.gg/rggames' },
        { platform: 'myspace', url: 'https://myspace.example' },
        { platform: 'steam', url: '' },
      ],
    } as DictionaryOf<'footer'>['social'];
    expect(normaliseFooter(footer({ social }), 2026)?.social?.links.map((l) => l.platform)).toEqual(
      ['discord'],
    );
  });
  it.each([
    ['brand name', { brand: { name: ' ' } }],
    ['copyright template', { copyrightTemplate: '' }],
    ['all sections', { sections: [] }],
  ])('is not rendered without the %s', (_, overrides) => {
    expect(normaliseFooter(footer(overrides as Partial<DictionaryOf<'footer'>>), 2026)).toBeNull();
  });
});

describe('call to action', () => {
  it.each([
    [
      { label: 'Go', url: '/go' },
      { label: 'Go', url: '/go' },
    ],
    [{ label: 'Go', url: '' }, undefined],
    [{ label: 'Go', url: 'javascript:alert(1)' }, undefined],
    [{ label: 'Go', url: 'data:text/html,<script>1</script>' }, undefined],
    [
      { label: 'Write', url: 'mailto:hello@rggames.example' },
      { label: 'Write', url: 'mailto:hello@rggames.example' },
    ],
    [{ label: ' ', url: '/go' }, undefined],
    [undefined, undefined],
  ])('%j', (cta, expected) => expect(normaliseCta(cta)).toEqual(expected));

  it('a closing block with no title, subtitle or buttons renders nothing', () => {
    expect(normaliseCtaBlock({ title: ' ', buttons: { primary: { label: 'x' } } })).toBeNull();
    expect(normaliseCtaBlock({ subtitle: 'Only this', buttons: {} })).toEqual({
      subtitle: 'Only this',
      buttons: {},
    });
  });
});

describe('job positions', () => {
  const complete = {
    title: 'Designer',
    location: 'Berlin',
    type: 'Full-time',
    description: 'Make levels',
  };
  it.each([
    [
      'complete, default label',
      { ...complete, applyUrl: 'mailto:jobs@rggames.example' },
      'Apply now',
    ],
    ['own label', { ...complete, applyUrl: '/x', applyLabel: 'Write us' }, 'Write us'],
  ])('%s', (_, position, label) => {
    expect(normalisePositions([position], 'Apply now')[0]?.apply?.label).toBe(label);
  });
  it.each(['title', 'location', 'type', 'description'] as const)(
    'drops a position without %s',
    (key) => {
      expect(normalisePositions([{ ...complete, [key]: ' ' }], 'Apply')).toEqual([]);
    },
  );
  it('falls back to "Apply" when even the default label is blank', () => {
    expect(normalisePositions([{ ...complete, applyUrl: '/x' }], ' ')[0]?.apply?.label).toBe(
      'Apply',
    );
  });
});

describe('FAQ items', () => {
  it.each([
    [{ question: 'Why?', answer: ['Because.'] }, 1],
    [{ question: ' ', answer: ['Because.'] }, 0],
    [{ question: 'Why?', answer: [' ', ''] }, 0],
    [{ question: 'Why?' }, 0],
  ])('%j', (item, count) => expect(normaliseFaqItems([item])).toHaveLength(count));

  it('joins a several-paragraph answer with blank lines', () => {
    const [item] = normaliseFaqItems([{ question: 'Q', answer: ['One.', ' ', 'Two.'] }]);
    expect(answerText(item!)).toBe('One.\n\nTwo.');
  });

  it('the FAQ page renders nothing without hero title, FAQ title or items', () => {
    const page = (
      heroTitle: string,
      faqTitle: string,
      items: { question: string; answer: string[] }[],
    ) =>
      ({
        meta: { title: 'FAQ' },
        hero: { title: heroTitle },
        faq: { title: faqTitle, items },
      }) as DictionaryOf<'faqPage'>;
    const items = [{ question: 'Q', answer: ['A'] }];
    expect(normaliseFaqPage(page('FAQ', 'Questions', items))).not.toBeNull();
    expect(normaliseFaqPage(page(' ', 'Questions', items))).toBeNull();
    expect(normaliseFaqPage(page('FAQ', '', items))).toBeNull();
    expect(normaliseFaqPage(page('FAQ', 'Questions', [{ question: 'Q', answer: [] }]))).toBeNull();
  });
});

describe('stats, cards, timeline', () => {
  it('drops hero stats lacking a label or value', () => {
    expect(
      normaliseStats([
        { label: 'Games', value: '9' },
        { label: 'Fans', value: ' ' },
        { value: '3' },
      ]),
    ).toEqual([{ label: 'Games', value: '9' }]);
  });
  it('drops deck cards lacking a title or description', () => {
    const cards = normaliseOfferings([
      { id: 'market', title: 'Market', description: 'Big', action: { label: 'More', url: '' } },
      { title: 'No description', action: {} },
    ]);
    expect(cards).toEqual([{ id: 'market', title: 'Market', description: 'Big' }]);
  });
  it('drops entries lacking a title or description', () => {
    expect(normaliseEntries([{ title: 'A', description: 'B' }, { title: 'A' }])).toHaveLength(1);
  });
  it('drops timeline entries lacking a year, title or description', () => {
    expect(
      normaliseTimeline([
        { year: '2019', title: 'Founded', description: 'Istanbul' },
        { year: '', title: 'X', description: 'Y' },
        { year: '2020', title: 'X' },
      ]),
    ).toEqual([{ year: '2019', title: 'Founded', description: 'Istanbul' }]);
  });
});

describe('sections', () => {
  it('the manifesto section hides without description text', () => {
    expect(
      normaliseManifesto({ title: 'We believe', description: [' '], cta: {}, illustration: {} }),
    ).toBeNull();
  });
  it.each([
    ['description only', { title: 'Publish', description: ['Text'], cta: {} }, true],
    ['button without url', { title: 'Publish', description: [], cta: { label: 'Talk' } }, true],
    ['neither', { title: 'Publish', description: [], cta: { url: '/x' } }, false],
    ['no title', { title: '', description: ['Text'], cta: {} }, false],
  ])('the publisher section with %s', (_, dict, shown) => {
    const model = normalisePublisher({ ...dict, illustration: {} } as DictionaryOf<'publisher'>);
    expect(model !== null).toBe(shown);
  });
});

describe('legal documents', () => {
  const section = (heading: string, subsections: unknown[] = []) => ({
    heading,
    body: ['Text'],
    items: [],
    ordered: false,
    subsections,
  });
  it('needs a title and a section with a heading', () => {
    const doc = (title: string, sections: unknown[]) =>
      ({ meta: { title }, title, sections }) as DictionaryOf<'privacyPolicy'>;
    expect(normaliseLegal(doc('Privacy', [section('1. Who we are')]))).not.toBeNull();
    expect(normaliseLegal(doc('Privacy', [section(' ')]))).toBeNull();
    expect(normaliseLegal(doc(' ', [section('1.')]))).toBeNull();
  });
  it('keeps subsections nested three levels deep and drops those without a heading', () => {
    const doc = {
      meta: { title: 'T' },
      title: 'T',
      sections: [section('L1', [section('L2', [section('L3'), section('')]), section(' ')])],
    } as DictionaryOf<'privacyPolicy'>;
    const model = normaliseLegal(doc);
    expect(model?.sections[0]?.subsections.map((s) => s.heading)).toEqual(['L2']);
    expect(model?.sections[0]?.subsections[0]?.subsections.map((s) => s.heading)).toEqual(['L3']);
  });
});

describe('error page', () => {
  const page = (redirect: DictionaryOf<'error'>['redirect'], url = '') =>
    ({
      meta: { title: '404' },
      title: 'Lost',
      cta: { label: 'Home', url },
      redirect,
    }) as DictionaryOf<'error'>;
  it.each([
    [{}, 5, '/'],
    [{ seconds: -3 }, 0, '/'],
    [{ seconds: 2, target: '/faq' }, 2, '/faq'],
  ])('%j', (redirect, seconds, target) => {
    expect(normaliseErrorPage(page(redirect)).redirect).toMatchObject({ seconds, target });
  });
  it('falls back to the action url, then the root', () => {
    expect(normaliseErrorPage(page({}, '/contact')).redirect.target).toBe('/contact');
  });
  it('keeps the countdown text in both plural forms, or not at all', () => {
    const both = { message_one: 'in {seconds} second', message_other: 'in {seconds} seconds' };
    expect(normaliseErrorPage(page(both)).redirect.message).toEqual({
      one: 'in {seconds} second',
      other: 'in {seconds} seconds',
    });
    expect(
      normaliseErrorPage(page({ message_other: 'in {seconds} seconds' })).redirect.message,
    ).toBeUndefined();
  });
});
