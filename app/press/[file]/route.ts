import { notFound } from 'next/navigation';
import { loadDictionary } from '@/web/dictionaries/loader';
import { PRESS_KIT_FILE, pressKitArchive } from '@/web/press/press-kit';
import { handSiteRenderCheck } from '@/web/render/render-check';

// `next build` runs no instrumentation.ts: an entry that reads dictionaries while it is
// prerendered hands the gate its render check itself (web/dictionaries/site-gate.ts).
handSiteRenderCheck();

// Built once at build time from the published dictionaries and the logo files.
export const dynamic = 'force-static';
export const dynamicParams = false;

export const generateStaticParams = () => [{ file: PRESS_KIT_FILE }];

export async function GET(_request: Request, { params }: RouteContext<'/press/[file]'>) {
  if ((await params).file !== PRESS_KIT_FILE) notFound();
  return new Response(await pressKitArchive(loadDictionary), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${PRESS_KIT_FILE}"`,
    },
  });
}
