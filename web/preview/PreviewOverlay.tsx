'use client';
/**
 * Click to edit and live updates in a preview, with Sanity's own overlay
 * (`@sanity/visual-editing` through next-sanity). It decodes the edit info each text
 * carries: inside the Studio's Presentation tool a click opens that field; opened on its
 * own, the page shows "Open in Studio" links. Loaded only in draft mode, and lazily
 * (./VisualEditing.tsx), so visitors' pages never load it.
 *
 * When the Studio reports an edit of the document it shows, the page re-renders on the
 * server (`router.refresh()`), which reads the draft again; so does a discarded draft, a
 * publish and a restore (./follow-changes.ts). Each outline names its field
 * (./field-label.tsx), and links to other sites open in a new tab (./keep-frame.ts). Alt +
 * click follows a link instead of editing its text: the overlay leaves modified clicks to the
 * page (studio/browser/presentation.test.ts checks it).
 */
import { VisualEditing } from 'next-sanity/visual-editing/client-component';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect } from 'react';
import { fieldLabelPlugin } from './field-label';
import { followStudioChanges } from './follow-changes';
import { openOtherSitesApart } from './keep-frame';

const PLUGINS = [fieldLabelPlugin];

export default function PreviewOverlay() {
  const router = useRouter();
  const refresh = useCallback(() => {
    router.refresh();
    // router.refresh() does not say when it is done; the Studio only shows a spinner meanwhile.
    return new Promise<void>((resolve) => setTimeout(resolve, 500));
  }, [router]);
  useEffect(() => openOtherSitesApart(document), []);
  useEffect(() => followStudioChanges(window, () => router.refresh()), [router]);
  return <VisualEditing refresh={refresh} plugins={PLUGINS} />;
}
