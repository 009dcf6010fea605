/**
 * npm run bench:size — builds the site and an empty App Router page (bench/fixtures/empty-app,
 * same Next version), reads both builds' .next/diagnostics/route-bundle-stats.json and prints
 * each route's first-load JavaScript, raw and gzipped, against the empty page.
 * Budget: at most 1.05× the empty page, and no Firebase code in any route's first load.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatTable } from '@/content/report';

const BUDGET = 1.05;
const SITE_DIST = '.next-bench';
const FIXTURE = 'bench/fixtures/empty-app';

interface RouteStats {
  route: string;
  firstLoadUncompressedJsBytes: number;
  firstLoadChunkPaths: string[];
}

function build(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('npx', ['next', 'build', ...args], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`next build ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
}

function measure(root: string, dist: string) {
  const stats = JSON.parse(
    readFileSync(path.join(root, dist, 'diagnostics', 'route-bundle-stats.json'), 'utf8'),
  ) as RouteStats[];
  return stats.map((route) => {
    const files = route.firstLoadChunkPaths.map((chunk) => readFileSync(path.join(root, chunk)));
    return {
      route: route.route,
      raw: files.reduce((sum, file) => sum + file.length, 0),
      gzip: files.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0),
      firebase: files.some((file) =>
        /firebaseinstallations\.googleapis|firestore\.googleapis|@firebase\/|firebase-heartbeat/.test(
          file.toString('utf8'),
        ),
      ),
    };
  });
}

spawnSync('node', ['--import', 'tsx', 'scripts/prepare-content.ts'], { stdio: 'ignore' });
build([], { NEXT_DIST_DIR: SITE_DIST });
build([FIXTURE]);

const empty = measure(FIXTURE, '.next').find((r) => r.route === '/')!;
const site = measure('.', SITE_DIST);
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const rows = [
  ['(empty App Router page)', kib(empty.raw), kib(empty.gzip), '1.000', '1.000', '-'],
  ...site.map((r) => [
    r.route,
    kib(r.raw),
    kib(r.gzip),
    (r.raw / empty.raw).toFixed(3),
    (r.gzip / empty.gzip).toFixed(3),
    r.firebase ? 'YES' : 'no',
  ]),
];
console.log(
  formatTable(
    ['route (first load JS)', 'raw KiB', 'gzip KiB', 'raw ratio', 'gzip ratio', 'firebase'],
    rows,
  ),
);
const worst = Math.max(...site.map((r) => Math.max(r.raw / empty.raw, r.gzip / empty.gzip)));
const firebase = site.filter((r) => r.firebase).map((r) => r.route);
console.log(
  `\nworst ratio ${worst.toFixed(3)} (budget ${BUDGET}): ${worst <= BUDGET ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(`Firebase code in a first load: ${firebase.length ? firebase.join(', ') : 'none'}`);
