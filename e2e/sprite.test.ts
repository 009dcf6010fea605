/** Artwork and social glyphs come from one cached sprite. */
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, setupBrowser } from './browser';

const browser = setupBrowser();

describe('pictures and social glyphs from the sprite', () => {
  it('are referenced by every page and served once, cached for a year', async () => {
    const html = await (await fetch(`${baseUrl()}/tr`)).text();
    const hrefs = new Set(
      [...html.matchAll(/<use href="([^"#]+)#[^"]+"/g)].map(([, href]) => href),
    );
    expect(hrefs.size).toBe(1);
    const [sprite] = hrefs;
    const response = await fetch(baseUrl() + sprite);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol/);
    expect((await fetch(`${baseUrl()}/images/sprite.0.svg`)).status).toBe(404);
  });

  it('paint in the browser, in the colours the page gives them', async () => {
    // The same elements with the sprite and with its download refused must look different.
    const shots = async (refuseSprite: boolean) => {
      const { page, context } = await openPage(browser(), { width: 1280, height: 900 });
      if (refuseSprite) await page.route('**/images/**', (route) => route.abort());
      await page.goto(`${baseUrl()}/de`, { waitUntil: 'networkidle' });
      const figure = page.locator('#faq .illustration svg');
      const glyph = page.locator('.social-link svg').first();
      const taken = [await figure.screenshot(), await glyph.screenshot()];
      await context.close();
      return taken;
    };
    const [[figure, glyph], [emptyFigure, emptyGlyph]] = [await shots(false), await shots(true)];
    expect(figure!.equals(emptyFigure!)).toBe(false);
    expect(glyph!.equals(emptyGlyph!)).toBe(false);
  });
});
