/** Table-driven tests of the presence rules (blank texts are absent, incomplete items dropped). */
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import { normaliseLegal } from '@/web/pages/legal-model';
import {
  normaliseCtaBlock,
  normaliseEntries,
  normaliseErrorPage,
  normaliseFaqPage,
  normaliseOfferings,
  normalisePositions,
  normaliseTimeline,
} from './page-models';
import { normaliseFaqItems, normaliseStats } from '@/web/sections/section-models';
import { normaliseCta } from '@/web/ui/presence';

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
    expect(
      normaliseCtaBlock({ title: ' ', buttons: { primary: { label: 'x' }, secondary: {} } }),
    ).toBeNull();
    expect(
      normaliseCtaBlock({ subtitle: 'Only this', buttons: { primary: {}, secondary: {} } }),
    ).toEqual({
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

  it('keeps the paragraphs of a several-paragraph answer, dropping blank ones', () => {
    const [item] = normaliseFaqItems([{ question: 'Q', answer: ['One.', ' ', 'Two.'] }]);
    expect(item?.answer).toEqual(['One.', 'Two.']);
  });

  it('the FAQ page renders nothing without hero title, FAQ title or items', () => {
    const page = (
      heroTitle: string,
      faqTitle: string,
      items: { question: string; answer: string[] }[],
    ): DictionaryOf<'faqPage'> => ({
      meta: { title: 'FAQ' },
      hero: { title: heroTitle },
      faq: { title: faqTitle, items },
    });
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

describe('legal documents', () => {
  type Section = DictionaryOf<'privacyPolicy'>['sections'][number];
  const section = (heading: string, subsections: Section[] = []): Section => ({
    heading,
    body: ['Text'],
    items: [],
    ordered: false,
    subsections,
  });
  it('needs a title and a section with a heading', () => {
    const doc = (title: string, sections: Section[]): DictionaryOf<'privacyPolicy'> => ({
      meta: { title },
      title,
      sections,
    });
    expect(normaliseLegal(doc('Privacy', [section('1. Who we are')]))).not.toBeNull();
    expect(normaliseLegal(doc('Privacy', [section(' ')]))).toBeNull();
    expect(normaliseLegal(doc(' ', [section('1.')]))).toBeNull();
  });
  it('keeps subsections nested three levels deep and drops those without a heading', () => {
    const doc: DictionaryOf<'privacyPolicy'> = {
      meta: { title: 'T' },
      title: 'T',
      sections: [section('L1', [section('L2', [section('L3'), section('')]), section(' ')])],
    };
    const model = normaliseLegal(doc);
    expect(model?.sections[0]?.subsections.map((s) => s.heading)).toEqual(['L2']);
    expect(model?.sections[0]?.subsections[0]?.subsections.map((s) => s.heading)).toEqual(['L3']);
  });
});

describe('error page', () => {
  const page = (redirect: DictionaryOf<'error'>['redirect'], url = ''): DictionaryOf<'error'> => ({
    meta: { title: '404' },
    title: 'Lost',
    cta: { label: 'Home', url },
    redirect,
  });
  it.each<[DictionaryOf<'error'>['redirect'], number, string]>([
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
