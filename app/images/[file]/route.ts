import { notFound } from 'next/navigation';
import { SPRITE_FILE, SPRITE_SVG } from '@/web/ui/sprite';

// Built once at build time; its name changes with its content, so it is cached for a year.
export const dynamic = 'force-static';
export const dynamicParams = false;

export const generateStaticParams = () => [{ file: SPRITE_FILE }];

export async function GET(_request: Request, { params }: RouteContext<'/images/[file]'>) {
  if ((await params).file !== SPRITE_FILE) notFound();
  return new Response(SPRITE_SVG, {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
