/** The header and footer presence rules: links and sections missing a required text are dropped. */
import { describe, expect, it } from 'vitest';
import type { DictionaryOf } from '@/schemas';
import {
  normaliseFooter,
  normaliseHeader,
  normaliseHeaderLink,
  type HeaderLinkValue,
} from './chrome-models';

describe('header links', () => {
  it.each<[HeaderLinkValue, HeaderLinkValue | undefined]>([
    [
      { name: 'About', url: '/about', isPrimary: true },
      { name: 'About', url: '/about', isPrimary: true },
    ],
    [{ name: '  ', url: '/about', isPrimary: true }, undefined],
    [{ name: 'About', url: '', isPrimary: true }, undefined],
    [{ name: 'Evil', url: 'javascript:alert(1)', isPrimary: true }, undefined],
    [
      { name: 'Soon', url: '/x', isPrimary: false, state: 'disabled' },
      { name: 'Soon', url: '/x', isPrimary: false, state: 'disabled' },
    ],
  ])('%j', (link, expected) => expect(normaliseHeaderLink(link)).toEqual(expected));

  it('drops a flag or state the dictionary does not allow (copy that bypassed validation)', () => {
    // @ts-expect-error isPrimary is a flag
    expect(normaliseHeaderLink({ name: 'About', url: '/about', isPrimary: 'yes' })).toBeUndefined();
    // @ts-expect-error isPrimary is required
    expect(normaliseHeaderLink({ name: 'About', url: '/about' })).toBeUndefined();
    expect(
      // @ts-expect-error 'blinking' is not a header link state
      normaliseHeaderLink({ name: 'About', url: '/about', isPrimary: false, state: 'blinking' }),
    ).toEqual({ name: 'About', url: '/about', isPrimary: false });
  });

  const layout = (links: HeaderLinkValue[]): DictionaryOf<'layout'> => ({
    brand: { homeUrl: ' ', wordmark: 'RG', homeLabel: 'Home' },
    header: { navLabel: 'Main', links },
    menu: { open: 'Open', close: 'Close', settings: 'Settings', main: 'Main', more: 'More' },
  });

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
    const social: DictionaryOf<'footer'>['social'] = {
      links: [
        { platform: 'discord', url: 'https://discord.gg/rggames' },
        // @ts-expect-error not a supported platform (copy that bypassed validation)
        { platform: 'myspace', url: 'https://myspace.example' },
        { platform: 'steam', url: '' },
      ],
    };
    expect(normaliseFooter(footer({ social }), 2026)?.social?.links.map((l) => l.platform)).toEqual(
      ['discord'],
    );
  });
  it.each<[string, Partial<DictionaryOf<'footer'>>]>([
    ['brand name', { brand: { name: ' ' } }],
    ['copyright template', { copyrightTemplate: '' }],
    ['all sections', { sections: [] }],
  ])('is not rendered without the %s', (_, overrides) => {
    expect(normaliseFooter(footer(overrides), 2026)).toBeNull();
  });
});
