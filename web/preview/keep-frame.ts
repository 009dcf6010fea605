/**
 * Links in the Studio's frame. A link to another site (a social profile, an external button) opens in a new
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

/**
 * In the Studio's edit mode a click on a text opens its field, the menu's links included:
 * Alt (Option on a Mac) + click follows a link instead. Sanity's overlay means that key
 * ("hold Alt to use the page"), but only hears it with the keyboard in the frame, which a
 * click to edit has just moved to the Studio. Listened to on the window in the capture
 * phase, ahead of the overlay, which then never sees the click (nor the press that could
 * start dragging a menu item).
 */
export function followLinksOnAltClick(view: Window): () => void {
  const onPointer = (event: MouseEvent) => {
    if (!event.altKey || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey)
      return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    event.stopImmediatePropagation();
    // The browser's own Alt + click downloads the link.
    event.preventDefault();
    if (event.type !== 'click') return;
    if (leadsElsewhere(anchor, view.location))
      view.open(anchor.href, '_blank', 'noopener,noreferrer');
    else view.location.assign(anchor.href);
  };
  for (const type of ['mousedown', 'click'] as const)
    view.addEventListener(type, onPointer, { capture: true });
  return () => {
    for (const type of ['mousedown', 'click'] as const)
      view.removeEventListener(type, onPointer, { capture: true });
  };
}
