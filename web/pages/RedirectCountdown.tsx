'use client';
/** The not-found page's countdown: one tick a second down to 0, then the redirect. */
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { fillPlaceholders } from '@/schemas/lookup';

export function RedirectCountdown({
  seconds: start,
  target,
  message,
}: {
  seconds: number;
  /** A localised path of this site. */
  target: string;
  /** Shown with {seconds} filled in; without it the redirect still happens. */
  message?: string;
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
      {fillPlaceholders(message, { seconds })}
    </p>
  );
}
