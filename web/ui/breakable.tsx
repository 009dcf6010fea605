/**
 * E-mail addresses and web addresses in running text may wrap after "@" and "/" (with
 * <wbr>), so a long address on a phone moves to the next line at a word boundary instead
 * of being split at an arbitrary letter.
 */
import type { ReactNode } from 'react';

const ADDRESS = /\S*[@/]\S*/g;

export function breakable(text: string): ReactNode {
  if (!/[@/]/.test(text)) return text;
  // One string between two <wbr>s: a fragment per piece cost some 60 bytes each in the data the
  // page hydrates from, and adjacent strings a comment each in the HTML.
  const parts: ReactNode[] = [];
  let run = '';
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    run += text.slice(last, start);
    match[0].split(/(?<=[@/])(?=.)/).forEach((piece, index) => {
      if (index > 0) {
        parts.push(run, <wbr key={`${start}-${index}`} />);
        run = '';
      }
      run += piece;
    });
    last = start + match[0].length;
  }
  run += text.slice(last);
  return parts.length === 0 ? run : [...parts, run];
}
