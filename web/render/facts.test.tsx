/**
 * Facts written once: one changed fact changes every page that states it, in every language,
 * and no page shows a fact's placeholder as written.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { Namespace } from '@/schemas';
import { withFacts } from '@/schemas/facts';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import type { LoadDictionary, PageSource } from '../site/page-source';
import { renderHtml } from '../site/testing/render-html';
import { SitePageView } from './site-page';

// A marker package that throws outside Next's server bundles; it has no behaviour to keep.
vi.mock('server-only', () => ({}));

const bundled = (language: Language, namespace: Namespace): never =>
  JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as never;

/** Every page's HTML per language, with the bundled copy and these facts filled in. */
async function renderPages(facts: { teamSize: number; foundedYear: number; berlinYear: number }) {
  const load: LoadDictionary = async (language, namespace) =>
    withFacts(namespace, bundled(language, namespace), facts);
  const source: PageSource = { body: load, head: load, preview: null };
  const pages: Record<string, string> = {};
  for (const language of LANGUAGES)
    for (const page of SITE_PAGES)
      pages[`${language} /${page.slug}`] = await renderHtml(
        <SitePageView language={language} page={page} source={source} />,
      );
  return pages;
}

describe('facts written once', () => {
  it(
    'a fact changed once changes every page that states it, in every language',
    { timeout: 60_000 },
    async () => {
      const before = await renderPages({ teamSize: 24, foundedYear: 2019, berlinYear: 2022 });
      const after = await renderPages({ teamSize: 31, foundedYear: 2019, berlinYear: 2022 });
      const stating = Object.keys(before).filter((page) => before[page] !== after[page]);
      // The home page (hero), about, manifesto and pitch state the team size, in each language.
      for (const language of LANGUAGES)
        expect(stating.filter((page) => page.startsWith(language)).sort()).toEqual(
          ['/', '/about', '/manifesto', '/pitch'].map((slug) => `${language} ${slug}`),
        );
      for (const page of stating) {
        expect(after[page], page).toMatch(/\b31\b/);
        // The stat's text is fitted to its glyphs' width: "31" is narrower than "24".
        const same = (html: string) => html.replaceAll('24', '31').replace(/--fit:[\d.]+/g, '');
        expect(same(after[page]!), page).toBe(same(before[page]!));
      }
      for (const [page, html] of Object.entries(after))
        expect(html, page).not.toMatch(/\{(teamSize|foundedYear|berlinYear)\}/);
    },
  );
});
