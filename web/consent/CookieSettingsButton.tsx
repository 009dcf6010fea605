'use client';
/** Footer control that reopens the consent choice; withdrawing stops analytics. */
import { resetConsent } from './store';

export function CookieSettingsButton({ label }: { label: string }) {
  return (
    <button type="button" className="link-button" onClick={() => resetConsent()}>
      {label}
    </button>
  );
}
