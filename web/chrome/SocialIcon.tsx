/**
 * A social platform's glyph from the site's sprite: one `<use>` in the page, no icon font, the
 * drawing downloaded once and cached. Decorative: the link's accessible name comes from the
 * dictionary. Its size is set in site.css, not repeated as attributes in every page.
 */
import type { SocialPlatform } from '@/web/chrome/chrome-models';
import { spriteHref } from '@/web/ui/sprite';

export function SocialIcon({ platform }: { platform: SocialPlatform }) {
  return (
    <svg className="social-icon" aria-hidden="true">
      <use href={spriteHref(`social-${platform}`)} />
    </svg>
  );
}
