/**
 * npm run bench:cdn — Varnish (deploy/varnish.vcl) in front of one production server, on this
 * machine's loopback:
 *
 * - load: autocannon, 200 connections, every page in every language and every /locales file in
 *   rotation, from a cold cache: Varnish's hit ratio (its own counters), requests/s and latency
 *   percentiles; the same load on the production server alone is the reference (ratios);
 * - publish → fresh: a German hero edit, published through the signed webhook (via Varnish),
 *   until /de through Varnish shows it; median and max of 10.
 *
 * `cdnScenario()` is the whole measurement, for the several-instances benchmark to include.
 *
 * Measured 2026-11-25 (2 cores shared with other developers' test runs; 108 paths, 15 s each):
 * server alone 187 requests/s, p50 832 ms, p99 4484 ms; through Varnish 4949 requests/s (26.5×),
 * p50 30 ms, p99 190 ms; no errors, no non-2xx; hit ratio 99.85 % (74319 hits, 108 misses: one
 * per path); publish → fresh through Varnish median 149 ms, max 1625 ms (10 publishes).
 */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sendPublishWebhook } from '@/content/webhook';
import { formatTable } from '@/content/report';
import { NAMESPACES } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { editStored } from '@/e2e/content-store';
import { freePort } from '@/testing/processes';
import { buildSite, serveSite, type Variant } from '@/testing/site-server';
import { startVarnish } from '@/testing/varnish';
import { median } from './statistics';

const STORE = path.join('.e2e-content', 'bench-cdn.ndjson');
const SECRET = 'bench-cdn-webhook-secret';
const VARIANT: Variant = {
  name: 'bench-cdn',
  env: { CONTENT_STORE_FILE: STORE, SANITY_REVALIDATE_SECRET: SECRET },
};

export interface LoadFigures {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
}

export interface CdnFigures {
  readonly connections: number;
  readonly durationS: number;
  readonly paths: number;
  readonly origin: LoadFigures;
  readonly varnish: LoadFigures & {
    readonly hitRatio: number;
    readonly hits: number;
    readonly misses: number;
  };
  readonly publishToFreshMs: readonly number[];
}

const PATHS = [
  ...SITE_PAGES.flatMap((page) => LANGUAGES.map((language) => pagePath(page.slug, language))),
  ...NAMESPACES.flatMap((namespace) =>
    LANGUAGES.map((language) => `/locales/${language}/${namespace}.json`),
  ),
];

async function load(url: string, connections: number, durationS: number): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections,
    duration: durationS,
    // As browsers ask: compressed.
    headers: { 'accept-encoding': 'gzip' },
    requests: PATHS.map((pathname) => ({ method: 'GET', path: pathname })),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Varnish's own hit and miss counters. */
function varnishCounters(workDir: string): { hits: number; misses: number } {
  const out = spawnSync('varnishstat', ['-n', workDir, '-1', '-j'], { encoding: 'utf8' }).stdout;
  const parsed = JSON.parse(out) as Record<string, unknown>;
  const counters = (parsed.counters ?? parsed) as Record<string, { value: number }>;
  return {
    hits: counters['MAIN.cache_hit']?.value ?? NaN,
    misses: counters['MAIN.cache_miss']?.value ?? NaN,
  };
}

async function publishToFresh(cacheUrl: string, round: number): Promise<number> {
  const text = `Benchmark ${round} ${Date.now()}`;
  await editStored(STORE, 'dictionary-hero', (doc) => (doc.title.main.de = text));
  const sent = performance.now();
  const answer = await sendPublishWebhook(
    `${cacheUrl}/api/revalidate`,
    { _id: 'dictionary-hero', _type: 'heroDictionary' },
    SECRET,
  );
  const outcome = (await answer.json()) as { status?: string };
  if (outcome.status !== 'revalidated')
    throw new Error(`publish ${round}: not revalidated: ${JSON.stringify(outcome)}`);
  for (;;) {
    const page = await (await fetch(`${cacheUrl}/de`)).text();
    if (page.includes(text)) return performance.now() - sent;
    if (performance.now() - sent > 30_000)
      throw new Error(`publish ${round}: not fresh after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Builds, serves the site behind Varnish, measures, and stops everything again. */
export async function cdnScenario({
  connections = 200,
  durationS = 15,
  publishes = 10,
} = {}): Promise<CdnFigures> {
  await rm(STORE, { force: true });
  await importLocales(new LocalStore(STORE), { from: 'locales', dryRun: false });
  console.log('building (bench-cdn)…');
  buildSite(VARIANT);
  const [sitePort, cachePort] = [await freePort(), await freePort()];
  const site = await serveSite(
    {
      ...VARIANT,
      env: {
        ...VARIANT.env,
        CDN_PURGE: 'varnish',
        CDN_PURGE_URL: `http://127.0.0.1:${cachePort}/`,
      },
    },
    sitePort,
  );
  try {
    console.log(
      `load on the production server alone (${connections} connections, ${durationS} s)…`,
    );
    const origin = await load(site.url, connections, durationS);
    const varnish = await startVarnish(sitePort, { port: cachePort, memory: '256m' });
    try {
      const before = varnishCounters(varnish.workDir);
      console.log(`the same load through Varnish, from a cold cache…`);
      const cached = await load(varnish.url, connections, durationS);
      const after = varnishCounters(varnish.workDir);
      const hits = after.hits - before.hits;
      const misses = after.misses - before.misses;
      console.log(`publish → fresh through Varnish, ${publishes} times…`);
      const publishToFreshMs = [];
      for (let round = 1; round <= publishes; round++)
        publishToFreshMs.push(await publishToFresh(varnish.url, round));
      return {
        connections,
        durationS,
        paths: PATHS.length,
        origin,
        varnish: { ...cached, hits, misses, hitRatio: hits / (hits + misses) },
        publishToFreshMs,
      };
    } finally {
      await varnish.stop();
    }
  } finally {
    await site.stop();
  }
}

export function printCdnFigures(figures: CdnFigures): void {
  const { origin, varnish } = figures;
  console.log(
    `\n${figures.connections} connections, ${figures.durationS} s each, ${figures.paths} paths in rotation (every page in 3 languages, every /locales file)\n`,
  );
  console.log(
    formatTable(
      ['', 'server alone', 'through Varnish', 'ratio'],
      [
        [
          'requests/s',
          origin.requestsPerSecond,
          varnish.requestsPerSecond,
          (varnish.requestsPerSecond / origin.requestsPerSecond).toFixed(1),
        ],
        ['latency p50 ms', origin.p50, varnish.p50, (varnish.p50 / origin.p50).toFixed(2)],
        ['latency p99 ms', origin.p99, varnish.p99, (varnish.p99 / origin.p99).toFixed(2)],
        ['errors + timeouts', origin.errors, varnish.errors, ''],
        ['non-2xx', origin.non2xx, varnish.non2xx, ''],
      ],
    ),
  );
  console.log(
    `\nVarnish hit ratio (cold start): ${(varnish.hitRatio * 100).toFixed(2)} % (${varnish.hits} hits, ${varnish.misses} misses)`,
  );
  const times = figures.publishToFreshMs;
  console.log(
    `publish → fresh through Varnish (${times.length}×): median ${median(times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printCdnFigures(await cdnScenario());
}
