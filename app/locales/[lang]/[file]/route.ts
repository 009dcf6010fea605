import { localesFileParams, localesFileResponse } from '@/web/dictionaries/locales-file';
import { handSiteRenderCheck } from '@/web/render/render-check';

// `next build` runs no instrumentation.ts: an entry that reads dictionaries while it is
// prerendered hands the gate its render check itself (web/dictionaries/site-gate.ts).
handSiteRenderCheck();

// Prerendered at build and revalidated by the publish webhook, like the pages.
export const dynamic = 'force-static';
export const dynamicParams = false;
export const generateStaticParams = localesFileParams;

export async function GET(_request: Request, { params }: RouteContext<'/locales/[lang]/[file]'>) {
  const { lang, file } = await params;
  return localesFileResponse(lang, file);
}
