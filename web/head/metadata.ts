/**
 * The page head (title, description, canonical, alternates, link preview), built from a
 * page's `meta` block and the common texts.
 */
import type { Metadata } from 'next';
import type { DictionaryOf } from '@/schemas';
import { LANGUAGES, OG_LOCALES, type Language } from '@/schemas/languages';
import { presentText, presentTexts } from '@/web/ui/presence';
import { pagePath } from '@/schemas/language-paths';

export type PageMeta = DictionaryOf<'home'>['meta'];
type Common = Pick<DictionaryOf<'common'>, 'appName' | 'brandName'>;

/** "{page title} | {app name}", with the brand name when the app name is missing. */
export function pageTitle(meta: PageMeta, common: Common): string {
  const site = presentText(common.appName) ?? presentText(common.brandName) ?? '';
  const title = presentText(meta.title);
  return [title, site].filter(Boolean).join(' | ');
}

function absolute(siteUrl: string, href: string): string {
  return /^https:\/\//.test(href) ? href : `${siteUrl}${href === '/' ? '' : href}` || siteUrl;
}

/** Absolute URLs of a page in every language, plus x-default (= English, unprefixed). */
export function alternateUrls(
  siteUrl: string,
  slug: string,
): Record<Language | 'x-default', string> {
  const urls = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, absolute(siteUrl, pagePath(slug, lang))]),
  );
  return { ...urls, 'x-default': urls.en } as Record<Language | 'x-default', string>;
}

export function buildMetadata(options: {
  meta: PageMeta;
  common: Common;
  language: Language;
  /** The page's slug, or null for pages without an address of their own (not found). */
  slug: string | null;
  siteUrl: string;
  /** The generated link-preview image (a site path), used when the editor set none. */
  socialImage?: { url: string; width: number; height: number };
}): Metadata {
  const { meta, common, language, slug, siteUrl, socialImage } = options;
  const title = pageTitle(meta, common);
  const description = presentText(meta.description);
  const keywords = presentTexts(meta.keywords);
  const editorImage = presentText(meta.image);
  const images = editorImage
    ? [{ url: absolute(siteUrl, editorImage), alt: title }]
    : socialImage
      ? [{ ...socialImage, url: absolute(siteUrl, socialImage.url), alt: title }]
      : undefined;
  const siteName = presentText(common.appName) ?? presentText(common.brandName);
  const alternates = slug === null ? undefined : alternateUrls(siteUrl, slug);
  const canonical = presentText(meta.canonical)
    ? absolute(siteUrl, meta.canonical!.trim())
    : alternates?.[language];
  return {
    metadataBase: new URL(siteUrl),
    title: { absolute: title },
    ...(description && { description }),
    ...(keywords.length > 0 && { keywords: keywords.join(', ') }),
    robots: presentText(meta.robots) ?? (slug === null ? 'noindex, follow' : 'index, follow'),
    ...(alternates && { alternates: { canonical, languages: alternates } }),
    openGraph: {
      type: 'website',
      title,
      ...(siteName && { siteName }),
      ...(description && { description }),
      ...(canonical && { url: canonical }),
      ...(images && { images }),
      locale: OG_LOCALES[language],
      alternateLocale: LANGUAGES.filter((l) => l !== language).map((l) => OG_LOCALES[l]),
    },
    // Next fills X's title and description from the Open Graph ones given above.
    twitter: {
      card: 'summary_large_image',
      ...(images && { images }),
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` are escaped so that
 * no text (e.g. `</script>`) can end the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Structured data of a page: the site's Organization and WebSite on the home page, plus the page's own. */
export function structuredData(options: {
  meta: PageMeta;
  common: Common;
  language: Language;
  slug: string;
  siteUrl: string;
}): object[] {
  const { meta, common, language, slug, siteUrl } = options;
  const own = presentText(meta.structuredData);
  const data: object[] = own ? [JSON.parse(own) as object] : [];
  if (slug === '') {
    const name = presentText(common.brandName) ?? presentText(common.appName) ?? '';
    data.unshift(
      { '@context': 'https://schema.org', '@type': 'Organization', name, url: siteUrl },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: presentText(common.appName) ?? name,
        url: absolute(siteUrl, pagePath('', language)),
        inLanguage: language,
      },
    );
  }
  return data;
}
