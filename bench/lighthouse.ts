/**
 * npm run bench:lighthouse — Lighthouse (mobile preset, Debian Chromium) against
 * the production server for every page in en, de and tr: the four category scores, LCP, TBT and
 * CLS per page, and the lowest of each. Budget: Performance ≥ 98; Accessibility, Best
 * Practices and SEO 100. Lighthouse clears storage before each run, so every page is
 * measured as a first visit, with the cookie banner shown.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { formatTable } from '@/content/report';
import { CHROMIUM, CHROMIUM_ARGS } from '@/testing/chromium';
import { freePort } from '@/testing/processes';
import type { Variant } from '@/testing/site-server';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { serveForBenchmark } from './serve';

const port = await freePort();
const origin = `http://localhost:${port}`;
// Canonical links point at the measured host, as they would in production.
const variant: Variant = { name: 'lighthouse', env: { SITE_URL: origin } };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const server = await serveForBenchmark(variant, port);
const chrome = await launch({
  chromePath: CHROMIUM,
  chromeFlags: [...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'), '--headless=new'],
});

interface Row {
  path: string;
  scores: number[];
  lcp: number;
  tbt: number;
  cls: number;
}

async function audit(path: string): Promise<Row> {
  const result = await lighthouse(`${origin}${path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  const lhr = result!.lhr;
  return {
    path,
    scores: CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

const rows: Row[] = [];
try {
  for (const language of LANGUAGES) {
    for (const page of SITE_PAGES) {
      // English is measured at its canonical, unprefixed address.
      const prefix = language === 'en' ? '' : `/${language}`;
      const path = `${prefix}${page.slug ? `/${page.slug}` : ''}` || '/';
      rows.push(await audit(path));
      console.log(`${path} done`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}

const format = (row: Row) => [
  row.path,
  ...row.scores,
  Math.round(row.lcp),
  Math.round(row.tbt),
  row.cls.toFixed(3),
];
const lowest: Row = {
  path: 'LOWEST',
  scores: CATEGORIES.map((_, i) => Math.min(...rows.map((r) => r.scores[i]!))),
  lcp: Math.max(...rows.map((r) => r.lcp)),
  tbt: Math.max(...rows.map((r) => r.tbt)),
  cls: Math.max(...rows.map((r) => r.cls)),
};
console.log(
  formatTable(
    ['page', 'perf', 'a11y', 'best pr.', 'seo', 'LCP ms', 'TBT ms', 'CLS'],
    [...rows, lowest].map(format),
  ),
);
const [perf, a11y, practices, seo] = lowest.scores;
const within = perf! >= 98 && a11y === 100 && practices === 100 && seo === 100;
console.log(`\nbudget (perf ≥ 98, others 100): ${within ? 'met' : 'NOT MET'}`);
