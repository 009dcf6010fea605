import { notFound } from 'next/navigation';
import { loadDictionary } from '@/web/publish/dictionaries';
import { PRESS_KIT_FILE, pressKitArchive } from '@/web/press/press-kit';

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
