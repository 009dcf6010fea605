/**
 * Layout measurements run inside the page, each in one evaluate call (a page's words are
 * checked together, not one round trip per word).
 */
import type { Page } from 'playwright-core';

/**
 * Words (Intl.Segmenter, in the page's language) whose letters lie on more than one
 * line, in every visible text of the page: a word broken mid-word.
 */
export function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const segmenter = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, noscript, .visually-hidden')) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const text = node.nodeValue ?? '';
      for (const word of segmenter.segment(text)) {
        if (!word.isWordLike || word.segment.length < 2) continue;
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word.segment.length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1)
          broken.push(
            `"${word.segment}" in <${element.tagName.toLowerCase()} class="${element.className}">`,
          );
      }
    }
    return broken;
  });
}

export interface HeaderRow {
  /** Header height in px. */
  height: number;
  /** Height of one row: the tallest visible item plus the bar's padding and border. */
  oneRow: number;
  /** Visible items whose vertical centre is off the row (a second row). */
  offRow: string[];
  /** Content wider than the bar (px). */
  overflow: number;
  /** Whether the links show inline (else the phone menu holds them). */
  inline: boolean;
}

export function headerRow(page: Page): Promise<HeaderRow> {
  return page.evaluate(() => {
    const header = document.querySelector<HTMLElement>('.site-header')!;
    const inner = header.querySelector<HTMLElement>('.site-header__inner')!;
    const items = Array.from(
      inner.querySelectorAll<HTMLElement>(
        '.wordmark, .site-nav .nav-link, .site-header__languages a, .mobile-menu__button',
      ),
    ).filter((item) => item.checkVisibility());
    const rects = items.map((item) => item.getBoundingClientRect());
    const style = getComputedStyle(inner);
    const tallest = Math.max(...rects.map((rect) => rect.height));
    const oneRow =
      tallest +
      parseFloat(style.paddingTop) +
      parseFloat(style.paddingBottom) +
      parseFloat(getComputedStyle(header).borderBottomWidth);
    const centre = (rect: DOMRect) => rect.top + rect.height / 2;
    const rowCentre = centre(rects[0]!);
    return {
      height: header.getBoundingClientRect().height,
      oneRow,
      offRow: items
        .filter((_, index) => Math.abs(centre(rects[index]!) - rowCentre) > 4)
        .map((item) => item.textContent ?? ''),
      overflow: inner.scrollWidth - inner.clientWidth,
      inline: Boolean(document.querySelector('.site-nav')?.checkVisibility()),
    };
  });
}
