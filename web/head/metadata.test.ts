import { describe, expect, it } from 'vitest';
import { buildMetadata, pageTitle, serializeJsonLd, structuredData } from './metadata';

const common = { appName: 'RG Games', brandName: 'RG' };
const meta = { title: 'Über uns', description: 'Wer wir sind', keywords: ['Spiele', 'Verlag'] };

describe('page head', () => {
  it('titles the page "{page title} | {app name}", falling back to the brand name', () => {
    expect(pageTitle(meta, common)).toBe('Über uns | RG Games');
    expect(pageTitle(meta, { appName: ' ', brandName: 'RG' })).toBe('Über uns | RG');
  });

  it('joins keywords, maps the locale and links every language with absolute URLs', () => {
    const head = buildMetadata({
      meta,
      common,
      language: 'de',
      slug: 'about',
      siteUrl: 'https://rggames.example',
    });
    expect(head.keywords).toBe('Spiele, Verlag');
    expect(head.robots).toBe('index, follow');
    expect(head.alternates?.canonical).toBe('https://rggames.example/de/about');
    expect(head.alternates?.languages).toEqual({
      en: 'https://rggames.example/about',
      de: 'https://rggames.example/de/about',
      tr: 'https://rggames.example/tr/about',
      'x-default': 'https://rggames.example/about',
    });
    expect(head.openGraph).toMatchObject({
      locale: 'de_DE',
      alternateLocale: ['en_US', 'tr_TR'],
      type: 'website',
      siteName: 'RG Games',
    });
    expect(head.twitter).toMatchObject({ card: 'summary_large_image' });
  });

  it('names the generated preview image, or the editor’s own image instead', () => {
    const options = {
      common,
      language: 'de' as const,
      slug: 'about',
      siteUrl: 'https://rggames.example',
      socialImage: { url: '/og/de/about.png', width: 1200, height: 630 },
    };
    const generated = buildMetadata({ ...options, meta });
    const image = {
      url: 'https://rggames.example/og/de/about.png',
      width: 1200,
      height: 630,
      alt: 'Über uns | RG Games',
    };
    expect(generated.openGraph?.images).toEqual([image]);
    expect(generated.twitter?.images).toEqual([image]);
    const edited = buildMetadata({ ...options, meta: { ...meta, image: '/press/cover.png' } });
    expect(edited.openGraph?.images).toEqual([
      { url: 'https://rggames.example/press/cover.png', alt: 'Über uns | RG Games' },
    ]);
  });

  it('points English at the unprefixed canonical URL', () => {
    const head = buildMetadata({
      meta,
      common,
      language: 'en',
      slug: '',
      siteUrl: 'https://rggames.example',
    });
    expect(head.alternates?.canonical).toBe('https://rggames.example');
  });
});

describe('JSON-LD', () => {
  it('cannot be broken out of with </script>', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script> & more' });
    expect(json).not.toContain('</script>');
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script> & more' });
  });

  it('describes the organisation and website on the home page, plus the page’s own data', () => {
    const data = structuredData({
      meta: {
        title: 'Home',
        structuredData: '{"@type":"VideoGame","name":"Quarantine Chronicles"}',
      },
      common,
      language: 'tr',
      slug: '',
      siteUrl: 'https://rggames.example',
    });
    expect(data.map((d) => (d as { '@type': string })['@type'])).toEqual([
      'Organization',
      'WebSite',
      'VideoGame',
    ]);
  });
});
