/**
 * Page heads and UI context for the routes: from the published dictionaries, or in a
 * preview from the drafts (heads without edit info, and never indexed).
 */
import 'server-only';
import type { Metadata } from 'next';
import type { Language } from '@/schemas/languages';
import { normaliseErrorPage } from '@/web/pages/models';
import { presentText } from '@/web/ui/presence';
import { SITE_PAGES, type SitePage } from '@/schemas/site';
import { loadDictionary } from '../i18n/dictionaries';
import { loadHeadDictionary, loadPageDictionary, previewState } from '../preview/content';
import type { UiContext } from '../ui/context';
import { buildMetadata, serializeJsonLd, structuredData } from './metadata';
import { siteUrl } from './settings';
import { NOT_FOUND_IMAGE, SOCIAL_IMAGE, socialImage, socialImagePath } from './social-image';

const generatedImage = (language: Language, slug: string | null) => ({
  url: socialImagePath(language, slug),
  width: SOCIAL_IMAGE.width,
  height: SOCIAL_IMAGE.height,
});

export async function pageUi(language: Language): Promise<UiContext> {
  const common = await loadPageDictionary(language, 'common');
  return { language, labels: common.labels };
}

/** A preview is for the editor alone: search engines must never index it. */
async function unlessPreview(metadata: Metadata): Promise<Metadata> {
  return (await previewState()) ? { ...metadata, robots: 'noindex, nofollow' } : metadata;
}

export async function pageMetadata(language: Language, page: SitePage): Promise<Metadata> {
  const [dictionary, common] = await Promise.all([
    loadHeadDictionary(language, page.namespace),
    loadHeadDictionary(language, 'common'),
  ]);
  const { meta } = dictionary as { meta: Parameters<typeof buildMetadata>[0]['meta'] };
  return unlessPreview(
    buildMetadata({
      meta,
      common,
      language,
      slug: page.slug,
      siteUrl: siteUrl(),
      socialImage: generatedImage(language, page.slug),
    }),
  );
}

export async function languageMetadata(language: Language): Promise<Metadata> {
  const [error, common] = await Promise.all([
    loadHeadDictionary(language, 'error'),
    loadHeadDictionary(language, 'common'),
  ]);
  return unlessPreview(
    buildMetadata({
      meta: error.meta,
      common,
      language,
      slug: null,
      siteUrl: siteUrl(),
      socialImage: generatedImage(language, null),
    }),
  );
}

/** The generated link-preview image named `name` (a page's slug, `home` or `not-found`). */
export async function socialImageFor(language: Language, name: string) {
  const page = SITE_PAGES.find((candidate) => (candidate.slug || 'home') === name);
  const namespace = name === NOT_FOUND_IMAGE || !page ? 'error' : page.namespace;
  const [dictionary, common, layout] = await Promise.all([
    loadDictionary(language, namespace),
    loadDictionary(language, 'common'),
    loadDictionary(language, 'layout'),
  ]);
  const { meta } = dictionary as { meta: { title?: string } };
  const siteName = presentText(common.appName) ?? presentText(common.brandName) ?? '';
  return socialImage({
    title: presentText(meta.title) ?? siteName,
    siteName,
    wordmark: presentText(layout.brand.wordmark) ?? 'RG',
    host: new URL(siteUrl()).host,
  });
}

export async function notFoundModel(language: Language) {
  return normaliseErrorPage(await loadPageDictionary(language, 'error'));
}

export async function JsonLd({ language, page }: { language: Language; page: SitePage }) {
  const [dictionary, common] = await Promise.all([
    loadHeadDictionary(language, page.namespace),
    loadHeadDictionary(language, 'common'),
  ]);
  const { meta } = dictionary as { meta: Parameters<typeof buildMetadata>[0]['meta'] };
  const data = structuredData({
    meta,
    common,
    language,
    slug: page.slug,
    siteUrl: siteUrl(),
  });
  if (data.length === 0) return null;
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
