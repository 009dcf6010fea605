'use client';
/** Footer control that reopens the consent choice: the banner shows it and its date. */
import { reopenConsent } from './stored-choice';

export function CookieSettingsButton({ label }: { label: string }) {
  return (
    <button type="button" className="link-button" onClick={() => reopenConsent()}>
      {label}
    </button>
  );
}
