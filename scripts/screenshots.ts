/**
 * npm run screenshots: every page in en, de and tr at 320, 390, 1024 and 1440 px wide, in real
 * Chromium, into screenshots/ (git-ignored), for review. Builds and serves the site itself.
 */
import '@/scripts/load-env';
import { mkdirSync } from 'node:fs';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { launchChromium, rememberConsent } from '@/testing/chromium';
import { buildSite, serveSite, type Variant } from '@/testing/site-server';
import { spawnSync } from 'node:child_process';

const WIDTHS = [320, 390, 1024, 1440];
// Its own build folder and port, so it can run beside the browser tests.
const variant: Variant = { name: 'screenshots', env: {} };

spawnSync('npx', ['tsx', 'scripts/prepare-content.ts'], { stdio: 'inherit' });
console.log('building…');
buildSite(variant);
const server = await serveSite(variant);
const browser = await launchChromium();
mkdirSync('screenshots', { recursive: true });
try {
  for (const language of LANGUAGES) {
    for (const page of SITE_PAGES) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        // A stored choice keeps the cookie banner out of the way of the page itself.
        await rememberConsent(context, 'declined', server.url);
        const tab = await context.newPage();
        await tab.goto(`${server.url}/${language}${page.slug ? `/${page.slug}` : ''}`, {
          waitUntil: 'networkidle',
        });
        const file = `screenshots/${language}-${page.slug || 'home'}-${width}.png`;
        await tab.screenshot({ path: file, fullPage: true });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
