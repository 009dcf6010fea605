/**
 * npm run bench:origin — the origin against a static server, in one run on this machine:
 *
 * - nginx serving the same bytes as files, each gzipped once ahead (`gzip_static`): the limit;
 * - `next start` on the same build: the peer;
 * - the production server (`npm run serve`, server.ts) alone;
 * - Varnish with deploy/varnish.vcl in front of another production server.
 *
 * wrk (Debian's, 2 threads) asks for every page in every language (39) as a browser asks
 * (`Accept-Encoding: gzip, deflate, br`, a document), at each connection count, the scenarios
 * taking turns for several rounds so the machine's other work weighs on each alike: requests/s,
 * p50/p99, errors and timeouts (wrk gives up on a request after 2 s), non-2xx, resident memory
 * of the server after a full garbage collection (collectedMemory) before the first round and
 * after the last, and right after the last round; requests/s as a ratio to nginx in the same
 * round. Then publish → fresh on 3 instances sharing Redis (the fast path on), median and max
 * of 10.
 *
 * Options: --duration <s> per load run (default 8), --rounds (3), --connections (50,200).
 * Needs `apt-get install -y nginx-light wrk varnish varnish-modules redis-server`. A benchmark,
 * not a test: it prints numbers and fails only when it cannot measure.
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { formatTable } from '@/content/report';
import { startRedis } from '@/testing/redis-server';
import { serveSite, type RunningSite } from '@/testing/site-server';
import { startVarnish } from '@/testing/varnish';
import { EVERY_PAGE_PATH } from './page-paths';
import {
  AS_BROWSER,
  buildBenchSite,
  collectedMemory,
  inspectable,
  LOAD_COLUMNS,
  loadOptions,
  loadRow,
  publishUntilFresh,
  serverMemory,
  startNginx,
  takeTurns,
  type LoadResult,
} from './servers';
import { median } from './statistics';

const options = loadOptions({ duration: '8', rounds: '3', connections: '50,200' });
const PUBLISHES = 10;
const SECRET = 'bench-origin-webhook-secret';
const PATHS = EVERY_PAGE_PATH;
/** What Chromium sends for a navigation. */
const BROWSER_HEADERS = {
  'Accept-Encoding': 'gzip, deflate, br',
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Sec-Fetch-Dest': 'document',
};

interface Scenario {
  readonly name: string;
  readonly url: string;
  /** The server whose memory is measured (none for nginx). */
  readonly port?: number;
  stop(): Promise<void>;
}

/** A wrk script: every path in turn with the browser's headers; prints one JSON line at the end. */
function wrkScript(): string {
  const headers = Object.entries(BROWSER_HEADERS)
    .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    .join('\n');
  return `${headers}
local paths = { ${PATHS.map((pathname) => JSON.stringify(pathname)).join(', ')} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {"requests":%d,"us":%d,"p50":%d,"p99":%d,"socket":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write, e.status, e.timeout))
end
`;
}

async function load(script: string, url: string, connections: number): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    'wrk',
    ['-t2', `-c${connections}`, `-d${options.durationS}s`, '-s', script, url],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  const line = /^RESULT (.*)$/m.exec(stdout)?.[1];
  if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
  const figures = JSON.parse(line) as Record<string, number>;
  return {
    rps: figures.requests! / (figures.us! / 1e6),
    p50: figures.p50! / 1000,
    p99: figures.p99! / 1000,
    errors: figures.socket! + figures.timeout!,
    timeouts: figures.timeout!,
    non2xx: figures.status!,
  };
}

/** The bytes the production server answers for every page, as files nginx serves gzipped ahead. */
async function exportPages(source: RunningSite, folder: string): Promise<void> {
  for (const pathname of PATHS) {
    const response = await fetch(`${source.url}${pathname}`, {
      headers: { 'accept-encoding': 'identity', accept: BROWSER_HEADERS.Accept },
    });
    const body = Buffer.from(await response.arrayBuffer());
    const file = path.join(folder, pathname, 'index.html');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

const { work, store, variant } = await buildBenchSite('bench-origin', SECRET);
const script = path.join(work, 'pages.lua');
await writeFile(script, wrkScript());

const scenarios: Scenario[] = [];
const stoppers: (() => Promise<void>)[] = [];
try {
  console.log('starting nginx, next start, the server, Varnish in front of a server…');
  // The two servers whose memory is measured open an inspector to be asked for a collection.
  const site = await serveSite(inspectable(variant));
  stoppers.push(site.stop);
  const files = path.join(work, 'files');
  await exportPages(site, files);
  const nginx = await startNginx(
    work,
    'files',
    `gzip_static on; gzip_vary on;
     server { listen 127.0.0.1:PORT; root ${files};
       location / { try_files $uri/index.html =404; } }`,
  );
  stoppers.push(() => nginx.stop());
  scenarios.push({ name: 'nginx, gzip_static', url: nginx.url, stop: nginx.stop });
  const peer = await serveSite(inspectable(variant), undefined, { runtime: 'next-start' });
  stoppers.push(peer.stop);
  scenarios.push({ name: 'next start', url: peer.url, port: peer.port, stop: peer.stop });
  scenarios.push({ name: 'npm run serve', url: site.url, port: site.port, stop: site.stop });
  const behind = await serveSite(variant);
  stoppers.push(behind.stop);
  const varnish = await startVarnish(behind.port);
  stoppers.push(() => varnish.stop());
  scenarios.push({ name: 'Varnish → npm run serve', url: varnish.url, stop: varnish.stop });
  for (const { url } of scenarios)
    for (const pathname of PATHS)
      await (await fetch(`${url}${pathname}`, { headers: AS_BROWSER })).arrayBuffer();

  const collected = () =>
    Promise.all(scenarios.map(({ port }) => (port ? collectedMemory(port) : Promise.resolve(NaN))));
  const rssBefore = await collected();
  const { runs, ratios } = await takeTurns(
    scenarios.length,
    options.connections,
    options.rounds,
    0,
    (index, connections) => load(script, scenarios[index]!.url, connections),
  );
  const rssAtEnd = scenarios.map(({ port }) => (port ? serverMemory(port) : NaN));
  const rssAfter = await collected();

  const rows: (string | number)[][] = [];
  for (const [level, connections] of options.connections.entries())
    for (const [index, scenario] of scenarios.entries())
      rows.push(loadRow(scenario.name, connections, runs[index]![level]!, ratios[index]![level]!));
  const memoryRows = scenarios
    .map((scenario, index) => [
      scenario.name,
      rssBefore[index]!.toFixed(0),
      rssAtEnd[index]!.toFixed(0),
      rssAfter[index]!.toFixed(0),
      (rssAfter[index]! / rssBefore[index]!).toFixed(2),
    ])
    .filter((_, index) => scenarios[index]!.port !== undefined);
  const [server, nextStart] = [2, 1].map((index) =>
    options.connections.map((_, level) => median(runs[index]![level]!.map((result) => result.rps))),
  );

  await Promise.all(stoppers.splice(0).map((stop) => stop()));
  console.log('publishing: 3 instances on one Redis…');
  const redis = await startRedis();
  stoppers.push(() => redis.stop());
  const redisVariant = { ...variant, env: { ...variant.env, REDIS_URL: redis.url } };
  const instances = await Promise.all([1, 2, 3].map(() => serveSite(redisVariant)));
  for (const instance of instances) stoppers.push(instance.stop);
  // Every instance holds /de and its /locales file in memory before each publish.
  const times: number[] = [];
  for (let round = 1; round <= PUBLISHES; round += 1) {
    for (const instance of instances)
      for (const pathname of ['/de', '/locales/de/hero.json', '/de', '/locales/de/hero.json'])
        await (await fetch(`${instance.url}${pathname}`, { headers: AS_BROWSER })).arrayBuffer();
    times.push(await publishUntilFresh(store, instances, round, SECRET));
  }

  console.log(
    [
      '',
      `${PATHS.length} pages in rotation, asked as a browser asks (gzip, deflate, br); wrk -t2; ` +
        `${options.rounds} rounds of ${options.durationS} s per scenario and connection count, taking turns; ` +
        'medians of the rounds (errors: sums), ratio: median of each round’s ratio to nginx',
      formatTable(LOAD_COLUMNS, rows),
      '',
      'RSS: after a full garbage collection before the first round and after the last; and right after the last round',
      formatTable(
        ['server', 'RSS before MiB', 'at the end MiB', 'after MiB', 'after ÷ before'],
        memoryRows,
      ),
      '',
      `npm run serve ÷ next start: ${options.connections
        .map(
          (connections, level) =>
            `${(server![level]! / nextStart![level]!).toFixed(1)}× at ${connections}`,
        )
        .join(', ')}`,
      '',
      `publish → fresh on 3 instances with Redis (/de and /locales/de/hero.json), ${PUBLISHES} publishes`,
      formatTable(
        ['median ms', 'max ms'],
        [[Math.round(median(times)), Math.round(Math.max(...times))]],
      ),
    ].join('\n'),
  );
} finally {
  await Promise.all(stoppers.map((stop) => stop()));
  await rm(work, { recursive: true, force: true });
}
