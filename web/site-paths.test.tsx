/**
 * No renderer emits an address that leaves the site in disguise (`/\evil.example`,
 * `/\/evil.example`, a tab inside a path, `//host`), even when copy reaches it without
 * validation: calls to action, header and footer links, the not-found redirect and its
 * link all go through the one definition of a site path (schemas/site-path.ts).
 */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DictionaryOf, Namespace } from '@/schemas';
import type { Language } from '@/schemas/languages';
import { normaliseFooter, normaliseHeader } from '@/web/chrome/chrome-models';
import { normaliseErrorPage } from '@/web/pages/page-models';
import { hrefKind } from '@/schemas/rules';
import { Footer } from './chrome/Footer';
import { Header } from './chrome/Header';
import { safeTarget } from './pages/NotFoundPage';
import { Cta } from './ui/Cta';
import type { UiContext } from './ui/context';

const HOSTILE = [
  '/\\evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '//evil.example',
  ' //evil.example',
  '\\\\evil.example',
  '/de//evil.example',
  '/..//evil.example',
  '/%0A/evil.example\u200B',
  'javascript:alert(1)',
  'https://evil.example\\@rggames.example',
];

function bundled<N extends Namespace>(language: Language, namespace: N): DictionaryOf<N> {
  return JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8'));
}

/** Every link's href in the markup, with entities decoded (a <style>'s href names no address). */
function hrefs(html: string): string[] {
  return Array.from(html.matchAll(/<(?:a|link)\b[^>]*?\shref="([^"]*)"/g), (match) =>
    match[1]!
      .replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"'),
  );
}

function expectOnlySafeLinks(html: string) {
  const found = hrefs(html);
  expect(found.length).toBeGreaterThan(0);
  for (const href of found) {
    expect(href, href).not.toMatch(/evil/);
    expect(hrefKind(href), href).toBeDefined();
  }
}

const ui = (language: Language): UiContext => ({
  language,
  labels: { skipToContent: 'Skip', opensInNewTab: 'new tab', lastUpdated: 'Updated' },
});

describe.each(HOSTILE)('%j reaches a renderer unvalidated', (url) => {
  it('a call to action renders it as a plain button, not a link', () => {
    const html = renderToStaticMarkup(
      <Cta label="Go" url={url} variant="primary" component="hero" ui={ui('de')} />,
    );
    expect(html).toMatch(/^<button/);
    expect(hrefs(html)).toEqual([]);
  });

  it('header links and the logo link drop it', () => {
    const layout = bundled('de', 'layout');
    layout.brand.homeUrl = url;
    layout.header.links = [{ name: 'Evil', url, isPrimary: true }, ...layout.header.links!];
    const html = renderToStaticMarkup(
      <Header
        model={normaliseHeader(layout)!}
        languages={bundled('de', 'common').languages}
        language="de"
        currentPath="/"
      />,
    );
    expect(html).not.toContain('>Evil<');
    expectOnlySafeLinks(html);
  });

  it('footer links and the brand link drop it', () => {
    const footer = bundled('tr', 'footer');
    footer.brand.homeUrl = url;
    footer.sections![0]!.links!.unshift({ name: 'Evil', url });
    const html = renderToStaticMarkup(
      <Footer
        model={normaliseFooter(footer, 2030)!}
        language="tr"
        wordmark="RG"
        buildYear={2030}
      />,
    );
    expect(html).not.toContain('>Evil<');
    expectOnlySafeLinks(html);
  });

  it('the not-found page redirects and links to the home page instead', () => {
    const error = bundled('en', 'error');
    error.redirect.target = url;
    error.cta.url = url;
    const model = normaliseErrorPage(error);
    expect(safeTarget(model.redirect.target, 'de')).toBe('/de');
    expect(safeTarget(model.cta.url, 'en')).toBe('/');
  });
});

describe('safe paths still work', () => {
  it.each([
    ['/about', 'de', '/de/about'],
    ['/de/faq?x=1#top', 'tr', '/tr/faq?x=1#top'],
    ['/', 'en', '/'],
  ] as const)('safeTarget(%j, %s) = %j', (target, language, expected) =>
    expect(safeTarget(target, language)).toBe(expected),
  );

  it('a call to action with a site path is a localised link', () => {
    const html = renderToStaticMarkup(
      <Cta label="Go" url="/publishing" variant="primary" component="hero" ui={ui('tr')} />,
    );
    expect(hrefs(html)).toEqual(['/tr/publishing']);
  });
});
