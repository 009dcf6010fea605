/**
 * The artwork: each picture drawn as one path per colour that covers exactly the pixels of its
 * grid, shown from the sprite; every landing section's default, and the bundled copy's choice,
 * are distinct pictures.
 */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ARTWORK_TITLES, ARTWORKS, type Artwork } from '@/schemas/artwork';
import { LANGUAGES } from '@/schemas/languages';
import { sanityDocumentType } from '@/schemas/sanity/documents';
import { validatorFor, zodProblems } from '@/schemas/validator';
import { DEFAULT_ARTWORK } from '@/web/sections/section-models';
import { colourPaths, DRAWINGS } from './artwork-drawings';
import { Illustration } from './Illustration';
import { SPRITE_FILE, SPRITE_SVG } from './sprite';

/** The pixels a path covers, read back from its `M x y h width v height h -width z` rectangles. */
function pixelsOf(d: string): string[] {
  return [...d.matchAll(/M(\d+) (\d+)h(\d+)v(\d+)h-\d+z/g)].flatMap(([, x, y, w, h]) =>
    Array.from({ length: Number(w) * Number(h) }, (_, i) => {
      const column = Number(x) + (i % Number(w));
      const row = Number(y) + Math.floor(i / Number(w));
      return `${column},${row}`;
    }),
  );
}

describe.each(ARTWORKS)('the %s picture', (artwork) => {
  const rows = DRAWINGS[artwork];
  const paths = colourPaths(rows);

  it('covers exactly the pixels of its grid, each in its colour, with one path per colour', () => {
    const drawn = new Map(paths.flatMap(({ fill, d }) => pixelsOf(d).map((p) => [p, fill])));
    const grid = rows.flatMap((row, y) =>
      [...row].flatMap((cell, x) => (cell === '.' ? [] : [`${x},${y}`])),
    );
    expect([...drawn.keys()].sort()).toEqual(grid.sort());
    expect(pixelsOf(paths.map((p) => p.d).join(''))).toHaveLength(grid.length);
    expect(new Set(paths.map((p) => p.fill)).size).toBe(paths.length);
  });

  it('is a symbol of the sprite, drawn with exactly those paths', () => {
    const drawing = paths.map(({ fill, d }) => `<path fill="${fill}" d="${d}"/>`).join('');
    expect(SPRITE_SVG).toContain(`<symbol id="${artwork}" viewBox="0 0 16 16">${drawing}</symbol>`);
  });

  it('costs one reference to the sprite in the page, named by its alt text', () => {
    const html = renderToStaticMarkup(<Illustration artwork={artwork} alt="A picture" />);
    expect(html).toContain(`<use href="/images/${SPRITE_FILE}#${artwork}"></use>`);
    expect(html).toContain('role="img" aria-label="A picture"');
    expect(html).not.toContain('<path');
    expect(html.length).toBeLessThan(300);
  });
});

const LANDING = Object.keys(DEFAULT_ARTWORK) as (keyof typeof DEFAULT_ARTWORK)[];

describe('choosing the artwork', () => {
  it('gives every landing section its own picture by default', () => {
    expect(new Set(Object.values(DEFAULT_ARTWORK)).size).toBe(LANDING.length);
  });

  it('shows the same picture in every language of the bundled copy, a different one per section', () => {
    const chosen = LANDING.map((section) => {
      const perLanguage = LANGUAGES.map(
        (language) =>
          (
            JSON.parse(readFileSync(`locales/${language}/${section}.json`, 'utf8')) as {
              illustration: { artwork: Artwork };
            }
          ).illustration.artwork,
      );
      expect(new Set(perLanguage).size, section).toBe(1);
      return perLanguage[0];
    });
    expect(new Set(chosen).size).toBe(LANDING.length);
  });

  it('offers the editor every picture by name in the Studio', () => {
    const { fields } = sanityDocumentType('hero');
    const artwork = fields
      .find((field) => field.name === 'illustration')
      ?.fields?.find((field) => field.name === 'artwork');
    expect(artwork?.options?.['list']).toEqual(
      ARTWORKS.map((value) => ({ title: ARTWORK_TITLES[value], value })),
    );
  });

  it('refuses a picture the site cannot draw, naming the key path', () => {
    const hero = JSON.parse(readFileSync('locales/en/hero.json', 'utf8')) as Record<
      string,
      unknown
    >;
    const result = validatorFor('hero').safeParse({
      ...hero,
      illustration: { artwork: 'unicorn', alt: 'A unicorn' },
    });
    const problems = result.success ? [] : zodProblems('locales/en/hero.json', result.error);
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'illustration.artwork',
        message: expect.stringContaining('"unicorn" is not one of: city, rocket'),
      }),
    ]);
  });
});
