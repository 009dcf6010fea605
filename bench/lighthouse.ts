/**
 * npm run bench:lighthouse -- [--pages /,/de/about] [--runs 3] [--save results.json]
 *
 * Lighthouse (mobile preset, simulated throttling, Debian Chromium) on each page of the
 * production server, interleaved in one run with two references measured beside it:
 * - the same page with every script removed (the zero-JavaScript limit of that page), served
 *   through a local proxy, compressed like the site;
 * - an empty App Router page (bench/fixtures/empty-app, same Next), served by `next start`.
 * Each round measures the empty page once, then every page and its zero-JS copy. Prints the
 * medians per page (the four scores, LCP, TBT, CLS), LCP as a ratio to the zero-JS copy and the
 * Performance score as a ratio to the empty page's.
 * Budget: Performance ≥ 99 (median) on every page; LCP at most 1.25× the zero-JS copy;
 * Accessibility, Best Practices and SEO 100; and no page below the empty page's Performance or over
 * its blocking time (TBT). Lighthouse clears storage before each run, so every
 * page is measured as a first visit, with the cookie banner shown.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatTable } from '@/content/report';
import { freePort, startGroup, waitForHttp } from '@/testing/processes';
import type { Variant } from '@/testing/site-server';
import { CATEGORIES, medianAudit, record, startLighthouse, type Audit } from './lighthouse-run';
import { pickPages } from './page-paths';
import { startRewritingProxy, withoutScripts } from './rewriting-proxy';
import { serveForBenchmark } from './serve';

const { values } = parseArgs({
  options: {
    pages: { type: 'string' },
    runs: { type: 'string', default: '3' },
    save: { type: 'string' },
  },
});
const pages = pickPages(values.pages);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number ≥ 1');

const PERFORMANCE_BUDGET = 99;
const LCP_RATIO_BUDGET = 1.25;
const EMPTY_APP = 'bench/fixtures/empty-app';

const port = await freePort();
const origin = `http://localhost:${port}`;
// Canonical links point at the measured host, as they would in production.
const variant: Variant = { name: 'lighthouse', env: { SITE_URL: origin } };

const emptyBuild = spawnSync('npx', ['next', 'build', EMPTY_APP], {
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  encoding: 'utf8',
});
if (emptyBuild.status !== 0)
  throw new Error(`next build ${EMPTY_APP} failed:\n${emptyBuild.stderr}`);

const site = await serveForBenchmark(variant, port);
const stripped = await startRewritingProxy(site.url, withoutScripts);
const emptyPort = await freePort();
const empty = startGroup('npx', ['next', 'start', EMPTY_APP, '--port', String(emptyPort)], {
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
const lighthouse = await startLighthouse();

const audit = (url: string) => lighthouse.audit(url);

const measured = {
  empty: [] as Audit[],
  site: new Map<string, Audit[]>(),
  zeroJs: new Map<string, Audit[]>(),
};
try {
  await waitForHttp(`http://localhost:${emptyPort}/`, empty);
  for (let run = 1; run <= runs; run += 1) {
    measured.empty.push(await audit(`http://localhost:${emptyPort}/`));
    for (const pathname of pages) {
      record(measured.site, pathname, await audit(`${origin}${pathname}`));
      record(measured.zeroJs, pathname, await audit(`${stripped.url}${pathname}`));
    }
    console.log(`round ${run} of ${runs} done`);
  }
} finally {
  lighthouse.stop();
  await Promise.all([site.stop(), stripped.stop(), empty.stop()]);
}

const emptyPage = medianAudit(measured.empty);
const rows = pages.map((pathname) => {
  const page = medianAudit(measured.site.get(pathname)!);
  const zeroJs = medianAudit(measured.zeroJs.get(pathname)!);
  return {
    pathname,
    page,
    zeroJs,
    lcpRatio: page.lcp / zeroJs.lcp,
    scoreRatio: page.scores[0]! / emptyPage.scores[0]!,
  };
});

console.log(
  `\nmedians of ${runs} run(s); empty Next page: Performance ${emptyPage.scores[0]}, LCP ${Math.round(emptyPage.lcp)} ms, FCP ${Math.round(emptyPage.fcp)} ms, TBT ${Math.round(emptyPage.tbt)} ms\n`,
);
console.log(
  formatTable(
    [
      'page',
      'perf',
      'a11y',
      'best pr.',
      'seo',
      'LCP ms',
      'FCP ms',
      'TBT ms',
      'CLS',
      'zero-JS perf',
      'zero-JS LCP ms',
      'LCP ÷ zero-JS',
      'perf ÷ empty',
    ],
    rows.map(({ pathname, page, zeroJs, lcpRatio, scoreRatio }) => [
      pathname,
      ...page.scores,
      Math.round(page.lcp),
      Math.round(page.fcp),
      Math.round(page.tbt),
      page.cls.toFixed(3),
      zeroJs.scores[0]!,
      Math.round(zeroJs.lcp),
      lcpRatio.toFixed(2),
      scoreRatio.toFixed(2),
    ]),
  ),
);

// Written as "not within" so that a figure Lighthouse could not measure (NaN) is a miss too.
const misses = rows.flatMap(({ pathname, page, zeroJs, lcpRatio }) => [
  ...[...page.failures, ...zeroJs.failures.map((f) => `zero-JS copy: ${f}`)].map(
    (failure) => `${pathname}: a run Lighthouse could not measure (${failure})`,
  ),
  ...(!(page.scores[0]! >= PERFORMANCE_BUDGET)
    ? [`${pathname}: Performance ${page.scores[0]}`]
    : []),
  ...(!(lcpRatio <= LCP_RATIO_BUDGET)
    ? [`${pathname}: LCP ${lcpRatio.toFixed(2)}× the zero-JS copy`]
    : []),
  ...CATEGORIES.slice(1).flatMap((category, i) =>
    !(page.scores[i + 1]! >= 100) ? [`${pathname}: ${category} ${page.scores[i + 1]}`] : [],
  ),
]);
console.log(
  `\nbudget (Performance ≥ ${PERFORMANCE_BUDGET}, LCP ≤ ${LCP_RATIO_BUDGET}× zero-JS, others 100): ${misses.length ? 'NOT MET' : 'met'}`,
);
for (const miss of misses) console.log(`  ${miss}`);

// The site against the framework's floor: no page may score below the empty page or block the
// main thread longer than it does.
const belowEmpty = rows.filter(
  ({ page }) => !(page.scores[0]! >= emptyPage.scores[0]! && page.tbt <= emptyPage.tbt),
);
console.log(
  `every page at least the empty page's Performance with no more blocking time: ${belowEmpty.length ? 'NOT MET' : 'met'}`,
);
for (const { pathname, page } of belowEmpty)
  console.log(`  ${pathname}: Performance ${page.scores[0]}, TBT ${Math.round(page.tbt)} ms`);
if (values.save) {
  writeFileSync(values.save, `${JSON.stringify({ runs, emptyPage, pages: rows }, null, 2)}\n`);
  console.log(`medians written to ${values.save}`);
}
