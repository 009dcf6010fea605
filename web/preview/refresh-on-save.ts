/**
 * In the Studio's frame, the page renders again as soon as the Studio hears that an edit was
 * saved. Presentation asks the overlay to refresh (./PreviewOverlay.tsx) only once the open
 * document has stayed unchanged for a second, about 1.8 s after the last key; but it passes
 * each mutation the content store's listener reports on to the page at once
 * (`presentation/snapshot-event`), about a second earlier (bench:preview). Such a mutation is
 * saved: a render then reads it. Only the window framing the page (the Studio: previews may be
 * framed by no other) is listened to, and all a message can cause is a render: one for the
 * mutations reported within `COALESCE_MS` (a restore of the whole site reports one per
 * dictionary).
 */

export const COALESCE_MS = 50;

interface SnapshotMessage {
  readonly type?: unknown;
  readonly data?: { readonly event?: { readonly type?: unknown } };
}

/** Listens on `target` (the page's window); returns the function that stops listening. */
export function refreshOnSavedEdits(
  target: EventTarget,
  framer: unknown,
  refresh: () => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onMessage = (event: Event) => {
    const { source, data } = event as MessageEvent<SnapshotMessage | null>;
    if (source !== framer || timer) return;
    if (data?.type !== 'presentation/snapshot-event' || data.data?.event?.type !== 'mutation')
      return;
    timer = setTimeout(() => {
      timer = undefined;
      refresh();
    }, COALESCE_MS);
  };
  target.addEventListener('message', onMessage);
  return () => {
    target.removeEventListener('message', onMessage);
    clearTimeout(timer);
  };
}
