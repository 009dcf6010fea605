import { localesFileParams, localesFileResponse } from '@/web/publish/locales-file';

// Prerendered at build and revalidated by the publish webhook, like the pages.
export const dynamic = 'force-static';
export const dynamicParams = false;
export const generateStaticParams = localesFileParams;

export async function GET(_request: Request, { params }: RouteContext<'/locales/[lang]/[file]'>) {
  const { lang, file } = await params;
  return localesFileResponse(lang, file);
}
