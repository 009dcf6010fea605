import type { Metadata } from 'next';
import { SiteShell } from '@/web/chrome/SiteShell';
import { renderPage } from '@/web/pages/registry';
import { JsonLd, pageMetadata, pageUi } from '@/web/site/head';
import { assertLanguage, findPage, pageParams } from '@/web/site/page-params';

// Unknown paths never get here: the proxy sends them to the not-found page with status 404.
export const dynamicParams = false;
export const generateStaticParams = pageParams;

type Props = PageProps<'/[lang]/[[...slug]]'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { lang, slug } = await params;
  return pageMetadata(assertLanguage(lang), findPage(slug));
}

export default async function Page({ params }: Props) {
  const { lang, slug } = await params;
  const language = assertLanguage(lang);
  const page = findPage(slug);
  return (
    <SiteShell language={language} currentPath={`/${page.slug}`}>
      <JsonLd language={language} page={page} />
      {await renderPage(page.namespace, await pageUi(language))}
    </SiteShell>
  );
}
