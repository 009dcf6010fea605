import { notFound } from 'next/navigation';
import { LANGUAGES } from '@/schemas/languages';
import { socialImageFor } from '@/web/head/head';
import { assertLanguage } from '@/web/site/page-params';
import { SOCIAL_IMAGE_NAMES } from '@/web/head/social-image';
import { handSiteRenderCheck } from '@/web/render/render-check';

// `next build` runs no instrumentation.ts: an entry that reads dictionaries while it is
// prerendered hands the gate its render check itself (web/dictionaries/site-gate.ts).
handSiteRenderCheck();

// Drawn once at build time: /og/<lang>/<page>.png for every page and language.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return LANGUAGES.flatMap((lang) =>
    SOCIAL_IMAGE_NAMES.map((name) => ({ lang, image: `${name}.png` })),
  );
}

export async function GET(_request: Request, { params }: RouteContext<'/og/[lang]/[image]'>) {
  const { lang, image } = await params;
  const name = image.replace(/\.png$/, '');
  if (!(SOCIAL_IMAGE_NAMES as readonly string[]).includes(name)) notFound();
  return socialImageFor(assertLanguage(lang), name);
}
