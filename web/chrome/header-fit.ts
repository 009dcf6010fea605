/**
 * When the header's links fit on one row. Every part of the bar is set in the display
 * font, whose glyph widths we know (web/site/text-metrics.ts), so the width the bar needs
 * in each language is computed at build time and becomes a media query: below it the
 * phone menu replaces the links. No JavaScript, no wrapped second row, in any language.
 *
 * The sizes below are the bar's CSS: the header sets them as custom properties (see
 * headerPropertiesCss) and site.css reads them, so the computation and the layout cannot drift.
 */
import type { Language } from '@/schemas/languages';
import type { HeaderLink } from '@/web/chrome/chrome-models';
import { textWidthEm, type TextStyle } from '../site/text-metrics';

const REM = 16;

/** The bar's sizes in rem (letter-spacing in em). */
export const HEADER_BAR = {
  /** The header is wider than the page column, so links fit longer before the menu takes over. */
  maxWidth: 90,
  gap: 1.25,
  wordmarkSize: 1.5,
  wordmarkPadding: 0.55,
  wordmarkSpacing: 0.04,
  linkSize: 0.95,
  linkPadding: 0.6,
  linkGap: 0.25,
  navGap: 0.5,
  dividerMargin: 0.25,
  languageSize: 0.85,
  languagePadding: 0.55,
  languageSpacing: 0.06,
  languageGap: 0.25,
} as const;

/** Page gutter: clamp(1rem, 4vw, 2.5rem), as in site.css. */
function gutterPx(viewport: number): number {
  return Math.min(2.5 * REM, Math.max(1 * REM, 0.04 * viewport));
}

/** Room for a classic vertical scrollbar, which media queries count and layout does not. */
const SCROLLBAR_PX = 17;
/** Slack for rounding in the browser's text layout. */
const SAFETY = 1.02;

const PRIMARY: TextStyle = { weight: 600 };
const SECONDARY: TextStyle = { weight: 500 };
const WORDMARK: TextStyle = { weight: 700, letterSpacing: HEADER_BAR.wordmarkSpacing };
const LANGUAGE: TextStyle = { weight: 700, letterSpacing: HEADER_BAR.languageSpacing };

function listPx(links: readonly HeaderLink[], style: TextStyle): number {
  if (links.length === 0) return 0;
  const b = HEADER_BAR;
  const text = links.reduce((sum, link) => sum + textWidthEm(link.name, style), 0);
  return (
    text * b.linkSize * REM * SAFETY +
    links.length * 2 * b.linkPadding * REM +
    (links.length - 1) * b.linkGap * REM
  );
}

/** The width the bar's content needs: logo, primary links, divider, secondary links, languages. */
export function barContentPx(options: {
  wordmark: string;
  primary: readonly HeaderLink[];
  secondary: readonly HeaderLink[];
  languageLabels: readonly string[];
}): number {
  const b = HEADER_BAR;
  const wordmark =
    textWidthEm(options.wordmark, WORDMARK) * b.wordmarkSize * REM * SAFETY +
    2 * b.wordmarkPadding * REM;
  const divider =
    options.primary.length > 0 && options.secondary.length > 0
      ? 1 + 2 * b.dividerMargin * REM + 2 * b.navGap * REM
      : 0;
  const nav = listPx(options.primary, PRIMARY) + divider + listPx(options.secondary, SECONDARY);
  const languages =
    options.languageLabels.reduce(
      (sum, label) =>
        sum +
        textWidthEm(label, LANGUAGE) * b.languageSize * REM * SAFETY +
        2 * b.languagePadding * REM +
        2, // 1px border on each side
      0,
    ) +
    (options.languageLabels.length - 1) * b.languageGap * REM;
  return wordmark + b.gap * REM + nav + b.gap * REM + languages;
}

/**
 * The narrowest viewport (CSS px) at which the bar fits, or null when it never fits
 * (the header is capped at HEADER_BAR.maxWidth).
 */
export function barMinViewport(contentPx: number): number | null {
  const cap = HEADER_BAR.maxWidth * REM;
  if (contentPx + 2 * gutterPx(cap) > cap) return null;
  // The gutter grows with the viewport up to 2.5rem: find the first width that holds the content.
  let viewport = Math.ceil(contentPx + 2 * 1 * REM);
  while (viewport - 2 * gutterPx(viewport) < contentPx) viewport += 1;
  return viewport + SCROLLBAR_PX;
}

/**
 * Custom properties the bar's CSS reads (site.css), so it lays out what was measured. A rule in
 * the header's `<style>` (which React moves into the document's head), not a style attribute:
 * the attribute's object form in the hydration data cost twice the bytes.
 */
export function headerPropertiesCss(): string {
  const b = HEADER_BAR;
  const properties = {
    '--header-max': `${b.maxWidth}rem`,
    '--header-gap': `${b.gap}rem`,
    '--wordmark-size': `${b.wordmarkSize}rem`,
    '--wordmark-padding': `${b.wordmarkPadding}rem`,
    '--wordmark-spacing': `${b.wordmarkSpacing}em`,
    '--nav-link-size': `${b.linkSize}rem`,
    '--nav-link-padding': `${b.linkPadding}rem`,
    '--nav-link-gap': `${b.linkGap}rem`,
    '--nav-gap': `${b.navGap}rem`,
    '--nav-divider-margin': `${b.dividerMargin}rem`,
    '--language-size': `${b.languageSize}rem`,
    '--language-padding': `${b.languagePadding}rem`,
    '--language-spacing': `${b.languageSpacing}em`,
    '--language-gap': `${b.languageGap}rem`,
  };
  return `.site-header{${Object.entries(properties)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}

/**
 * The media query that swaps the bar for the phone menu: below the measured width, or
 * always when the links can never fit. Scoped to the page's language: after a language switch
 * in the page, the rules of both languages are in the document's head.
 */
export function headerMenuCss(minViewport: number | null, language: Language): string {
  const scope = `html:lang(${language})`;
  const rules = `${scope} .site-nav,${scope} .site-header__languages{display:none}${scope} .mobile-menu{display:block}`;
  return minViewport === null ? rules : `@media (max-width:${minViewport - 0.02}px){${rules}}`;
}
