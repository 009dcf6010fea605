/**
 * The pictures the site can draw beside a landing section, and the names editors choose them
 * by. The site's drawings (web/ui/Illustration.tsx) are keyed by the same names, so a picture
 * added here without a drawing, or drawn without a name, fails the type check.
 */
export const ARTWORK_TITLES = {
  city: 'City at night',
  rocket: 'Rocket lifting off',
  question: 'Question mark',
  chat: 'Speech bubbles',
  controller: 'Game controller',
  envelope: 'Envelope',
} as const;

export type Artwork = keyof typeof ARTWORK_TITLES;

export const ARTWORKS = Object.keys(ARTWORK_TITLES) as Artwork[];
