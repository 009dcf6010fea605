import { describe, expect, it } from 'vitest';
import { BRIEF, edgeCachePolicy, NEVER, SHARED, UNTAGGED } from './edge-cache';

const visitor = (pathname: string) => ({
  method: 'GET',
  pathname,
  search: '',
  hasCookie: false,
  rsc: false,
});
const tagsOf = (...namespaces: string[]) => namespaces.map((n) => `dictionary:${n}`);

describe('edgeCachePolicy', () => {
  it('lets a shared cache keep a page a day, tagged with every dictionary it shows', () => {
    expect(edgeCachePolicy(visitor('/de'))).toEqual({
      cacheControl: SHARED,
      tags: tagsOf(
        'common',
        'layout',
        'footer',
        'home',
        'hero',
        'manifesto',
        'publisher',
        'faq',
        'discord',
        'newsletter',
        'privacyPolicy',
        'facts',
      ),
    });
    expect(edgeCachePolicy(visitor('/contact'))?.tags).toEqual(
      tagsOf('common', 'layout', 'footer', 'contact', 'discord', 'privacyPolicy', 'facts'),
    );
    expect(edgeCachePolicy({ ...visitor('/tr/about'), method: 'HEAD' })).toEqual({
      cacheControl: SHARED,
      tags: tagsOf('common', 'layout', 'footer', 'about', 'privacyPolicy', 'facts'),
    });
  });

  it('tags a /locales file with its own dictionary and the facts filled into it', () => {
    expect(edgeCachePolicy(visitor('/locales/tr/hero.json'))).toEqual({
      cacheControl: SHARED,
      tags: tagsOf('hero', 'facts'),
    });
  });

  it('keeps the not-found page (404) only briefly', () => {
    expect(edgeCachePolicy(visitor('/de/nope'))).toEqual({
      cacheControl: BRIEF,
      tags: tagsOf('common', 'layout', 'footer', 'error', 'privacyPolicy', 'facts'),
    });
    for (const file of ['/locales/de/nope.json', '/locales/xx/hero.json'])
      expect(edgeCachePolicy(visitor(file)), file).toEqual({ cacheControl: BRIEF, tags: [] });
  });

  it.each([
    ['a preview (any cookie)', { ...visitor('/de'), hasCookie: true }],
    ['an API answer', visitor('/api/content-status')],
    ['the draft-mode switch', visitor('/api/draft-mode/enable')],
    ['a POST to a page (the one-click unsubscribe)', { ...visitor('/de'), method: 'POST' }],
    ['the link from an e-mail', visitor('/de/newsletter/confirm')],
    ['the page it leads to', visitor('/de/newsletter/confirmed')],
    ['a legacy redirect', visitor('/crazydemagogywars')],
    [
      "the router's request without its cache-busting parameter",
      { ...visitor('/de/about'), rsc: true },
    ],
  ] as const)('never lets a shared cache keep %s', (_name, request) => {
    expect(edgeCachePolicy(request)).toEqual({ cacheControl: NEVER, tags: [] });
  });

  it("keeps the router's data of a page as the page", () => {
    expect(edgeCachePolicy({ ...visitor('/de/about'), rsc: true, search: '?_rsc=1x2' })).toEqual(
      edgeCachePolicy(visitor('/de/about')),
    );
  });

  it("replaces Next's year on other files by minutes; leaves files named by content alone", () => {
    expect(edgeCachePolicy(visitor('/press/rg-press-kit.zip'))).toEqual({
      cacheControl: UNTAGGED,
      tags: [],
    });
    expect(edgeCachePolicy(visitor('/_next/static/chunks/a.js'))).toBeNull();
    expect(edgeCachePolicy(visitor('/images/sprite.0123abcd.svg'))).toBeNull();
  });
});
