/**
 * The bar a preview starts with: it says the page shows unpublished changes, switches
 * keys mode on and off, and ends the preview (back to this page as visitors see it).
 * Visitors never get it: it renders only in draft mode.
 */
import type { DictionaryOf } from '@/schemas';

export const DISABLE_PREVIEW_PATH = '/api/draft-mode/disable';

export function PreviewBar({
  texts,
  keys,
  pagePath,
}: {
  texts: DictionaryOf<'common'>['preview'];
  keys: boolean;
  /** This page's public path (`/de/about`), where exiting the preview leads. */
  pagePath: string;
}) {
  return (
    <section className="preview-bar" aria-labelledby="preview-bar-notice">
      <p id="preview-bar-notice" className="preview-bar__notice">
        {texts.notice}
      </p>
      {/* A query alone keeps the page's own path, on every page (the not-found page too). */}
      <a className="preview-bar__link" href={keys ? '?' : '?keys=1'}>
        {keys ? texts.showTexts : texts.showKeys}
      </a>
      <a
        className="preview-bar__link"
        href={`${DISABLE_PREVIEW_PATH}?${new URLSearchParams({ to: pagePath })}`}
      >
        {texts.exit}
      </a>
    </section>
  );
}
