import { describe, expect, it } from 'vitest';
import { barContentPx, barMinViewport, headerMenuCss } from './header-fit';

const link = (name: string, isPrimary = true) => ({ name, url: '/x', isPrimary });

describe('when the header links fit', () => {
  it('needs more room for longer links, and the media query follows', () => {
    const short = barContentPx({
      wordmark: 'RG',
      primary: [link('About')],
      secondary: [],
      languageLabels: ['ENG', 'DEU', 'TUR'],
    });
    const long = barContentPx({
      wordmark: 'RG',
      primary: [link('About'), link('Yatırımcı sunumu')],
      secondary: [link('Pressekit', false)],
      languageLabels: ['ENG', 'DEU', 'TUR'],
    });
    expect(long).toBeGreaterThan(short + 150);
    expect(barMinViewport(long)!).toBeGreaterThan(barMinViewport(short)!);
    expect(headerMenuCss(barMinViewport(long), 'tr')).toContain(
      `@media (max-width:${barMinViewport(long)! - 0.02}px)`,
    );
  });

  it('leaves room for the gutters and a scrollbar', () => {
    // 1000 px of content + 2 × 40 px gutters + 17 px scrollbar.
    expect(barMinViewport(1000)).toBe(1097);
  });

  it('always shows the menu when the links can never fit the capped header width', () => {
    expect(barMinViewport(5000)).toBeNull();
    expect(headerMenuCss(null, 'de')).not.toContain('@media');
    expect(headerMenuCss(null, 'de')).toContain('html:lang(de) .mobile-menu{display:block}');
  });
});
