/**
 * Hostile copy and a banner with an untranslated text: a build whose
 * dictionaries carry markup and script-breaking strings renders them as inert text, and
 * the secret setting it is built with reaches nothing sent to browsers.
 */
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, setupBrowser } from './browser';
import { HOSTILE } from './hostile-copy';
import { distDir, siteEnv } from '@/testing/site-server';
import { browserFiles, findSecretLeaks } from '@/testing/secrets';
import { HOSTILE_SECRET, VARIANTS } from './variants';

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
  const dist = distDir(VARIANTS.hostile);
  const secrets = { SANITY_REVALIDATE_SECRET: HOSTILE_SECRET };

  it('the hostile build and server get the secret in their environment', () => {
    expect(siteEnv(VARIANTS.hostile).SANITY_REVALIDATE_SECRET).toBe(HOSTILE_SECRET);
  });

  it('no secret setting appears in anything the hostile build sends to browsers', () => {
    const files = browserFiles(dist);
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(10);
    expect(files.filter((file) => file.endsWith('.html')).length).toBeGreaterThan(10);
    expect(findSecretLeaks(dist, secrets)).toEqual([]);
  });

  it('the same check names every file a secret does reach', () => {
    // A copy of the hostile build's browser files with the secret planted the way a leak
    // would look: inlined into a client chunk, and rendered into a prerendered page.
    const copy = mkdtempSync(path.join(tmpdir(), 'rg-leak-'));
    try {
      for (const file of browserFiles(dist)) {
        const target = path.join(copy, path.relative(dist, file));
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(file, target);
      }
      const chunk = browserFiles(copy).find((file) => file.endsWith('.js'))!;
      appendFileSync(chunk, `\nconst token = ${JSON.stringify(HOSTILE_SECRET)};`);
      const page = path.join(copy, 'server', 'app', 'de', 'about.html');
      writeFileSync(
        page,
        readFileSync(page, 'utf8').replace('</body>', `${HOSTILE_SECRET}</body>`),
      );
      expect(findSecretLeaks(copy, secrets)).toEqual(
        [
          { file: path.relative(copy, chunk), setting: 'SANITY_REVALIDATE_SECRET' },
          {
            file: path.join('server', 'app', 'de', 'about.html'),
            setting: 'SANITY_REVALIDATE_SECRET',
          },
        ].sort((a, b) => a.file.localeCompare(b.file)),
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
