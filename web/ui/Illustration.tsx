/**
 * Decorative pixel artwork: an inline `<svg>` that shows the picture's symbol from the site's
 * sprite (`web/ui/sprite.ts`), so a picture costs one `<use>` in the HTML and in the page's
 * data, and its drawing is downloaded once and cached. The symbol's colours are the section's
 * `--art-*` properties, which the `<use>` passes down; the crisp pixel edges are set in
 * site.css. Shown only with alt text; the alt text is the artwork's accessible name (in a
 * preview without its edit info: an attribute carries nothing hidden).
 */
import type { Artwork } from '@/schemas/artwork';
import { plainText } from '../site/plain-text';
import { spriteHref } from './sprite';

/** A section's picture and the text that describes it. */
export interface Art {
  readonly artwork: Artwork;
  readonly alt: string;
}

export function Illustration({ artwork, alt }: Art) {
  return (
    <figure className={`illustration illustration--${artwork}`}>
      <svg viewBox="0 0 16 16" role="img" aria-label={plainText(alt)}>
        <use href={spriteHref(artwork)} />
      </svg>
    </figure>
  );
}
