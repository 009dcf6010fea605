/**
 * Every page in every language names a link-preview image (og:image and twitter:image)
 * that the site serves: 200, image/png, 1200×630.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { baseUrl } from './browser';

const SITE = 'https://rggames.example';

const paths = [
  ...LANGUAGES.flatMap((language) =>
    SITE_PAGES.map((page) => `/${language}${page.slug ? `/${page.slug}` : ''}`),
  ),
  ...SITE_PAGES.map((page) => `/${page.slug}`),
  '/de/gibt-es-nicht',
];

function metaContent(html: string, attribute: 'property' | 'name', key: string): string[] {
  const pattern = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, 'g');
  return Array.from(html.matchAll(pattern), (match) => match[1]!.replace(/&amp;/g, '&'));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect(Array.from(bytes.slice(1, 4)), 'PNG signature').toEqual([0x50, 0x4e, 0x47]);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('link-preview image', () => {
  it.each(paths)('%s', async (path) => {
    const html = await (await fetch(baseUrl() + path)).text();
    const [image] = metaContent(html, 'property', 'og:image');
    expect(image, 'og:image').toMatch(new RegExp(`^${SITE}/og/(en|de|tr)/[a-z-]+\\.png$`));
    expect(metaContent(html, 'name', 'twitter:image')).toEqual([image]);
    expect(metaContent(html, 'property', 'og:image:width')).toEqual(['1200']);
    expect(metaContent(html, 'property', 'og:image:height')).toEqual(['630']);
    const language = path.split('/')[1];
    if (language === 'de' || language === 'tr') expect(image).toContain(`/og/${language}/`);
    const response = await fetch(image!.replace(SITE, baseUrl()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({
      width: 1200,
      height: 630,
    });
  });
});
