/** The framework's scripts start after the largest paint (production server). */
import { describe, expect, it } from 'vitest';
import { baseUrl, interactive, openPage, setupBrowser } from './browser';

const browser = setupBrowser();

describe('scripts after the largest paint (production server)', () => {
  it.each(['/', '/de/about', '/tr/gibt-es-nicht'])(
    '%s: the framework scripts are started by one loader after the largest paint; the page is gzipped',
    async (path) => {
      const response = await fetch(baseUrl() + path, {
        headers: { accept: 'text/html', 'accept-encoding': 'gzip', 'sec-fetch-dest': 'document' },
      });
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(response.headers.get('vary')).toMatch(/rsc.*Accept-Encoding/i);
      const html = await response.text();
      expect(html).not.toMatch(/<script src="[^"]+" async="">/);
      expect(html).not.toMatch(/<link rel="preload" as="script"/);
      expect(html).toMatch(
        /<script>\(function\(\)\{.*"largest-contentful-paint".*\["\/_next\/static\/chunks\/[^"]+\.js"/,
      );
    },
  );

  // Twice each: the order of a paint and a script request is a race; a loader that does not
  // wait for the largest paint loses it on about one visit in three.
  it.each(['/de', '/tr', '/de/privacy-policy', '/de', '/tr', '/de/privacy-policy'])(
    '%s in Chromium on a slow phone: the first script is requested after the largest paint, and the page becomes interactive',
    async (path) => {
      const { page, context, errors } = await openPage(browser(), { width: 412, height: 823 });
      // Scripts requested before the largest paint is recorded share the connection with
      // it, and Lighthouse counts their download against the LCP.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        // When the loader adds a script, how many largest paints had been reported; and
        // when each script's request started.
        const seen = {
          lcp: [] as number[],
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
              )
                seen.reportedAtAdd.push(seen.lcp.length);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(baseUrl() + path);
      await interactive(page);
      const { lcp, reportedAtAdd, requests } = await page.evaluate(
        () =>
          (
            window as unknown as {
              seen: { lcp: number[]; reportedAtAdd: number[]; requests: number[] };
            }
          ).seen,
      );
      expect(lcp.length).toBeGreaterThan(0);
      expect(reportedAtAdd.length).toBeGreaterThan(0);
      expect(Math.min(...reportedAtAdd)).toBeGreaterThan(0);
      expect(Math.min(...requests)).toBeGreaterThan(lcp[0]!);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('sends the framework its data as before', async () => {
    const response = await fetch(`${baseUrl()}/de/about`, { headers: { rsc: '1' } });
    expect(response.headers.get('content-type')).toMatch(/text\/x-component/);
    expect(await response.text()).not.toContain('requestAnimationFrame');
  });
});
