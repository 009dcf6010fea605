import { describe, expect, it } from 'vitest';
import { SITE_PAGES } from '@/schemas/site';
import { languageOfPath, pagePath, stripLanguage, withLanguage } from './language-paths';

describe('path helpers', () => {
  // web/client/links.ts writes this rule out to keep pagePath out of the first load.
  it.each(SITE_PAGES.map(({ slug }) => slug))(
    'the English path of page "%s" is / and its slug',
    (slug) => expect(pagePath(slug, 'en')).toBe(`/${slug}`),
  );

  it.each([
    ['/de/faq', 'de'],
    ['/tr', 'tr'],
    ['/faq', 'en'],
    ['/', 'en'],
    ['/deutsch/x', 'en'],
    ['/tr?x=1', 'tr'],
  ])('languageOfPath(%s) = %s', (path, lang) => expect(languageOfPath(path)).toBe(lang));

  it.each([
    ['/de/faq?x=1#a', '/faq?x=1#a'],
    ['/tr', '/'],
    ['/en/', '/'],
    ['/about', '/about'],
    ['/', '/'],
    ['/de#top', '/#top'],
  ])('stripLanguage(%s) = %s', (path, expected) => expect(stripLanguage(path)).toBe(expected));

  it.each([
    ['/about', 'de', '/de/about'],
    ['/', 'tr', '/tr'],
    ['/de/faq?q=1#x', 'tr', '/tr/faq?q=1#x'],
    ['/tr/faq', 'en', '/faq'],
    ['/?ref=mail#newsletter', 'de', '/de?ref=mail#newsletter'],
    ['https://discord.gg/rggames', 'de', 'https://discord.gg/rggames'],
    ['#newsletter', 'de', '#newsletter'],
    ['', 'de', ''],
    ['mailto:press@rggames.example', 'tr', 'mailto:press@rggames.example'],
    // Anything that looks like a path but is not a safe one becomes the language's home.
    ['//evil.example/x', 'de', '/de'],
    ['/\\evil.example', 'de', '/de'],
    ['/\\/evil.example', 'en', '/'],
    ['/\t/evil.example', 'tr', '/tr'],
    ['\\\\evil.example', 'en', '/'],
    [' //evil.example', 'de', '/de'],
    ['/de//evil.example', 'en', '/'],
    ['/press/rg-press-kit.zip', 'de', '/press/rg-press-kit.zip'],
    ['/og/tr/about.png?v=2', 'tr', '/og/tr/about.png?v=2'],
  ] as const)('withLanguage(%s, %s) = %s', (href, lang, expected) =>
    expect(withLanguage(href, lang)).toBe(expected),
  );

  it('builds page paths', () => {
    expect(pagePath('', 'en')).toBe('/');
    expect(pagePath('', 'de')).toBe('/de');
    expect(pagePath('press-kit', 'tr')).toBe('/tr/press-kit');
  });
});
