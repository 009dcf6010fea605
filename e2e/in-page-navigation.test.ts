/** Links to the site's pages: shown in the page by the router, fetched ahead only when pointed at. */
import { describe, expect, it } from 'vitest';
import { baseUrl, interactive, openPage, setupBrowser } from './browser';

const browser = setupBrowser();

describe('fetching pages ahead', () => {
  it('fetches no page on load; pointing at a link fetches its page; the click then stays in the document', async () => {
    const { page, context, errors } = await openPage(browser());
    const ahead: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch']) ahead.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}/de`, { waitUntil: 'networkidle' });
    await interactive(page);
    await page.waitForTimeout(500);
    expect(ahead).toEqual([]);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const about = page.locator('.nav-list--bar a[href="/de/about"]');
    await about.hover();
    await expect.poll(() => ahead).toEqual(expect.arrayContaining(['/de/about']));
    await about.click();
    await page.waitForURL(`${baseUrl()}/de/about`);
    await expect(page.evaluate(() => 'sameDocument' in window)).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('links to the site’s pages', () => {
  it('leave a click with a modifier key to the browser: the page opens elsewhere, this one stays', async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto(`${baseUrl()}/de`);
    await interactive(page);
    const about = page.locator('.nav-list--bar a[href="/de/about"]');
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      about.click({ modifiers: ['Control'] }),
    ]);
    await opened.waitForURL(`${baseUrl()}/de/about`);
    expect(page.url()).toBe(`${baseUrl()}/de`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leave a download to the browser', async () => {
    const { page, context } = await openPage(browser());
    // What the router asks for (its requests carry an RSC header): never the file.
    const routed: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['rsc']) routed.push(new URL(request.url()).pathname);
    });
    await page.goto(`${baseUrl()}/press-kit`);
    await interactive(page);
    const file = page.locator('a[download]').first();
    await file.hover();
    const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    expect(page.url()).toBe(`${baseUrl()}/press-kit`);
    expect(routed.filter((path) => path.startsWith('/press/'))).toEqual([]);
    await context.close();
  });
});
