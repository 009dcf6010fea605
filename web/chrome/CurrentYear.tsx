'use client';
/**
 * The year in the footer's copyright line. The static page carries the year it was built
 * in; in the browser it shows the visitor's current year, and an open page turns over at
 * midnight on New Year's Eve, so the line is right on 1 January without a rebuild.
 */
import { useSyncExternalStore } from 'react';

/** Milliseconds until just after the next New Year, capped to what setTimeout holds (24.8 days). */
function untilNewYear(): number {
  const now = new Date();
  const next = new Date(now.getFullYear() + 1, 0, 1).getTime() - now.getTime() + 1000;
  return Math.min(next, 2 ** 31 - 1);
}

function subscribe(onChange: () => void): () => void {
  // Re-armed after each wake-up: a later New Year is reached in steps of the cap.
  let timer = setTimeout(function wake() {
    onChange();
    timer = setTimeout(wake, untilNewYear());
  }, untilNewYear());
  return () => clearTimeout(timer);
}

const currentYear = () => new Date().getFullYear();

export function CurrentYear({ buildYear }: { buildYear: number }) {
  return <>{useSyncExternalStore(subscribe, currentYear, () => buildYear)}</>;
}
