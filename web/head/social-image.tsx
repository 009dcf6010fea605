/**
 * The link-preview image of every page in every language (1200×630 PNG): the page title
 * and the brand, set in the site's own font, drawn with next/og at build time. An editor
 * who sets `meta.image` replaces it for that page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ImageResponse } from 'next/og';
import type { Language } from '@/schemas/languages';
import { presentText } from '@/web/ui/presence';
import { SITE_PAGES } from '@/schemas/site';
import { textRuns, textWidthEm, unbreakablePieces, type DisplayWeight } from '../site/text-metrics';

export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** The not-found page has no slug of its own; its image has this name. */
export const NOT_FOUND_IMAGE = 'not-found';

/** File names of the generated images: one per page, plus the not-found page. */
export const SOCIAL_IMAGE_NAMES = [
  ...SITE_PAGES.map((page) => page.slug || 'home'),
  NOT_FOUND_IMAGE,
] as const;

/** The site path of a page's generated image; slug null is the not-found page. */
export function socialImagePath(language: Language, slug: string | null): string {
  return `/og/${language}/${slug === null ? NOT_FOUND_IMAGE : slug || 'home'}.png`;
}

const FONT_DIR = path.join(process.cwd(), 'node_modules', '@fontsource', 'space-grotesk', 'files');

/**
 * Satori reads WOFF, not WOFF2: the static files of the same font. The Latin Extended
 * file (Turkish ş, İ) is a family of its own, listed second: satori falls back per glyph
 * along the family list, not between files of one family.
 */
const FAMILIES = { latin: 'Space Grotesk', 'latin-ext': 'Space Grotesk Extended' } as const;
const SOCIAL_FONT_FAMILY = Object.values(FAMILIES).join(', ');

function fonts() {
  return (['latin', 'latin-ext'] as const).flatMap((subset) =>
    ([500, 700] as const).map((weight) => ({
      name: FAMILIES[subset],
      weight,
      style: 'normal' as const,
      data: readFileSync(path.join(FONT_DIR, `space-grotesk-${subset}-${weight}-normal.woff`)),
    })),
  );
}

const TITLE_WIDTH = 1040;
const TITLE_LINES = 3;
const TITLE_STYLE = { weight: 700, letterSpacing: -0.01 } as const;
const SMALLEST_TITLE = 40;

/** The largest title size (px) at which the longest word fits the width and the whole title fits three lines. */
function titleSize(title: string): number {
  const widest = Math.max(0, ...unbreakablePieces(title).map((p) => textWidthEm(p, TITLE_STYLE)));
  const total = textWidthEm(title, TITLE_STYLE);
  for (let size = 96; size > SMALLEST_TITLE; size -= 4) {
    // Lines are filled greedily; 0.85 leaves room for the space lost at line ends.
    if (widest * size <= TITLE_WIDTH && total * size <= TITLE_WIDTH * TITLE_LINES * 0.85)
      return size;
  }
  return SMALLEST_TITLE;
}

/**
 * What the image can draw of a text: only characters the site's font files have. next/og
 * fetches a font from Google for any other character (and an emoji picture from a CDN,
 * failing the whole image offline), sending the copy to third parties at build time.
 */
function drawable(text: string, weight: DisplayWeight): string {
  return textRuns(text, weight)
    .filter((run) => run.font)
    .map((run) => run.text)
    .join('')
    .trim();
}

/**
 * The title cut to what three lines hold at the smallest size, with an ellipsis: satori's
 * line breaking takes seconds for a text of thousands of characters.
 */
function shortened(title: string): string {
  const room = (TITLE_WIDTH * TITLE_LINES) / SMALLEST_TITLE;
  const characters = [...title];
  if (textWidthEm(title, TITLE_STYLE) <= room) return title;
  let fits = 0;
  let over = characters.length;
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (textWidthEm(`${characters.slice(0, middle).join('')}…`, TITLE_STYLE) <= room) fits = middle;
    else over = middle;
  }
  return `${characters.slice(0, fits).join('').trimEnd()}…`;
}

/** The texts of a link-preview image and the title's size: what the image lays out. */
export function socialImageLayout(texts: {
  title: string;
  siteName: string;
  wordmark: string;
  host: string;
}) {
  const siteName = drawable(texts.siteName, 500);
  const title = shortened(drawable(presentText(texts.title) ?? '', 700) || siteName);
  return {
    title,
    titleSize: titleSize(title),
    siteName,
    wordmark: drawable(texts.wordmark, 700),
    host: drawable(texts.host, 500),
  };
}

export function socialImage({
  title,
  siteName,
  wordmark,
  host,
}: {
  title: string;
  siteName: string;
  wordmark: string;
  /** The site's host name, shown as where the page lives. */
  host: string;
}): ImageResponse {
  const shown = socialImageLayout({ title, siteName, wordmark, host });
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 80px',
        backgroundColor: '#120f24',
        backgroundImage:
          'radial-gradient(circle at 90% 0%, rgba(111, 92, 255, 0.45), rgba(18, 15, 36, 0) 55%), radial-gradient(circle at 0% 100%, rgba(58, 214, 197, 0.22), rgba(18, 15, 36, 0) 45%)',
        color: '#f4f1ff',
        fontFamily: SOCIAL_FONT_FAMILY,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 28 }}>
        <div
          style={{
            display: 'flex',
            backgroundColor: '#c8f560',
            color: '#120f24',
            fontSize: 56,
            fontWeight: 700,
            letterSpacing: 2,
            padding: '2px 18px',
            borderRadius: 10,
            boxShadow: '8px 8px 0 #6f5cff',
          }}
        >
          {shown.wordmark}
        </div>
        <div style={{ display: 'flex', fontSize: 34, fontWeight: 500, color: '#c9c3ea' }}>
          {shown.siteName}
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          fontSize: shown.titleSize,
          fontWeight: 700,
          lineHeight: 1.1,
          letterSpacing: '-0.01em',
          maxWidth: TITLE_WIDTH,
        }}
      >
        {shown.title}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
        <div style={{ display: 'flex', width: 18, height: 18, backgroundColor: '#ff8ab8' }} />
        <div style={{ display: 'flex', width: 18, height: 18, backgroundColor: '#ffd84d' }} />
        <div style={{ display: 'flex', width: 18, height: 18, backgroundColor: '#3ad6c5' }} />
        <div style={{ display: 'flex', fontSize: 30, fontWeight: 500, color: '#c8f560' }}>
          {shown.host}
        </div>
      </div>
    </div>,
    {
      width: SOCIAL_IMAGE.width,
      height: SOCIAL_IMAGE.height,
      fonts: fonts(),
      headers: { 'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400' },
    },
  );
}
