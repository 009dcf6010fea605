/**
 * The pixel pictures: each a 16×16 grid of colour letters, drawn as one path per colour (runs
 * of a row merged into rectangles). Pure data and geometry, shared by the sprite the pages
 * reference and by the tests.
 */
import type { Artwork } from '@/schemas/artwork';

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
  question: [
    '................',
    '.....aaaaaa.....',
    '....aaaaaaaa....',
    '...aaa....aaa...',
    '...aa......aa...',
    '...........aa...',
    '..........aaa...',
    '.........aaa....',
    '........aaa.....',
    '.......aaa......',
    '.......aa.......',
    '.......aa.......',
    '................',
    '.......bb.......',
    '.......bb.......',
    '.c.c.c.c.c.c.c.c',
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
} as const satisfies Record<Artwork, readonly string[]>;

const PALETTE: Readonly<Record<string, string>> = {
  a: 'var(--art-1)',
  b: 'var(--art-2)',
  c: 'var(--art-3)',
  d: 'var(--art-4)',
  e: 'var(--art-5)',
  f: 'var(--art-2)',
  g: 'var(--art-4)',
  h: 'var(--art-3)',
};

export interface ColourPath {
  readonly fill: string;
  readonly d: string;
}

/**
 * One path per colour. Pixels are covered by rectangles, each a row's run of one colour
 * stretched down over the rows that repeat it: `M x y h width v height h -width z`.
 */
export function colourPaths(rows: readonly string[]): ColourPath[] {
  const colourAt = (x: number, y: number) => PALETTE[rows[y]?.[x] ?? '.'];
  const covered = new Set<string>();
  const free = (x: number, y: number, fill: string) =>
    !covered.has(`${x},${y}`) && colourAt(x, y) === fill;
  const rectangles = new Map<string, string[]>();
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) {
      const fill = colourAt(x, y);
      if (!fill || covered.has(`${x},${y}`)) continue;
      let width = 1;
      while (free(x + width, y, fill)) width += 1;
      const columns = Array.from({ length: width }, (_, i) => x + i);
      let height = 1;
      while (columns.every((column) => free(column, y + height, fill))) height += 1;
      for (let dy = 0; dy < height; dy += 1)
        for (const column of columns) covered.add(`${column},${y + dy}`);
      const path = `M${x} ${y}h${width}v${height}h-${width}z`;
      rectangles.set(fill, [...(rectangles.get(fill) ?? []), path]);
    }
  });
  return [...rectangles].map(([fill, parts]) => ({ fill, d: parts.join('') }));
}

export const DRAWINGS: Readonly<Record<Artwork, readonly string[]>> = ART;
