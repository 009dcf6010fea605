'use client';
/** The not-found page's countdown: one tick a second down to 0, then the redirect. */
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { Language } from '@/schemas/languages';
import { fillPlaceholders } from '@/schemas/lookup';
import { pluralText, type PluralForms } from '@/schemas/plural';

export function RedirectCountdown({
  seconds: start,
  target,
  message,
  language,
}: {
  seconds: number;
  /** A localised path of this site. */
  target: string;
  /** Shown in the plural form that fits, {seconds} filled in; without it the redirect still happens. */
  message?: PluralForms | undefined;
  language: Language;
}) {
  const [seconds, setSeconds] = useState(start);
  const router = useRouter();

  useEffect(() => {
    if (seconds <= 0) {
      router.replace(target);
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, router, target]);

  if (!message) return null;
  return (
    <p className="not-found__countdown" role="timer" aria-live="off">
      {fillPlaceholders(pluralText(message, seconds, language), { seconds })}
    </p>
  );
}
