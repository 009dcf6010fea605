/**
 * A crawler: every page in every language (unprefixed English too, and the not-found
 * page), every link and asset on this site's own origin that a page points at answers
 * 200, and every in-page anchor has its target.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { baseUrl } from './browser';

const SITE = 'https://rggames.example';

const pages = [
  ...SITE_PAGES.map((page) => `/${page.slug}`),
  ...LANGUAGES.flatMap((language) =>
    SITE_PAGES.map((page) => `/${language}${page.slug ? `/${page.slug}` : ''}`),
  ),
  '/no-such-page',
  '/de/gibt-es-nicht',
  '/tr/yok',
];

const decode = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

/** Addresses a page points at: links, scripts, styles, images, icons, preview images. */
function referencesOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\s(?:href|src|action)="([^"]+)"/g))
    found.add(decode(match[1]!));
  for (const match of html.matchAll(/\ssrcset="([^"]+)"/g))
    for (const candidate of decode(match[1]!).split(','))
      found.add(candidate.trim().split(/\s+/)[0]!);
  for (const match of html.matchAll(
    /<meta (?:property|name)="(?:og|twitter):image" content="([^"]+)"/g,
  ))
    found.add(decode(match[1]!));
  // Files a page's scripts load as it runs (chunks named in the RSC payload are loaded on use).
  for (const match of html.matchAll(/"(\/_next\/static\/[^"\\]+)/g)) found.add(match[1]!);
  return [...found];
}

/** On this site: a root-relative path, or an absolute URL on the site's own host. */
function ownPath(reference: string, pagePath: string): string | null {
  if (reference.startsWith(SITE)) return reference.slice(SITE.length) || '/';
  if (reference.startsWith('#')) return `${pagePath}${reference}`;
  if (reference.startsWith('/') && !reference.startsWith('//')) return reference;
  return null;
}

describe('crawler', () => {
  it('every internal link and asset on every page in every language answers 200', async () => {
    const checked = new Map<string, number>();
    const problems: string[] = [];
    const status = async (path: string) => {
      if (!checked.has(path)) {
        const response = await fetch(baseUrl() + path, { redirect: 'manual' });
        await response.arrayBuffer();
        checked.set(path, response.status);
      }
      return checked.get(path)!;
    };
    const cssAssets = new Set<string>();
    for (const page of pages) {
      const response = await fetch(baseUrl() + page);
      const html = await response.text();
      expect(response.status, page).toBe(
        page.includes('no-such') || page.includes('gibt-es') || page.includes('yok') ? 404 : 200,
      );
      for (const reference of referencesOf(html)) {
        const path = ownPath(reference, page);
        if (!path) continue;
        const [address, anchor] = path.split('#');
        if (anchor && address === page && !html.includes(`id="${anchor}"`))
          problems.push(`${page}: #${anchor} has no target`);
        if (address && address !== page) {
          const code = await status(address);
          if (code !== 200) problems.push(`${page} → ${address}: ${code}`);
          if (address.endsWith('.css')) cssAssets.add(address);
        }
      }
    }
    // Fonts and images a stylesheet loads.
    for (const sheet of cssAssets) {
      const css = await (await fetch(baseUrl() + sheet)).text();
      for (const match of css.matchAll(/url\(([^)]+)\)/g)) {
        const url = match[1]!.replace(/["']/g, '');
        if (url.startsWith('data:')) continue;
        const path = new URL(url, baseUrl() + sheet).pathname;
        const code = await status(path);
        if (code !== 200) problems.push(`${sheet} → ${path}: ${code}`);
      }
    }
    expect(problems).toEqual([]);
    // The crawl did reach the press kit, the preview images and the fonts.
    const paths = [...checked.keys()];
    expect(paths).toContain('/press/rg-press-kit.zip');
    expect(paths.some((path) => path.startsWith('/og/tr/'))).toBe(true);
    expect(paths.some((path) => path.endsWith('.woff2'))).toBe(true);
  });

  it('serves the press kit as a ZIP of logos and a fact sheet per language', async () => {
    const response = await fetch(`${baseUrl()}/press/rg-press-kit.zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await response.arrayBuffer());
    const names = Array.from(
      // Names as the archive's headers hold them (each appears in a local and a central header).
      bytes.toString('latin1').matchAll(/rg-press-kit\/[\w/-]+\.(?:svg|png|html)/g),
      (m) => m[0],
    );
    expect(new Set(names)).toEqual(
      new Set([
        'rg-press-kit/logos/icon.svg',
        'rg-press-kit/logos/wordmark.svg',
        'rg-press-kit/logos/wordmark.png',
        ...LANGUAGES.map((language) => `rg-press-kit/fact-sheet-${language}.html`),
      ]),
    );
  });
});
