/** Route parameters and lookups derived from SITE_PAGES and LANGUAGES. */
import { notFound } from 'next/navigation';
import { LANGUAGES, isLanguage, type Language } from '@/schemas/languages';
import { SITE_PAGES, type SitePageEntry } from '@/schemas/site';

export const languageParams = () => LANGUAGES.map((lang) => ({ lang }));

export const pageParams = () =>
  LANGUAGES.flatMap((lang) =>
    SITE_PAGES.map((page) => ({ lang, slug: page.slug ? [page.slug] : [] })),
  );

/** The language of a route, or the not-found page. */
export function assertLanguage(value: string): Language {
  if (!isLanguage(value)) notFound();
  return value;
}

/** The page at a slug, or the not-found page. */
export function findPage(slug: readonly string[] | undefined): SitePageEntry {
  const joined = (slug ?? []).join('/');
  return SITE_PAGES.find((candidate) => candidate.slug === joined) ?? notFound();
}
