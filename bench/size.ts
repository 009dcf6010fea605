/**
 * npm run bench:size — what each page weighs, from the production server:
 * - per page and language: the HTML raw and gzipped, the share of it that is the inline React
 *   Server Components payload (the `self.__next_f.push` scripts), its element count, and the
 *   CSS and font bytes it links or preloads;
 * - per route: first-load JavaScript, raw and gzipped, against an empty App Router page built
 *   beside it with the same Next (bench/fixtures/empty-app), and whether any Firebase code is in it.
 * Budgets: no page's HTML over 60 KiB raw; the home page at most 2.5× the median page; first-load
 * JS at most 1.05× the empty page; no Firebase code in a first load. Over-budget rows are marked;
 * the exit code stays 0 (a report, not a test).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatTable } from '@/content/report';
import { distDir, type Variant } from '@/testing/site-server';
import { EVERY_PAGE_PATH } from './page-paths';
import { serveForBenchmark } from './serve';
import { median } from './statistics';

const HTML_BUDGET = 60 * 1024;
const HOME_TO_MEDIAN_BUDGET = 2.5;
const FIRST_LOAD_BUDGET = 1.05;
const FIXTURE = 'bench/fixtures/empty-app';

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

interface RouteStats {
  route: string;
  firstLoadUncompressedJsBytes: number;
  firstLoadChunkPaths: string[];
}

function firstLoads(root: string, dist: string) {
  const stats = JSON.parse(
    readFileSync(path.join(root, dist, 'diagnostics', 'route-bundle-stats.json'), 'utf8'),
  ) as RouteStats[];
  return stats.map((route) => {
    const files = route.firstLoadChunkPaths.map((chunk) => readFileSync(path.join(root, chunk)));
    return {
      route: route.route,
      raw: files.reduce((sum, file) => sum + file.length, 0),
      gzip: files.reduce((sum, file) => sum + gzip(file), 0),
      firebase: files.some((file) =>
        /firebaseinstallations\.googleapis|firestore\.googleapis|@firebase\/|firebase-heartbeat/.test(
          file.toString('utf8'),
        ),
      ),
    };
  });
}

/** The inline RSC payload: every `<script>` whose body pushes to `self.__next_f`. */
function rscBytes(html: string): number {
  return [...html.matchAll(/<script>self\.__next_f\.push\([\s\S]*?<\/script>/g)].reduce(
    (sum, [script]) => sum + Buffer.byteLength(script),
    0,
  );
}

/** Elements of the document, not counting what scripts and styles hold as text. */
function elementCount(html: string): number {
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '<$1></$1>');
  return markup.match(/<[a-zA-Z][a-zA-Z0-9-]*/g)?.length ?? 0;
}

const linked = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map((match) => match[1]!.replace(/&amp;/g, '&'));

const sizes = new Map<string, number>();
async function bytesOf(origin: string, href: string): Promise<number> {
  const known = sizes.get(href);
  if (known !== undefined) return known;
  const size = (await (await fetch(new URL(href, origin))).arrayBuffer()).byteLength;
  sizes.set(href, size);
  return size;
}

// The empty page first: the site's build below leaves the machine as the server needs it.
const empty = spawnSync('npx', ['next', 'build', FIXTURE], {
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  encoding: 'utf8',
});
if (empty.status !== 0) throw new Error(`next build ${FIXTURE} failed:\n${empty.stderr}`);

const variant: Variant = { name: 'size', env: {} };
const site = await serveForBenchmark(variant);
const pages = [];
try {
  for (const pathname of EVERY_PAGE_PATH) {
    const html = await (await fetch(`${site.url}${pathname}`)).text();
    const raw = Buffer.byteLength(html);
    const css = linked(html, /<link rel="stylesheet" href="([^"]+)"/g);
    const fonts = linked(html, /<link rel="preload" href="([^"]+)" as="font"/g);
    pages.push({
      pathname,
      raw,
      gzip: gzip(html),
      rscShare: rscBytes(html) / raw,
      elements: elementCount(html),
      css: (await Promise.all(css.map((href) => bytesOf(site.url, href)))).reduce(
        (a, b) => a + b,
        0,
      ),
      fonts: (await Promise.all(fonts.map((href) => bytesOf(site.url, href)))).reduce(
        (a, b) => a + b,
        0,
      ),
    });
  }
} finally {
  await site.stop();
}

const medianPage = median(pages.map((page) => page.raw));
const homes = pages.filter((page) => ['/', '/de', '/tr'].includes(page.pathname));
console.log(
  formatTable(
    ['page', 'HTML KiB', 'gzip KiB', 'RSC share', 'elements', 'CSS KiB', 'font KiB', 'budget'],
    pages.map((page) => [
      page.pathname,
      kib(page.raw),
      kib(page.gzip),
      `${Math.round(page.rscShare * 100)} %`,
      page.elements,
      kib(page.css),
      kib(page.fonts),
      page.raw > HTML_BUDGET ? 'OVER 60 KiB' : 'ok',
    ]),
  ),
);
const overHtml = pages.filter((page) => page.raw > HTML_BUDGET);
const worstHome = Math.max(...homes.map((home) => home.raw / medianPage));
console.log(
  `\nHTML over 60 KiB: ${overHtml.length ? overHtml.map((p) => `${p.pathname} ${kib(p.raw)} KiB`).join(', ') : 'none'}`,
);
console.log(
  `home pages to the median page (${kib(medianPage)} KiB): at most ${worstHome.toFixed(2)}× (budget ${HOME_TO_MEDIAN_BUDGET}×): ${worstHome <= HOME_TO_MEDIAN_BUDGET ? 'within budget' : 'OVER BUDGET'}`,
);

const emptyPage = firstLoads(FIXTURE, '.next').find((route) => route.route === '/')!;
const routes = firstLoads('.', distDir(variant));
console.log(
  '\n' +
    formatTable(
      ['route (first load JS)', 'raw KiB', 'gzip KiB', 'raw ratio', 'gzip ratio', 'firebase'],
      [
        ['(empty App Router page)', kib(emptyPage.raw), kib(emptyPage.gzip), '1.000', '1.000', '-'],
        ...routes.map((route) => [
          route.route,
          kib(route.raw),
          kib(route.gzip),
          (route.raw / emptyPage.raw).toFixed(3),
          (route.gzip / emptyPage.gzip).toFixed(3),
          route.firebase ? 'YES' : 'no',
        ]),
      ],
    ),
);
const worst = Math.max(
  ...routes.map((route) => Math.max(route.raw / emptyPage.raw, route.gzip / emptyPage.gzip)),
);
const firebase = routes.filter((route) => route.firebase).map((route) => route.route);
console.log(
  `\nfirst-load JS: worst ratio ${worst.toFixed(3)} (budget ${FIRST_LOAD_BUDGET}): ${worst <= FIRST_LOAD_BUDGET ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(`Firebase code in a first load: ${firebase.length ? firebase.join(', ') : 'none'}`);
