/**
 * A whole page as the routes render it (header, body, footer, structured data) and its
 * head, from a page source. The routes give it the live dictionaries; the content gate's
 * render check a version it has not let through yet.
 */
import type { Metadata } from 'next';
import type { Language } from '@/schemas/languages';
import { SITE_PAGES, type SitePage, type SitePageEntry } from '@/schemas/site';
import { SiteShell } from '@/web/chrome/SiteShell';
import { NotFoundPage } from '@/web/pages/NotFoundPage';
import { normaliseErrorPage } from '@/web/pages/models';
import { renderPage } from '@/web/pages/registry';
import { presentText } from '@/web/ui/presence';
import type { UiContext } from '../ui/context';
import { buildMetadata, serializeJsonLd, structuredData } from './metadata';
import type { LoadDictionary, PageSource } from './page-source';
import { siteUrl } from './settings';
import { NOT_FOUND_IMAGE, SOCIAL_IMAGE, socialImagePath } from './social-image';

const generatedImage = (language: Language, slug: string | null) => ({
  url: socialImagePath(language, slug),
  width: SOCIAL_IMAGE.width,
  height: SOCIAL_IMAGE.height,
});

export async function pageUi(language: Language, load: LoadDictionary): Promise<UiContext> {
  const common = await load(language, 'common');
  return { language, labels: common.labels };
}

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

async function JsonLd({
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

export async function SitePageView({
  language,
  page,
  source,
}: {
  language: Language;
  page: SitePageEntry;
  source: PageSource;
}) {
  return (
    <SiteShell language={language} currentPath={`/${page.slug}`} source={source}>
      <JsonLd language={language} page={page} load={source.head} />
      {await renderPage(page.namespace, await pageUi(language, source.body), source.body)}
    </SiteShell>
  );
}

export async function NotFoundView({
  language,
  source,
}: {
  language: Language;
  source: PageSource;
}) {
  const model = normaliseErrorPage(await source.body(language, 'error'));
  return (
    <SiteShell language={language} currentPath={null} source={source}>
      <NotFoundPage model={model} language={language} />
    </SiteShell>
  );
}
