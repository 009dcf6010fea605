/**
 * npm run bench:scale — several instances on one Redis against one instance and against
 * nginx serving the same pages as files from disk (the limit), in one run on this machine.
 *
 * One build (served with and without REDIS_URL: the setting is read when a server starts).
 * Each scenario is served on loopback and loaded by autocannon (in this process) at 50 and
 * 200 connections with every page in every language and a few /locales files: requests
 * per second, p50 and p99 latency, errors (including non-2xx), and the ratio of requests
 * per second to nginx. Then, for each scenario with servers, 10 publishes (a store edit and
 * the signed webhook to the first instance): the time until /de and /locales/de/hero.json
 * show it on every instance, median and maximum.
 *
 * Scenarios are a list (SCENARIOS): one more (e.g. a CDN in front) is one more entry.
 * Options: --duration <s> per load run (default 10), --connections 50,200.
 * A benchmark, not a test: it prints numbers and fails only when it cannot measure.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { formatTable } from '@/content/report';
import { signWebhook } from '@/content/webhook';
import { LANGUAGES } from '@/schemas/languages';
import { freePort, startGroup, waitForHttp, type ProcessGroup } from '@/testing/processes';
import { startRedis, type RunningRedis } from '@/testing/redis-server';
import { buildSite, serveSite, type RunningSite, type Variant } from '@/testing/site-server';
import { EVERY_PAGE_PATH } from './pages';
import { median } from './statistics';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50,200' },
  },
});
const DURATION_S = Number(values.duration);
const CONNECTIONS = values.connections.split(',').map(Number);
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
  readonly redis: RunningRedis;
  readonly work: string;
}

interface Scenario {
  readonly name: string;
  /** The reference every ratio is measured against. */
  readonly reference?: boolean;
  serve(context: Context): Promise<Served>;
}

/** nginx (Debian's nginx-light) in the foreground with its own prefix folder. */
async function startNginx(
  work: string,
  name: string,
  server: string,
): Promise<ProcessGroup & { url: string }> {
  const prefix = path.join(work, `nginx-${name}`);
  await mkdir(prefix, { recursive: true });
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  default_type text/html;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  keepalive_requests 100000;
  ${server.replaceAll('PORT', String(port))}
}
`,
  );
  const group = startGroup('nginx', ['-p', prefix, '-c', conf]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, group, { timeoutMs: 10_000 });
  return Object.assign(group, { url });
}

const serveInstances = async (context: Context, count: number, redis: boolean) => {
  const variant: Variant = redis
    ? { ...context.variant, env: { ...context.variant.env, REDIS_URL: context.redis.url } }
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
    async serve({ variant, redis, work }) {
      // The files are what one instance answers for each path.
      const [source] = await serveInstances({ variant, redis, work }, 1, false);
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
      context.redis.cli('FLUSHALL');
      const instances = await serveInstances(context, 1, true);
      return { url: instances[0]!.url, instances, stop: () => stopAll(instances) };
    },
  },
  {
    name: '3 instances, Redis, nginx round robin',
    async serve(context) {
      context.redis.cli('FLUSHALL');
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

interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Connection errors, of which timeouts (autocannon gives up after 10 s). */
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

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

/** A store edit and the webhook to the first instance; ms until every instance shows it. */
async function publishUntilFresh(
  store: LocalStore,
  instances: readonly RunningSite[],
  round: number,
) {
  const marker = `Skala${round}x${Date.now().toString(36)}`;
  const doc = (await store.readAll()).find((candidate) => candidate._id === 'dictionary-hero');
  if (!doc) throw new Error('the store holds no dictionary-hero');
  (doc.title as { main: { de: string } }).main.de = `Spiele mit Haltung ${marker}`;
  await store.commit([doc]);
  const body = JSON.stringify({ _id: 'dictionary-hero', _type: 'heroDictionary' });
  const started = performance.now();
  const answer = await fetch(`${instances[0]!.url}/api/revalidate`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await signWebhook(body, SECRET, Date.now()),
    },
  });
  if (answer.status !== 200) throw new Error(`webhook: ${answer.status} ${await answer.text()}`);
  const waiting = new Set(
    instances.flatMap((instance) =>
      ['/de', '/locales/de/hero.json'].map((pathname) => `${instance.url}${pathname}`),
    ),
  );
  while (waiting.size) {
    if (performance.now() - started > 30_000)
      throw new Error(`not fresh within 30 s: ${[...waiting].join(', ')}`);
    await Promise.all(
      [...waiting].map(async (url) => {
        if ((await (await fetch(url)).text()).includes(marker)) waiting.delete(url);
      }),
    );
  }
  return performance.now() - started;
}

const work = await mkdtemp(path.join(tmpdir(), 'rg-bench-scale-'));
// nginx's workers run as another user: they must be able to read the exported files.
await chmod(work, 0o755);
const storeFile = path.join(work, 'store.ndjson');
const store = new LocalStore(storeFile);
await importLocales(store, { from: 'locales', dryRun: false });
const variant: Variant = {
  name: 'scale',
  env: { CONTENT_STORE_FILE: storeFile, SANITY_REVALIDATE_SECRET: SECRET },
};
console.log('building the site…');
buildSite(variant);
const redis = await startRedis();
const rows: (string | number)[][] = [];
const publishRows: (string | number)[][] = [];
try {
  const results = new Map<string, LoadResult[]>();
  for (const scenario of SCENARIOS) {
    console.log(`${scenario.name}…`);
    const served = await scenario.serve({ variant, redis, work });
    try {
      // Every path once through the front, then a short warm-up at full load.
      for (const pathname of PATHS) await (await fetch(`${served.url}${pathname}`)).arrayBuffer();
      await autocannon({
        url: served.url,
        connections: 50,
        duration: 3,
        requests: PATHS.map((p) => ({ path: p })),
      });
      const measured: LoadResult[] = [];
      for (const connections of CONNECTIONS) measured.push(await load(served.url, connections));
      results.set(scenario.name, measured);
      if (served.instances.length) {
        const times: number[] = [];
        for (let round = 1; round <= PUBLISHES; round += 1)
          times.push(await publishUntilFresh(store, served.instances, round));
        publishRows.push([
          scenario.name,
          Math.round(median(times)),
          Math.round(Math.max(...times)),
        ]);
      }
    } finally {
      await served.stop();
    }
  }
  const reference = results.get(SCENARIOS.find((scenario) => scenario.reference)!.name)!;
  for (const scenario of SCENARIOS)
    for (const [index, connections] of CONNECTIONS.entries()) {
      const result = results.get(scenario.name)![index]!;
      rows.push([
        scenario.name,
        connections,
        Math.round(result.rps),
        result.p50,
        result.p99,
        `${result.errors} (${result.timeouts})`,
        result.non2xx,
        (result.rps / reference[index]!.rps).toFixed(3),
      ]);
    }
  console.log(
    [
      '',
      `${PATHS.length} paths in rotation (every page in every language, 9 /locales files), ${DURATION_S} s per run`,
      formatTable(
        [
          'scenario',
          'connections',
          'requests/s',
          'p50 ms',
          'p99 ms',
          'errors (timeouts)',
          'non-2xx',
          'ratio to nginx',
        ],
        rows,
      ),
      '',
      `publish → fresh on every instance (/de and /locales/de/hero.json), ${PUBLISHES} publishes each`,
      formatTable(['scenario', 'median ms', 'max ms'], publishRows),
    ].join('\n'),
  );
} finally {
  await redis.stop();
  await rm(work, { recursive: true, force: true });
}
