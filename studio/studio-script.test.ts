/**
 * `npm run studio` with no Sanity settings, as a newcomer runs it: it starts the local
 * local API with a certificate for https://local.localhost:<port> and `sanity dev`
 * pointed at it, prints the address to open, and the Studio there loads a dictionary.
 */
import { connect } from 'node:http2';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { readLocalApiAddress } from '@/content/local-api-address';
import { LocalStore } from '@/content/local-store';
import { launchChromium } from '@/testing/chromium';
import { publishEdit } from '@/testing/studio-servers';
import { freePort, startGroup, type ProcessGroup } from '@/testing/processes';

let dir: string;
let storeFile: string;
let studio: ProcessGroup;
let studioUrl: string;
let apiPort: number;
/** Where the script sends publishes: a port nothing listens on (no site running). */
let siteRevalidateUrl: string;

async function printed(pattern: RegExp, timeoutMs = 120_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(studio.output());
    if (match) return match;
    if (studio.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`npm run studio did not print ${pattern}:\n${studio.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-studio-script-'));
  storeFile = path.join(dir, 'production.ndjson');
  const source = path.join(dir, 'source.ndjson');
  await importLocales(new LocalStore(source), { from: 'locales', dryRun: false });
  await copyFile(source, storeFile);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('SANITY_')) delete env[key];
  siteRevalidateUrl = `http://127.0.0.1:${await freePort()}/api/revalidate`;
  studio = startGroup('npm', ['run', '-s', 'studio'], {
    env: {
      ...env,
      CONTENT_STORE_FILE: storeFile,
      STUDIO_PORT: '0',
      LOCAL_API_PORT: '0',
      LOCAL_API_TLS_DIR: path.join(dir, 'tls'),
      // mkcert, where installed, keeps its authority here instead of the user's home.
      CAROOT: path.join(dir, 'mkcert'),
      SITE_REVALIDATE_URL: siteRevalidateUrl,
    },
  });
  const [, port] = await printed(/Studio: +http:\/\/localhost:(\d+)/);
  studioUrl = `http://localhost:${port}`;
  apiPort = Number((await printed(/Local API: +https:\/\/local\.localhost:(\d+)/))[1]);
  await printed(/running at http:\/\/localhost/);
});

afterAll(async () => {
  await studio?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run studio without Sanity settings', () => {
  it('prints the address to open and the certificate step', () => {
    expect(studio.output()).toMatch(/← open this/);
    expect(studio.output()).toMatch(/mkcert -install|accept the warning/);
  });

  it("serves the API with a certificate valid for the Studio's API host", async () => {
    const tls = path.join(dir, 'tls');
    const authority = path.join(dir, 'mkcert', 'rootCA.pem');
    const ca = await readFile(existsSync(authority) ? authority : path.join(tls, 'cert.pem'));
    // The project's tools find the API's token in the address file it writes.
    const { token } = (await readLocalApiAddress(storeFile))!;
    const session = connect(`https://127.0.0.1:${apiPort}`, { ca, servername: 'local.localhost' });
    const status = await new Promise<number>((resolve, reject) => {
      session.on('error', reject);
      const request = session.request({
        ':path': '/v2025-02-19/users/me',
        authorization: `Bearer ${token}`,
      });
      request.on('response', (headers) => resolve(Number(headers[':status'])));
      request.on('error', reject);
      request.end();
    });
    session.close();
    expect(status).toBe(200);
  });

  it('opens a dictionary in the Studio it started', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto(`${studioUrl}/structure/chrome;dictionary-footer`, {
        waitUntil: 'commit',
        timeout: 120_000,
      });
      await page.getByTestId('field-copyrightTemplate.de').waitFor({ timeout: 120_000 });
    } finally {
      await browser.close();
    }
  });

  it("leads a newcomer's browser, which does not trust the API's certificate, from the printed address to the desk", async () => {
    const browser = await launchChromium();
    try {
      // A fresh profile: no certificate accepted, none ignored.
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${studioUrl}/structure/chrome;dictionary-footer`, { timeout: 120_000 });
      const open = page.getByRole('link', { name: 'Open the local API' });
      await open.waitFor({ timeout: 120_000 });
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'One step before the Studio',
      );
      // The link goes through the browser's own warning: Advanced, then Proceed.
      await open.click({ noWaitAfter: true });
      await page.locator('#details-button').click({ timeout: 30_000 });
      await page.locator('#proceed-link').click();
      await page.getByTestId('field-copyrightTemplate.de').waitFor({ timeout: 120_000 });
      expect(page.url()).toBe(`${studioUrl}/structure/chrome;dictionary-footer`);
    } finally {
      await browser.close();
    }
  });

  it('prints where publishes go, and a one-line note when the site is not running', async () => {
    expect(studio.output()).toContain(
      `Publishes go to:    ${siteRevalidateUrl} (signed with the secret in ${path.join(dir, 'webhook-secret')})`,
    );
    const { token } = (await readLocalApiAddress(storeFile))!;
    await publishEdit({ url: `https://127.0.0.1:${apiPort}`, token }, 'dictionary-footer', {
      'brand.name.de': 'RG Games (offline)',
    });
    const [note] = await printed(/^publish → site: dictionary-footer: .*$/m, 30_000);
    expect(note).toMatch(
      /site not reached \(.*ECONNREFUSED\)\) at .*Is the site running \(npm start\)\?/,
    );
    expect(studio.child.exitCode).toBeNull();
  });
});
