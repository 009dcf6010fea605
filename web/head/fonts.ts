/**
 * Space Grotesk from the Fontsource package, self-hosted through next/font/local (nothing
 * fetched at build). The Latin Extended file (Turkish ğ ı ş İ) loads only when a page uses it.
 *
 * No metric-adjusted fallback (`adjustFontFallback`): with it Next adds a
 * `<meta name="next-size-adjust">` that lands before or after the page's metadata depending on
 * which finished rendering first, so the same copy rendered twice gave different bytes
 * (web/edge/stable-html.ts). Without it the Latin file's fallback (Arial where installed,
 * which has every letter) also no longer hides the Latin Extended file from Turkish letters.
 */
import localFont from 'next/font/local';

export const displayFont = localFont({
  src: '../../node_modules/@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2',
  weight: '300 700',
  variable: '--font-display-latin',
  display: 'swap',
  adjustFontFallback: false,
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
    },
  ],
});

export const displayFontExtended = localFont({
  src: '../../node_modules/@fontsource-variable/space-grotesk/files/space-grotesk-latin-ext-wght-normal.woff2',
  weight: '300 700',
  variable: '--font-display-ext',
  display: 'swap',
  adjustFontFallback: false,
  preload: false,
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0100-02AF, U+0304, U+0308, U+0329, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF',
    },
  ],
});
