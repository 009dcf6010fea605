'use client';
/** Renders a framed preview again when the Studio reports a saved edit (./refresh-on-save.ts). */
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { refreshOnSavedEdits } from './refresh-on-save';

export default function RefreshOnSave() {
  const router = useRouter();
  useEffect(() => {
    if (window.parent === window) return;
    return refreshOnSavedEdits(window, window.parent, () => router.refresh());
  }, [router]);
  return null;
}
