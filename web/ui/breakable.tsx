/**
 * E-mail addresses and web addresses in running text may wrap after "@" and "/" (with
 * <wbr>), so a long address on a phone moves to the next line at a word boundary instead
 * of being split at an arbitrary letter.
 */
import { Fragment, type ReactNode } from 'react';

const ADDRESS = /\S*[@/]\S*/g;

export function breakable(text: string): ReactNode {
  if (!/[@/]/.test(text)) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    parts.push(text.slice(last, start));
    const pieces = match[0].split(/(?<=[@/])(?=.)/);
    pieces.forEach((piece, index) => {
      parts.push(
        <Fragment key={`${start}-${index}`}>
          {index > 0 && <wbr />}
          {piece}
        </Fragment>,
      );
    });
    last = start + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}
