/** The phone menu at 390 px: focus, Escape, navigation. */
import { describe, expect, it } from 'vitest';
import { baseUrl, interactive, openPage, setupBrowser } from './browser';

const browser = setupBrowser();

describe('phone menu at 390 px', () => {
  it('opens, keeps focus inside, closes with Escape returning focus, and closes on navigation', async () => {
    const { page, context, errors } = await openPage(browser(), { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/de`);
    await interactive(page);
    const button = page.locator('.mobile-menu__button');
    const isOpen = () =>
      page.locator('.mobile-menu').evaluate((el) => (el as HTMLDetailsElement).open);
    await expect(page.locator('.site-nav').isVisible()).resolves.toBe(false);
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(isOpen()).resolves.toBe(true);
    // Its name follows the state: "Menü schließen" while open.
    await expect(button.getByText('Menü schließen').isVisible()).resolves.toBe(true);
    await expect(button.getByText('Menü öffnen').isVisible()).resolves.toBe(false);
    const panel = page.locator('.mobile-menu__panel');
    await expect(panel.getByRole('heading').allTextContents()).resolves.toEqual([
      'Einstellungen',
      'Hauptmenü',
      'Mehr',
    ]);
    // Tab through every control: focus never leaves the button and the panel.
    const stops = await panel.locator('a').count();
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() =>
        Boolean(document.activeElement?.closest('.mobile-menu')),
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(isOpen()).resolves.toBe(false);
    await expect(
      page.evaluate(() => document.activeElement?.classList.contains('mobile-menu__button')),
    ).resolves.toBe(true);
    await button.click();
    await panel.getByRole('link', { name: 'Über uns' }).click();
    await page.waitForURL(`${baseUrl()}/de/about`);
    await expect(isOpen()).resolves.toBe(false);
    await expect(page.locator('.nav-list--bar a[aria-current="page"]').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
