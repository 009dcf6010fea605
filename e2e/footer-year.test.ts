/** The footer's copyright year follows the visitor's clock. */
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, setupBrowser } from './browser';

const browser = setupBrowser();

describe('footer year', () => {
  it('is the visitor’s current year, also on 1 January without a rebuild, and turns over at midnight', async () => {
    const { page, context } = await openPage(browser());
    await context.clock.install({ time: new Date('2031-12-31T23:59:50') });
    await page.goto(`${baseUrl()}/de`);
    const copyright = page.locator('.site-footer__bottom p');
    await expect.poll(() => copyright.textContent()).toMatch(/© 2031 RG Games/);
    await context.clock.runFor(15_000);
    await expect.poll(() => copyright.textContent()).toMatch(/© 2032 RG Games/);
    await context.close();
  });
});
