import type { Metadata } from 'next';
import { SiteShell } from '@/web/chrome/SiteShell';
import { NotFoundPage } from '@/web/pages/NotFoundPage';
import { languageMetadata, notFoundModel } from '@/web/site/head';
import { assertLanguage } from '@/web/site/page-params';

// The proxy rewrites every unknown path here with status 404 (see proxy.ts and web/site/routing.ts).
export async function generateMetadata({
  params,
}: PageProps<'/[lang]/page-not-found'>): Promise<Metadata> {
  return languageMetadata(assertLanguage((await params).lang));
}

export default async function PageNotFound({ params }: PageProps<'/[lang]/page-not-found'>) {
  const language = assertLanguage((await params).lang);
  return (
    <SiteShell language={language} currentPath={null}>
      <NotFoundPage model={await notFoundModel(language)} language={language} />
    </SiteShell>
  );
}
