/**
 * npm run bench:scale — several instances on one Redis against one instance and against
 * nginx serving the same pages as files from disk (the limit), in one run on this machine.
 *
 * One build (served with and without REDIS_URL: the setting is read when a server starts).
 * Every scenario is served on loopback side by side (each with a Redis database of its own)
 * and loaded by autocannon (in this process) at 1, 50 and 200 connections with every page in
 * every language and a few /locales files, the scenarios taking turns for several rounds so
 * that the machine's other work weighs on each alike: requests per second, p50 and p99
 * latency, errors and timeouts, non-2xx answers, and the ratio of requests per second to
 * nginx in the same round. Then, for each scenario with servers, 10 publishes (a store
 * edit and the signed webhook to the first instance): the time until /de and
 * /locales/de/hero.json show it on every instance, median and maximum.
 *
 * Scenarios are a list (SCENARIOS): one more (e.g. a CDN in front) is one more entry.
 * Options: --duration <s> per load run (default 5), --rounds (default 3), --connections 1,50,200.
 * A benchmark, not a test: it prints numbers and fails only when it cannot measure.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { formatTable } from '@/content/report';
import { LANGUAGES } from '@/schemas/languages';
import { startRedis } from '@/testing/redis-server';
import { serveSite, type RunningSite, type Variant } from '@/testing/site-server';
import { EVERY_PAGE_PATH } from './page-paths';
import {
  buildBenchSite,
  LOAD_COLUMNS,
  loadOptions,
  loadRow,
  publishUntilFresh,
  startNginx,
  takeTurns,
  type LoadResult,
} from './servers';
import { median } from './statistics';

const {
  durationS: DURATION_S,
  rounds: ROUNDS,
  connections: CONNECTIONS,
} = loadOptions({ duration: '5', rounds: '3', connections: '1,50,200' });
const PUBLISHES = 10;
const SECRET = 'bench-scale-webhook-secret';

const PATHS = [
  ...EVERY_PAGE_PATH,
  ...LANGUAGES.flatMap((language) =>
    ['hero', 'footer', 'common'].map((namespace) => `/locales/${language}/${namespace}.json`),
  ),
];

/** What a scenario serves: one address to load, and the instances behind it (to publish to). */
interface Served {
  readonly url: string;
  readonly instances: readonly RunningSite[];
  stop(): Promise<void>;
}

interface Context {
  readonly variant: Variant;
  /** A Redis database of its own for each call (scenarios run side by side). */
  redisUrl(): string;
  readonly work: string;
}

interface Scenario {
  readonly name: string;
  /** The reference every ratio is measured against. */
  readonly reference?: boolean;
  serve(context: Context): Promise<Served>;
}

const serveInstances = async (context: Context, count: number, redis: boolean) => {
  const variant: Variant = redis
    ? { ...context.variant, env: { ...context.variant.env, REDIS_URL: context.redisUrl() } }
    : context.variant;
  const instances: RunningSite[] = [];
  for (let i = 0; i < count; i += 1) instances.push(await serveSite(variant));
  return instances;
};

const stopAll = (instances: readonly RunningSite[]) =>
  Promise.all(instances.map((instance) => instance.stop())).then(() => undefined);

const SCENARIOS: Scenario[] = [
  {
    name: 'nginx, the same pages as files',
    reference: true,
    async serve(context) {
      // The files are what one instance answers for each path.
      const [source] = await serveInstances(context, 1, false);
      const { work } = context;
      const files = path.join(work, 'files');
      for (const pathname of PATHS) {
        const body = Buffer.from(await (await fetch(`${source!.url}${pathname}`)).arrayBuffer());
        const file = pathname.endsWith('.json')
          ? path.join(files, pathname)
          : path.join(files, pathname, 'index.html');
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, body);
      }
      await source!.stop();
      const nginx = await startNginx(
        work,
        'files',
        `server { listen 127.0.0.1:PORT; root ${files};
           location / { try_files $uri $uri/index.html =404; } }`,
      );
      return { url: nginx.url, instances: [], stop: () => nginx.stop() };
    },
  },
  {
    name: '1 instance, no Redis',
    async serve(context) {
      const instances = await serveInstances(context, 1, false);
      return { url: instances[0]!.url, instances, stop: () => stopAll(instances) };
    },
  },
  {
    name: '1 instance, Redis',
    async serve(context) {
      const instances = await serveInstances(context, 1, true);
      return { url: instances[0]!.url, instances, stop: () => stopAll(instances) };
    },
  },
  {
    name: '3 instances, Redis, nginx round robin',
    async serve(context) {
      const instances = await serveInstances(context, 3, true);
      const upstream = instances.map((instance) => `server 127.0.0.1:${instance.port};`).join(' ');
      const nginx = await startNginx(
        context.work,
        'front',
        `upstream site { ${upstream} keepalive 128; }
         server { listen 127.0.0.1:PORT;
           location / { proxy_pass http://site; proxy_http_version 1.1;
             proxy_set_header Connection ""; proxy_set_header Host localhost; } }`,
      );
      return {
        url: nginx.url,
        instances,
        stop: async () => {
          await nginx.stop();
          await stopAll(instances);
        },
      };
    },
  },
];

async function load(url: string, connections: number): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: DURATION_S,
    requests: PATHS.map((pathname) => ({ method: 'GET', path: pathname })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

const { work, store, variant } = await buildBenchSite('scale', SECRET);
const redis = await startRedis();
let databases = 0;
const context: Context = { variant, work, redisUrl: () => `${redis.url}/${(databases += 1)}` };
const rows: (string | number)[][] = [];
const publishRows: (string | number)[][] = [];
const served: Served[] = [];
try {
  // Every scenario runs side by side, idle but for its turn; the load runs take turns in
  // rounds, so that what else the machine does weighs on each alike.
  for (const scenario of SCENARIOS) {
    console.log(`starting: ${scenario.name}…`);
    const running = await scenario.serve(context);
    served.push(running);
    for (const pathname of PATHS) await (await fetch(`${running.url}${pathname}`)).arrayBuffer();
  }
  const referenceIndex = SCENARIOS.findIndex((scenario) => scenario.reference);
  const { runs, ratios } = await takeTurns(
    served.length,
    CONNECTIONS,
    ROUNDS,
    referenceIndex,
    (index, connections) => load(served[index]!.url, connections),
  );
  for (const [index, scenario] of SCENARIOS.entries())
    for (const [level, connections] of CONNECTIONS.entries())
      rows.push(loadRow(scenario.name, connections, runs[index]![level]!, ratios[index]![level]!));
  for (const [index, scenario] of SCENARIOS.entries()) {
    const { instances } = served[index]!;
    if (!instances.length) continue;
    console.log(`publishing: ${scenario.name}…`);
    const times: number[] = [];
    for (let round = 1; round <= PUBLISHES; round += 1)
      times.push(await publishUntilFresh(store, instances, round, SECRET));
    publishRows.push([scenario.name, Math.round(median(times)), Math.round(Math.max(...times))]);
  }
  console.log(
    [
      '',
      `${PATHS.length} paths in rotation (every page in every language, 9 /locales files); ` +
        `${ROUNDS} rounds of ${DURATION_S} s per scenario and connection count, taking turns; ` +
        'medians of the rounds (errors: sums), ratio: median of each round’s ratio',
      formatTable(LOAD_COLUMNS, rows),
      '',
      `publish → fresh on every instance (/de and /locales/de/hero.json), ${PUBLISHES} publishes each`,
      formatTable(['scenario', 'median ms', 'max ms'], publishRows),
    ].join('\n'),
  );
} finally {
  await Promise.all(served.map((running) => running.stop()));
  await redis.stop();
  await rm(work, { recursive: true, force: true });
}
