/**
 * In a preview, a link to another site (a social profile, an external button) opens in a new
 * tab. In the Studio's frame it would replace the preview with a page that refuses to be
 * framed or knows nothing of draft mode, and the editor would have to reload the Presentation
 * tool to get the preview back. Links of this site still navigate in the frame, in draft mode,
 * and a click the edit overlay took (to open a text's field) is left to it.
 */

/** Whether `anchor` leads to another web site than the page's. */
function leadsElsewhere(anchor: HTMLAnchorElement, page: Location): boolean {
  return /^https?:$/.test(anchor.protocol) && anchor.origin !== page.origin;
}

/** Listens on `document`; returns the function that stops listening. */
export function openOtherSitesApart(document: Document): () => void {
  const onClick = (event: MouseEvent) => {
    // Taken by the edit overlay, or a modified click the browser handles as asked.
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const view = document.defaultView;
    if (!view || !leadsElsewhere(anchor, view.location)) return;
    event.preventDefault();
    view.open(anchor.href, '_blank', 'noopener,noreferrer');
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
