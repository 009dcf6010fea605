/**
 * A whole page as the routes render it (header, body, footer, structured data), from a page
 * source. The routes give it the live dictionaries; the content gate's render check a
 * version it has not let through yet. Its head comes from web/head/page-head.tsx.
 */
import type { Language } from '@/schemas/languages';
import type { SitePageEntry } from '@/schemas/site';
import { SiteShell } from '@/web/chrome/SiteShell';
import { NotFoundPage } from '@/web/pages/NotFoundPage';
import { normaliseErrorPage } from '@/web/pages/page-models';
import { renderPage } from '@/web/pages/registry';
import type { UiContext } from '../ui/context';
import { JsonLd, notFoundTitle, StatusPageTitle } from '../head/page-head';
import type { LoadDictionary, PageSource } from '../site/page-source';

export async function pageUi(language: Language, load: LoadDictionary): Promise<UiContext> {
  const common = await load(language, 'common');
  return { language, labels: common.labels };
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
      <StatusPageTitle title={await notFoundTitle(language, source.head)} />
      <NotFoundPage model={model} language={language} />
    </SiteShell>
  );
}
