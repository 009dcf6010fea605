import type { Metadata } from 'next';
import { pageSource } from '@/web/preview/page-dictionaries';
import { languageMetadata } from '@/web/head/head';
import { assertLanguage } from '@/web/site/page-params';
import { NotFoundView } from '@/web/render/site-page';

// The proxy rewrites every unknown path here with status 404 (see proxy.ts and web/edge/routing.ts).
export async function generateMetadata({
  params,
}: PageProps<'/[lang]/page-not-found'>): Promise<Metadata> {
  return languageMetadata(assertLanguage((await params).lang));
}

export default async function PageNotFound({ params }: PageProps<'/[lang]/page-not-found'>) {
  const language = assertLanguage((await params).lang);
  return <NotFoundView language={language} source={await pageSource()} />;
}
