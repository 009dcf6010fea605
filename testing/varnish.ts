/**
 * Varnish in front of a running site, for tests and benchmarks: the repository's own VCL
 * (deploy/varnish.vcl) with its backend pointed at the site's port, run by `varnishd` in the
 * foreground in its own process group, with a private work folder (`-n`), on a free port.
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listenLocally, type LocalHttpServer } from './local-http';
import { freePort, startGroup, waitForHttp, type ProcessGroup } from './processes';

export const VCL_FILE = path.join(import.meta.dirname, '..', 'deploy', 'varnish.vcl');

export interface RunningVarnish {
  /** e.g. `http://127.0.0.1:41234` */
  readonly url: string;
  readonly group: ProcessGroup;
  /** Its `-n` folder, for varnishstat and varnishlog. */
  readonly workDir: string;
  stop(): Promise<void>;
}

/**
 * The repository's VCL with its backends on `backendPorts`: one port for every backend (one
 * instance), or one port per backend, in order.
 */
export async function vclFor(backendPorts: number | readonly number[]): Promise<string> {
  const vcl = await readFile(VCL_FILE, 'utf8');
  const ports = typeof backendPorts === 'number' ? [backendPorts] : backendPorts;
  let backend = 0;
  const pointed = vcl.replace(
    /(\.port = )"\d+"/g,
    (_, prefix: string) => `${prefix}"${ports[Math.min(backend++, ports.length - 1)]}"`,
  );
  if (backend === 0) throw new Error(`${VCL_FILE}: no backend .port to point at the site`);
  if (ports.length > backend)
    throw new Error(
      `${VCL_FILE}: ${backend} backend(s), not one for each of ${ports.length} ports`,
    );
  return pointed;
}

/** Starts Varnish in front of the site on `backendPorts`; resolves once it serves the site. */
export async function startVarnish(
  backendPorts: number | readonly number[],
  { port: chosen, memory = '64m' }: { port?: number; memory?: string } = {},
): Promise<RunningVarnish> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-varnish-'));
  // varnishd compiles the VCL as its own unprivileged user.
  await chmod(dir, 0o755);
  const vclFile = path.join(dir, 'site.vcl');
  await writeFile(vclFile, await vclFor(backendPorts), { mode: 0o644 });
  const port = chosen ?? (await freePort());
  const workDir = path.join(dir, 'work');
  const group = startGroup('varnishd', [
    '-F',
    '-a',
    `127.0.0.1:${port}`,
    '-f',
    vclFile,
    '-n',
    workDir,
    '-s',
    `malloc,${memory}`,
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, group, { timeoutMs: 30_000 });
  return {
    url,
    group,
    workDir,
    async stop() {
      await group.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Per backend of the VCL (`site1`, `site2`): whether its health check finds it healthy, and the requests sent to it. */
export function backendsOf(
  varnish: RunningVarnish,
): Record<string, { healthy: boolean; requests: number }> {
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, ['-n', varnish.workDir, ...args], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as unknown;
  };
  const [, , , list] = run('varnishadm', ['backend.list', '-j']) as [
    unknown,
    unknown,
    unknown,
    Record<string, { type: string; probe_message: [number, number, string] }>,
  ];
  const { counters } = run('varnishstat', ['-1', '-j', '-f', 'VBE.*.req']) as {
    counters: Record<string, { value: number }>;
  };
  const backends: Record<string, { healthy: boolean; requests: number }> = {};
  for (const [name, backend] of Object.entries(list)) {
    if (backend.type !== 'backend') continue;
    backends[name.split('.').pop()!] = {
      healthy: backend.probe_message[2] === 'healthy',
      requests: counters[`VBE.${name}.req`]?.value ?? 0,
    };
  }
  return backends;
}

/** How the purge address in front of Varnish answers: passed on, 500, or no answer at all. */
export type PurgeFault = 'none' | 'error' | 'timeout';

export interface PurgeAddress extends LocalHttpServer {
  /** The purge requests that reached Varnish. */
  readonly passed: () => number;
  fault(mode: PurgeFault): void;
}

/**
 * A purge address in front of a real Varnish that can fail on demand, as a CDN's purge API
 * does when it is down (500) or overloaded (no answer): the site's `CDN_PURGE_URL` for tests
 * of a purge that fails, then recovers.
 */
export async function faultyPurgeAddress(varnishUrl: string): Promise<PurgeAddress> {
  let mode: PurgeFault = 'none';
  let passed = 0;
  const server = createServer((req, res) => {
    if (mode === 'error') return void res.writeHead(500).end('purge API down');
    if (mode === 'timeout') return; // never answers; the site's request times out
    // A purge carries its tags in one header (CdnPurger): that one is passed on.
    void fetch(new URL(req.url ?? '/', varnishUrl), {
      method: req.method ?? 'PURGE',
      headers: { 'xkey-purge': String(req.headers['xkey-purge'] ?? '') },
    }).then(
      async (answer) => {
        passed += 1;
        res.writeHead(answer.status).end(await answer.text());
      },
      () => res.writeHead(502).end(),
    );
  });
  const local = await listenLocally(server);
  return { ...local, passed: () => passed, fault: (next) => (mode = next) };
}
