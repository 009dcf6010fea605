import type { Metadata } from 'next';
import { pageSource } from '@/web/preview/page-dictionaries';
import { pageMetadata } from '@/web/head/head';
import { assertLanguage, findPage, pageParams } from '@/web/site/page-params';
import { SitePageView } from '@/web/render/site-page';

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
  return (
    <SitePageView
      language={assertLanguage(lang)}
      page={findPage(slug)}
      source={await pageSource()}
    />
  );
}
