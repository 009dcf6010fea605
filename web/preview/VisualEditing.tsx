'use client';
/**
 * Click to edit and live updates in a preview (./PreviewOverlay.tsx, ./RefreshOnSave.tsx),
 * fetched only when a preview renders them. Their modules are imported lazily with React's
 * own `lazy`: imported directly, the overlay's loader (next/dynamic and its helpers, 1.5 KiB
 * of compressed script) would be in every visitor's first load, since the site's client
 * components share one chunk per route (bench:size).
 */
import { lazy, Suspense } from 'react';

const PreviewOverlay = lazy(() => import('./PreviewOverlay'));
const RefreshOnSave = lazy(() => import('./RefreshOnSave'));

export function PreviewEditing() {
  return (
    <Suspense fallback={null}>
      <PreviewOverlay />
      <RefreshOnSave />
    </Suspense>
  );
}
