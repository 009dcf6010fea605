/**
 * A page's head from a page source: its metadata (title, description, alternates, social
 * tags), the texts of its link-preview image and its structured data (JSON-LD). The routes
 * give it the live dictionaries (./head.tsx); the content gate's render check a version it
 * has not let through yet (web/render/render-check.tsx).
 */
import type { Metadata } from 'next';
import type { Language } from '@/schemas/languages';
import { SITE_PAGES, type SitePage } from '@/schemas/site';
import { presentText } from '@/web/ui/presence';
import type { LoadDictionary } from '../site/page-source';
import { siteUrl } from '../site/site-settings';
import { buildMetadata, pageTitle, serializeJsonLd, structuredData } from './metadata';
import { NOT_FOUND_IMAGE, SOCIAL_IMAGE, socialImagePath } from './social-image';

const generatedImage = (language: Language, slug: string | null) => ({
  url: socialImagePath(language, slug),
  width: SOCIAL_IMAGE.width,
  height: SOCIAL_IMAGE.height,
});

/** The head of a page, or of the not-found page (page null). */
export async function pageHead(
  language: Language,
  page: SitePage | null,
  load: LoadDictionary,
): Promise<Metadata> {
  const [dictionary, common] = await Promise.all([
    load(language, page?.namespace ?? 'error'),
    load(language, 'common'),
  ]);
  const { meta } = dictionary as { meta: Parameters<typeof buildMetadata>[0]['meta'] };
  return buildMetadata({
    meta,
    common,
    language,
    slug: page?.slug ?? null,
    siteUrl: siteUrl(),
    socialImage: generatedImage(language, page?.slug ?? null),
  });
}

/**
 * The title of a page the site answers with status 404 (not found; a newsletter link that does
 * not work). Next renders a page on a 404 request with its not-found head, not the page's
 * generateMetadata (app-render: `errorType: 'not-found'` when the status is 404), and such a
 * render is what visitors get once a publish has expired the page: it had no title. So these
 * pages write their title in the body, where React moves it into the head, and leave it out
 * of their metadata (withoutTitle): one title in every render, prerendered or not.
 */
export function StatusPageTitle({ title }: { title: string }) {
  return <title>{title}</title>;
}

export function withoutTitle({ title: _title, ...metadata }: Metadata): Metadata {
  return metadata;
}

/** The not-found page's title, from the error dictionary's head texts. */
export async function notFoundTitle(language: Language, load: LoadDictionary): Promise<string> {
  const [error, common] = await Promise.all([load(language, 'error'), load(language, 'common')]);
  return pageTitle(error.meta, common);
}

/** The texts of the generated link-preview image named `name` (a slug, `home` or `not-found`). */
export async function socialImageTexts(language: Language, name: string, load: LoadDictionary) {
  const page = SITE_PAGES.find((candidate) => (candidate.slug || 'home') === name);
  const namespace = name === NOT_FOUND_IMAGE || !page ? 'error' : page.namespace;
  const [dictionary, common, layout] = await Promise.all([
    load(language, namespace),
    load(language, 'common'),
    load(language, 'layout'),
  ]);
  const { meta } = dictionary as { meta: { title?: string } };
  const siteName = presentText(common.appName) ?? presentText(common.brandName) ?? '';
  return {
    title: presentText(meta.title) ?? siteName,
    siteName,
    wordmark: presentText(layout.brand.wordmark) ?? 'RG',
    host: new URL(siteUrl()).host,
  };
}

export async function JsonLd({
  language,
  page,
  load,
}: {
  language: Language;
  page: SitePage;
  load: LoadDictionary;
}) {
  const [dictionary, common] = await Promise.all([
    load(language, page.namespace),
    load(language, 'common'),
  ]);
  const { meta } = dictionary as { meta: Parameters<typeof buildMetadata>[0]['meta'] };
  const data = structuredData({ meta, common, language, slug: page.slug, siteUrl: siteUrl() });
  if (data.length === 0) return null;
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
