/**
 * Servers and measurements the site benchmarks share: nginx as the reference, a server's
 * resident memory, and publish → fresh on every instance.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { sendPublishWebhook } from '@/content/webhook';
import { freePort, startGroup, waitForHttp, type ProcessGroup } from '@/testing/processes';
import { buildSite, type RunningSite, type Variant } from '@/testing/site-server';
import { median } from './statistics';
import { listeningPid, residentMiB } from '@/testing/server-memory';

/** nginx (Debian's nginx-light) in the foreground with its own prefix folder. */
export async function startNginx(
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

/** As a browser asks for a page: the production server answers it from memory once kept. */
export const AS_BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
};

/** Resident memory (MiB) of the process listening on the port, NaN when none listens. */
export function serverMemory(port: number): number {
  try {
    return residentMiB(listeningPid(port));
  } catch {
    return NaN;
  }
}

/**
 * The variant with an inspector on a free loopback port in each Node process of its server,
 * unused until collectedMemory() asks it for a collection.
 */
export function inspectable(variant: Variant): Variant {
  const options = `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:0`.trim();
  return { ...variant, env: { ...variant.env, NODE_OPTIONS: options } };
}

/**
 * Resident memory (MiB) of the server listening on the port right after a full garbage
 * collection, asked of its inspector (inspectable()): what the server keeps, not the garbage V8
 * has not collected yet, which alone swings a Node server's RSS by a third or more.
 */
export async function collectedMemory(port: number): Promise<number> {
  const pid = listeningPid(port);
  const listening = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' }).split('\n');
  const inspector = listening
    .filter((line) => line.includes(`pid=${pid},`))
    .map((line) => Number(/:(\d+)\s/.exec(line)?.[1]))
    .find((candidate) => candidate && candidate !== port);
  if (!inspector)
    throw new Error(`the server on port ${port} has no inspector: serve an inspectable() variant`);
  const [target] = (await (await fetch(`http://127.0.0.1:${inspector}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () =>
      socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    socket.onmessage = (event) => {
      if ((JSON.parse(String(event.data)) as { id?: number }).id === 1) resolve();
    };
    socket.onerror = () => reject(new Error(`the inspector of the server on port ${port} failed`));
  });
  socket.close();
  // V8 hands the freed pages back while it sweeps, just after the collection.
  await setTimeout(1000);
  return residentMiB(pid);
}

/** A store edit and the webhook to the first instance; ms until every instance shows it. */
export async function publishUntilFresh(
  store: LocalStore,
  instances: readonly RunningSite[],
  round: number,
  secret: string,
) {
  const marker = `Skala${round}x${Date.now().toString(36)}`;
  const doc = (await store.readAll()).find((candidate) => candidate._id === 'dictionary-hero');
  if (!doc) throw new Error('the store holds no dictionary-hero');
  (doc.title as { main: { de: string } }).main.de = `Spiele mit Haltung ${marker}`;
  await store.commit([doc]);
  const started = performance.now();
  const answer = await sendPublishWebhook(
    `${instances[0]!.url}/api/revalidate`,
    { _id: doc._id, _type: 'heroDictionary' },
    secret,
  );
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
        if ((await (await fetch(url, { headers: AS_BROWSER })).text()).includes(marker))
          waiting.delete(url);
      }),
    );
  }
  return performance.now() - started;
}

/** One load run against one scenario. */
export interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Connection errors, of which timeouts. */
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
}

/**
 * Loads every scenario in turn, round after round at each connection count, so that what else
 * the machine does weighs on each alike. Returns the results per scenario and connection count,
 * and each result's ratio to the reference scenario's in the same round.
 */
export async function takeTurns(
  count: number,
  connections: readonly number[],
  rounds: number,
  reference: number,
  load: (scenario: number, connections: number) => Promise<LoadResult>,
) {
  const runs = Array.from({ length: count }, () => connections.map((): LoadResult[] => []));
  const ratios = Array.from({ length: count }, () => connections.map((): number[] => []));
  for (const [level, connectionCount] of connections.entries())
    for (let round = 1; round <= rounds; round += 1) {
      console.log(`${connectionCount} connections, round ${round} of ${rounds}…`);
      const results: LoadResult[] = [];
      for (let scenario = 0; scenario < count; scenario += 1)
        results.push(await load(scenario, connectionCount));
      for (const [index, result] of results.entries()) {
        runs[index]![level]!.push(result);
        ratios[index]![level]!.push(result.rps / results[reference]!.rps);
      }
    }
  return { runs, ratios };
}

export const LOAD_COLUMNS = [
  'scenario',
  'connections',
  'requests/s',
  'p50 ms',
  'p99 ms',
  'errors (timeouts)',
  'non-2xx',
  'ratio to nginx',
];

/** A table row: medians of the rounds (errors summed), ratio the median of each round's. */
export function loadRow(
  name: string,
  connections: number,
  results: readonly LoadResult[],
  ratios: readonly number[],
): (string | number)[] {
  const sum = (pick: (result: LoadResult) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  return [
    name,
    connections,
    Math.round(median(results.map((result) => result.rps))),
    median(results.map((result) => result.p50)).toFixed(1),
    median(results.map((result) => result.p99)).toFixed(1),
    `${sum((result) => result.errors)} (${sum((result) => result.timeouts)})`,
    sum((result) => result.non2xx),
    median(ratios).toFixed(3),
  ];
}

/** `--duration <s>` per load run, `--rounds`, `--connections 50,200`, with a benchmark's defaults. */
export function loadOptions(defaults: { duration: string; rounds: string; connections: string }) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: defaults.duration },
      rounds: { type: 'string', default: defaults.rounds },
      connections: { type: 'string', default: defaults.connections },
    },
  });
  return {
    durationS: Number(values.duration),
    rounds: Number(values.rounds),
    connections: values.connections.split(',').map(Number),
  };
}

/**
 * A work folder, a content store loaded with the bundled copy, and the site built from it
 * (variant `name`, whose webhook takes `secret`).
 */
export async function buildBenchSite(name: string, secret: string) {
  const work = await mkdtemp(path.join(tmpdir(), `rg-bench-${name}-`));
  // nginx's workers run as another user: they must be able to read the exported files.
  await chmod(work, 0o755);
  const storeFile = path.join(work, 'store.ndjson');
  const store = new LocalStore(storeFile);
  await importLocales(store, { from: 'locales', dryRun: false });
  const variant: Variant = {
    name,
    env: { CONTENT_STORE_FILE: storeFile, SANITY_REVALIDATE_SECRET: secret },
  };
  console.log('building the site…');
  buildSite(variant);
  return { work, store, variant };
}
