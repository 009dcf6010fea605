/**
 * The framework's scripts start after the largest paint, on the real build served by the
 * production server (its own instance of the plain build, so that its log can be read). Each
 * page is compared with the HTML Next made for it (the build's own file, before the rewrite in
 * Next's cache, web/edge/page-cache.ts): if a Next upgrade changes how it writes its scripts so that the rewrite no
 * longer moves them, these tests fail, and the server's log names the pages.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { distDir, serveSite, type RunningSite } from '@/testing/site-server';
import { routeRequest } from '@/web/edge/routing';
import { afterLargestPaint } from '@/web/edge/late-scripts';
import { scriptsOf } from '@/web/edge/testing/next-html';
import { interactive, openPage, setupBrowser } from './browser';
import { VARIANTS } from './variants';

const browser = setupBrowser();
let site: RunningSite;
beforeAll(async () => {
  site = await serveSite(VARIANTS.plain);
}, 120_000);
afterAll(() => site?.stop());

const AS_BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'sec-fetch-dest': 'document',
};

/** The page as Next made it: the file the build wrote for its route. */
function nextsPage(pathname: string) {
  const decision = routeRequest(pathname);
  const route = 'rewrite' in decision && decision.rewrite ? decision.rewrite : pathname;
  const file = path.join(distDir(VARIANTS.plain), 'server', 'app', `${route}.html`);
  const scripts = scriptsOf(readFileSync(file, 'utf8'));
  // Without framework scripts in Next's own page, every check below would pass for nothing.
  expect(
    scripts.framework.length,
    `${pathname}: Next's page has no framework scripts`,
  ).toBeGreaterThan(0);
  return scripts;
}

const PAGES = [
  ...LANGUAGES.flatMap((language) =>
    SITE_PAGES.map(({ slug }) => `/${language}${slug ? `/${slug}` : ''}`),
  ),
  '/',
  '/tr/gibt-es-nicht',
  '/no/such/page',
];

describe('scripts after the largest paint (production server)', () => {
  it('serves every page without Next’s script tags, with one loader that starts exactly the scripts Next wrote: brotli from memory, else Next’s gzip', async () => {
    const fromMemoryAt: string[] = [];
    for (const path of [...PAGES, ...PAGES]) {
      const next = nextsPage(path);
      const response = await fetch(site.url + path, { headers: AS_BROWSER });
      // The first answer is Next's (it compresses with gzip only); a page's next one is the
      // fast path's (web/edge/page-memory.ts), a 404's never.
      const fromMemory = response.headers.get('x-page-memory') === 'hit';
      if (fromMemory) fromMemoryAt.push(path);
      expect(response.headers.get('content-encoding'), path).toBe(fromMemory ? 'br' : 'gzip');
      expect(response.headers.get('vary'), path).toMatch(/rsc.*Accept-Encoding/i);
      const served = scriptsOf(await response.text());
      expect(served.framework, path).toEqual([]);
      expect(served.preloads, path).toEqual([]);
      const loaders = served.inline.filter((script) => script.includes('largest-contentful-paint'));
      expect(loaders, path).toEqual([afterLargestPaint(next.framework.map(({ src }) => src))]);
    }
    // Kept once Next had answered them (and compressed): the second round's pages.
    expect(fromMemoryAt).toContain('/de/privacy-policy');
  });

  it('logs no page whose scripts the rewrite could not move', async () => {
    for (const path of PAGES) await (await fetch(site.url + path, { headers: AS_BROWSER })).text();
    // Where the rewrite fails, the log says which page and why (web/edge/late-scripts.ts).
    expect(site.server.output()).not.toMatch(/late scripts:/);
  });

  it('Next still writes its scripts the way the unit tests’ copy of its page does', async () => {
    // web/edge/late-scripts.test.ts rewrites a copy of Next's HTML; when this fails, Next's
    // HTML changed: make the rewrite handle the new form, then capture that copy again.
    const copy = scriptsOf(
      readFileSync(new URL('../web/edge/testing/next-page.html', import.meta.url), 'utf8'),
    );
    const shapes = (scripts: typeof copy) => [
      ...new Set(scripts.framework.map(({ attributes }) => attributes.join(' '))),
    ];
    for (const path of ['/', '/de/privacy-policy', '/tr/gibt-es-nicht'])
      expect(shapes(nextsPage(path)), path).toEqual(shapes(copy));
  });

  // Twice each: the order of a paint and a script request is a race; a loader that does not
  // wait for the largest paint loses it on about one visit in three.
  it.each(['/de', '/tr', '/de/privacy-policy', '/de', '/tr', '/de/privacy-policy'])(
    '%s in Chromium on a slow phone: the scripts Next wrote are requested after the largest paint, and the page becomes interactive',
    async (path) => {
      const next = nextsPage(path);
      const { page, context, errors } = await openPage(browser(), { width: 412, height: 823 });
      // Scripts requested before the largest paint is recorded share the connection with
      // it, and Lighthouse counts their download against the LCP.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        // Each framework script added to the document (in order) and how many largest
        // paints had been reported then; when each script's request started.
        const seen = {
          lcp: [] as number[],
          added: [] as string[],
          reportedAtAdd: [] as number[],
          requests: [] as number[],
        };
        Object.assign(window, { seen });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) seen.lcp.push(entry.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.name.includes('/_next/static/chunks/') && entry.name.endsWith('.js'))
              seen.requests.push(entry.startTime);
        }).observe({ type: 'resource', buffered: true });
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              // The old browsers' script (noModule) stays in the HTML and is never fetched.
              if (
                node instanceof HTMLScriptElement &&
                !node.noModule &&
                node.src.includes('/_next/static/chunks/')
              ) {
                seen.added.push(new URL(node.src).pathname);
                seen.reportedAtAdd.push(seen.lcp.length);
              }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(site.url + path);
      await interactive(page);
      const { lcp, added, reportedAtAdd, requests } = await page.evaluate(
        () =>
          (
            window as unknown as {
              seen: { lcp: number[]; added: string[]; reportedAtAdd: number[]; requests: number[] };
            }
          ).seen,
      );
      expect(lcp.length).toBeGreaterThan(0);
      // The loader adds Next's scripts first; the framework loads more of its own later.
      expect(added.slice(0, next.framework.length)).toEqual(next.framework.map(({ src }) => src));
      expect(Math.min(...reportedAtAdd)).toBeGreaterThan(0);
      expect(Math.min(...requests)).toBeGreaterThan(lcp[0]!);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('sends the framework its data as before', async () => {
    const response = await fetch(`${site.url}/de/about`, { headers: { rsc: '1' } });
    expect(response.headers.get('content-type')).toMatch(/text\/x-component/);
    expect(await response.text()).not.toContain('largest-contentful-paint');
  });
});
