/**
 * Decorative pixel artwork drawn as inline SVG: no image files to download. Shown only
 * with alt text; the alt text is the artwork's accessible name (in a preview without its
 * edit info: an attribute carries nothing hidden).
 */
import { plainText } from '../preview/plain-text';

// Each map is a 16×16 grid: '.' empty, other letters pick a colour from PALETTE.
const ART = {
  city: [
    '................',
    '...aaaaaa.......',
    '...abbabba..ccc.',
    '...aaaaaa...cdc.',
    '...abbabba..ccc.',
    '...aaaaaa...cdc.',
    '...abaabba..ccc.',
    '...aaaaaa...cdc.',
    '.eeabbaaba..ccc.',
    '.efaaaaaaa..cdc.',
    '.eeabbabba..ccc.',
    '.efaaaaaaa..cdc.',
    '.eeabaabba..ccc.',
    '.efaaagaaa..ccc.',
    '.eeaaagaaa..ccc.',
    'hhhhhhhhhhhhhhhh',
  ],
  controller: [
    '................',
    '................',
    '................',
    '....aaaaaaaa....',
    '..aaaaaaaaaaaa..',
    '.aaabaaaaaacaaa.',
    '.aabbbaaaadadaa.',
    '.aaabaaaaaacaaa.',
    '.aaaaaaeeaaaaaa.',
    '.aaaaaaaaaaaaaa.',
    '.aaaa......aaaa.',
    '..aa........aa..',
    '................',
    '......f..f......',
    '.....f....f.....',
    '................',
  ],
  chat: [
    '................',
    '..aaaaaaaaaaa...',
    '.aaaaaaaaaaaaa..',
    '.aabbaabbaabbaa.',
    '.aabbaabbaabbaa.',
    '.aaaaaaaaaaaaa..',
    '..aaaaaaaaaaa...',
    '....aa..........',
    '...a.....ccccccc',
    '........ccccccc.',
    '........cdddddc.',
    '........cdddddc.',
    '........ccccccc.',
    '.............cc.',
    '..............c.',
    '................',
  ],
  envelope: [
    '................',
    '................',
    '..aaaaaaaaaaaa..',
    '..abaaaaaaaaba..',
    '..aabaaaaaabaa..',
    '..aaabaaaabaaa..',
    '..aaaabaabaaaa..',
    '..aaaaabbaaaaa..',
    '..aaaaaaaaaaaa..',
    '..aaaaaaaaaaaa..',
    '..aaaaaaaaaaaa..',
    '..aaaaaaaaaaaa..',
    '................',
    '.......c........',
    '......ccc.......',
    '.......c........',
  ],
  rocket: [
    '.......aa.......',
    '......aaaa......',
    '......abba......',
    '.....aabbaa.....',
    '.....aaaaaa.....',
    '.....aaccaa.....',
    '.....aaccaa.....',
    '.....aaaaaa.....',
    '....daaaaaad....',
    '...ddaaaaaadd...',
    '...dd.aaaa.dd...',
    '.......ee.......',
    '......efe.......',
    '.......e........',
    '.......f........',
    '................',
  ],
} as const;

export type IllustrationKind = keyof typeof ART;

const PALETTE: Record<string, string> = {
  a: 'var(--art-1)',
  b: 'var(--art-2)',
  c: 'var(--art-3)',
  d: 'var(--art-4)',
  e: 'var(--art-5)',
  f: 'var(--art-2)',
  g: 'var(--art-4)',
  h: 'var(--art-3)',
};

export function Illustration({ kind, alt }: { kind: IllustrationKind; alt: string }) {
  const rows = ART[kind];
  return (
    <figure className={`illustration illustration--${kind}`}>
      <svg viewBox="0 0 16 16" role="img" aria-label={plainText(alt)} shapeRendering="crispEdges">
        {rows.flatMap((row, y) =>
          [...row].map((cell, x) =>
            cell === '.' ? null : (
              <rect key={`${x}-${y}`} x={x} y={y} width="1" height="1" fill={PALETTE[cell]} />
            ),
          ),
        )}
      </svg>
    </figure>
  );
}
