/**
 * Issue 9 (hostile copy) and issue 7 (banner with an untranslated text): a build whose
 * dictionaries carry markup and script-breaking strings renders them as inert text, and
 * no secret setting reaches anything under .next/static.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, setupBrowser } from './browser';
import { HOSTILE } from './hostile-copy';
import { distDir } from '@/testing/site-server';
import { SECRET_SANITY_TOKEN, VARIANTS } from './variants';

const browser = setupBrowser();
const site = () => baseUrl('hostile');

describe('hostile copy', () => {
  it('renders markup in texts as text and runs no injected script', async () => {
    const { page, context } = await openPage(browser());
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${site()}/`, { waitUntil: 'networkidle' });
    await expect(page.locator('#hero-title').innerText()).resolves.toContain(HOSTILE.title);
    await expect(page.locator('.hero__subtitle').innerText()).resolves.toBe(HOSTILE.subtitle);
    await expect(
      page.evaluate(() => (window as { __pwned?: string }).__pwned),
    ).resolves.toBeUndefined();
    await expect(page.locator('main img').count()).resolves.toBe(0);
    await expect(page.locator('a[href^="javascript:"]').count()).resolves.toBe(0);
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('keeps </script> inside JSON-LD from ending the script element', async () => {
    const html = await (await fetch(`${site()}/`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => m[1]!,
    );
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]!) as { name?: string }[];
    expect(data.map((d) => d.name)).toContain(HOSTILE.structuredName);
    expect(html).not.toContain('<script>window.__pwned');
  });

  it('hides the cookie banner when one of its texts is untranslated (still its key)', async () => {
    const { page, context } = await openPage(browser());
    await page.goto(`${site()}/de`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    await expect(page.locator('.consent-banner').count()).resolves.toBe(0);
    await page.goto(`${site()}/tr`, { waitUntil: 'networkidle' });
    await page.locator('.consent-banner').waitFor();
    await context.close();
  });
});

describe('secrets', () => {
  it('no secret setting appears in anything under .next/static', () => {
    const root = path.join(distDir(VARIANTS.hostile), 'static');
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.isFile(),
    );
    expect(files.length).toBeGreaterThan(10);
    const leaks = files.filter((entry) =>
      readFileSync(path.join(entry.parentPath, entry.name)).includes(SECRET_SANITY_TOKEN),
    );
    expect(leaks.map((entry) => entry.name)).toEqual([]);
  });
});
