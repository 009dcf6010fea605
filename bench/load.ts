/**
 * npm run bench:load — the production server under a bounded load from a second process on
 * loopback: autocannon, 50 connections, 20 s, routes of every language plus unknown
 * paths (404) and published dictionaries, asked the way a browser asks (pages as a document
 * that accepts compression). Prints requests per second, latency percentiles, errors, status
 * codes and the server's memory: after a full garbage collection before and after the load
 * (collectedMemory), and right after it.
 * Budget: zero errors and zero 5xx.
 */
import autocannon from 'autocannon';
import { formatTable } from '@/content/report';
import { freePort } from '@/testing/processes';
import type { Variant } from '@/testing/site-server';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { serveForBenchmark } from './serve';
import { collectedMemory, serverMemory } from './servers';

const port = await freePort();
const variant: Variant = { name: 'load', env: {} };
const CONNECTIONS = 50;
const DURATION_S = 20;

const paths = [
  ...SITE_PAGES.map((page) => `/${page.slug}`),
  ...LANGUAGES.flatMap((lang) =>
    SITE_PAGES.map((page) => `/${lang}${page.slug ? `/${page.slug}` : ''}`),
  ),
  '/no-such-page',
  '/de/gibt-es-nicht',
  '/tr/a/b/c',
  '/locales/de/hero.json',
  '/locales/tr/common.json',
];

/** What Chromium sends with a navigation (pages) and with a fetch (the dictionaries). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const headersFor = (path: string) =>
  path.endsWith('.json')
    ? { ...BROWSER_HEADERS, accept: '*/*', 'sec-fetch-dest': 'empty' }
    : {
        ...BROWSER_HEADERS,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        'sec-fetch-dest': 'document',
      };

const server = await serveForBenchmark(variant, port, { inspectable: true });
try {
  const before = await collectedMemory(port);
  const result = await autocannon({
    url: `http://localhost:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: paths.map((path) => ({ method: 'GET', path, headers: headersFor(path) })),
  });
  const atEnd = serverMemory(port);
  const after = await collectedMemory(port);
  const codes = Object.entries(result.statusCodeStats ?? {}).map(
    ([code, stats]) => `${code}: ${(stats as { count: number }).count}`,
  );
  const fiveXX = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => code.startsWith('5'))
    .reduce((sum, [, stats]) => sum + (stats as { count: number }).count, 0);
  console.log(
    `${CONNECTIONS} connections, ${DURATION_S} s, ${paths.length} paths in rotation (pages in 4 variants, 404s, dictionaries)\n`,
  );
  console.log(
    formatTable(
      ['metric', 'value'],
      [
        ['requests/s (mean)', result.requests.average.toFixed(0)],
        ['requests total', result.requests.total],
        ['latency p50 ms', result.latency.p50],
        ['latency p90 ms', result.latency.p90],
        ['latency p99 ms', result.latency.p99],
        ['latency max ms', result.latency.max],
        ['throughput MiB/s', (result.throughput.average / 1024 / 1024).toFixed(1)],
        ['errors', result.errors],
        ['timeouts', result.timeouts],
        ['status codes', codes.join(', ')],
        ['5xx', fiveXX],
        ['server RSS before MiB (collected)', before.toFixed(0)],
        ['server RSS at the end MiB', atEnd.toFixed(0)],
        ['server RSS after MiB (collected)', after.toFixed(0)],
      ],
    ),
  );
  console.log(
    `\nbudget (0 errors, 0 5xx): ${result.errors === 0 && result.timeouts === 0 && fiveXX === 0 ? 'met' : 'NOT MET'}`,
  );
} finally {
  await server.stop();
}
