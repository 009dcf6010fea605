/**
 * Headings, eyebrows and figures never break inside a word: each carries the width of its
 * widest unbreakable piece in em (`--fit`), and its CSS font size is capped at
 * `100cqi / var(--fit)`, the size at which that piece fills the column. Short texts keep
 * their design size; a long German or Turkish compound gets smaller instead of split.
 */
import type { CSSProperties } from 'react';
import { longestPieceEm, type TextStyle } from '../site/text-metrics';

/** h1–h4, card titles, FAQ questions, figures: Space Grotesk bold, letter-spacing -0.01em. */
const HEADING_TEXT: TextStyle = { weight: 700, letterSpacing: -0.01 };
/** Eyebrows: bold capitals with 0.14em letter-spacing. */
export const EYEBROW_TEXT: TextStyle = { weight: 700, letterSpacing: 0.14, uppercase: true };

/** Slack for rounding and hinting in the browser, so the widest piece never just misses. */
const SAFETY = 1.04;

export function fit(
  texts: string | readonly (string | undefined)[] | undefined,
  style: TextStyle = HEADING_TEXT,
): CSSProperties | undefined {
  const list = typeof texts === 'string' ? [texts] : (texts ?? []);
  const em = longestPieceEm(list, style);
  return em > 0 ? ({ '--fit': (em * SAFETY).toFixed(3) } as CSSProperties) : undefined;
}
