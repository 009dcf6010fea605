/**
 * The site's one SVG sprite: every artwork picture and every social glyph as a `<symbol>`. Pages
 * show them with `<use href="/images/sprite.<hash>.svg#id">`, so a drawing is not repeated in
 * every page's HTML and again in the data React hydrates from (which is where the inline
 * pictures cost up to 11 KB a page), and the browser downloads it once. The file name carries a
 * hash of its content, so it can be cached for a year and a changed drawing is a new file.
 *
 * Colours: artwork paths fill with the section's `--art-*` properties and glyphs with
 * `currentColor`; both are inherited through the `<use>` from the page.
 */
import { ARTWORKS } from '@/schemas/artwork';
import { SOCIAL_PLATFORMS } from '@/schemas/dictionaries/chrome';
import { colourPaths, DRAWINGS } from './artwork-drawings';
import { SOCIAL_GLYPHS } from './social-glyphs';

function symbol(id: string, paths: string): string {
  return `<symbol id="${id}" viewBox="0 0 16 16">${paths}</symbol>`;
}

/** The sprite document, built from the drawings (no copy of them is kept as a file). */
export const SPRITE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg">' +
  ARTWORKS.map((artwork) =>
    symbol(
      artwork,
      colourPaths(DRAWINGS[artwork])
        .map(({ fill, d }) => `<path fill="${fill}" d="${d}"/>`)
        .join(''),
    ),
  ).join('') +
  SOCIAL_PLATFORMS.map((platform) =>
    symbol(
      `social-${platform}`,
      `<path fill="currentColor" fill-rule="evenodd" d="${SOCIAL_GLYPHS[platform]}"/>`,
    ),
  ).join('') +
  '</svg>';

/** FNV-1a, 32 bits: enough to tell one sprite from the next, and it runs anywhere. */
function contentHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export const SPRITE_FILE = `sprite.${contentHash(SPRITE_SVG)}.svg`;

/** Where the sprite is served (`app/images/[file]/route.ts`). */
export const SPRITE_DIRECTORY = '/images/';

export type SpriteSymbol =
  (typeof ARTWORKS)[number] | `social-${(typeof SOCIAL_PLATFORMS)[number]}`;

export function spriteHref(id: SpriteSymbol): string {
  return `${SPRITE_DIRECTORY}${SPRITE_FILE}#${id}`;
}
