/**
 * Builds and serves the site the way production does: the real `next build` and the
 * production server (`server.ts`: Next's own handler behind the HTTP edge guard), one build
 * per settings variant in its own dist folder, on a free port.
 */
import { spawnSync } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { freePort, startGroup, waitForHttp, type ProcessGroup } from './processes';

export interface Variant {
  /** Names the dist folder `.next-e2e-<name>`. */
  readonly name: string;
  /** Settings of this build and server, on top of a clean environment. */
  readonly env: Record<string, string>;
}

export interface RunningSite {
  /** e.g. `http://localhost:41234` */
  readonly url: string;
  readonly port: number;
  readonly server: ProcessGroup;
  stop(): Promise<void>;
}

/**
 * One request with the target sent exactly as given, on a fresh connection (fetch cannot send
 * TRACE, and would resolve `.` and `..` segments first); the status and headers of the answer.
 */
export function sendRaw(
  site: RunningSite,
  method: string,
  target: string,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: 'localhost', port: site.port, method, path: target, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export const distDir = (variant: Variant) => `.next-e2e-${variant.name}`;

export function siteEnv(variant: Variant, port?: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: distDir(variant),
    ...(port === undefined ? {} : { PORT: String(port) }),
    ...variant.env,
  };
  // The site must build from the bundled copy, whatever the developer's shell holds; a
  // variant's own settings stay (the hostile build gets a secret to prove it never ships).
  for (const key of Object.keys(env))
    if ((key.startsWith('SANITY_') || key.startsWith('NEXT_PUBLIC_')) && !(key in variant.env))
      delete env[key];
  return env;
}

export function buildSite(variant: Variant): void {
  const result = spawnSync('npx', ['next', 'build'], {
    env: siteEnv(variant),
    stdio: 'pipe',
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`next build (${variant.name}) failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * `server`: the production server (`npm run serve`), the only way to run the site.
 * `next-start`: stock `next start` on the same build, the peer bench/origin.ts measures against.
 */
export type SiteRuntime = 'server' | 'next-start';

/** How the server is bound: `--hostname <name>`, or `null` for no `--hostname` (every address). */
export type ServeHostname = 'localhost' | '127.0.0.1' | '::1' | '0.0.0.0' | null;

/** Serves an existing build of the variant on a free port (or `port`). */
export async function serveSite(
  variant: Variant,
  port?: number,
  {
    runtime = 'server',
    hostname = 'localhost',
  }: { runtime?: SiteRuntime; hostname?: ServeHostname } = {},
): Promise<RunningSite> {
  const chosen = port ?? (await freePort());
  const address = ['--port', String(chosen), ...(hostname ? ['--hostname', hostname] : [])];
  const server =
    runtime === 'server'
      ? startGroup('npx', ['node', 'server.ts', ...address], { env: siteEnv(variant, chosen) })
      : startGroup('npx', ['next', 'start', ...address], { env: siteEnv(variant, chosen) });
  const host = hostname === '::1' ? '[::1]' : hostname === '127.0.0.1' ? '127.0.0.1' : 'localhost';
  const url = `http://${host}:${chosen}`;
  await waitForHttp(`${url}/`, server, { timeoutMs: 60_000 });
  return { url, port: chosen, server, stop: () => server.stop() };
}

/**
 * Keeps the build of `variant` as `next build` left it (`.next-e2e-<name>-pristine`), before a
 * server advances its content snapshot and page cache, for serveBuildCopy.
 */
export async function keepPristineBuild(variant: Variant): Promise<void> {
  await rm(pristineDir(variant), { recursive: true, force: true });
  await cp(distDir(variant), pristineDir(variant), { recursive: true });
}

export const pristineDir = (variant: Variant) => `${distDir(variant)}-pristine`;

/** Makes a fresh copy of the build in `buildFolder` the build of `variant`. */
export async function copyBuild(buildFolder: string, variant: Variant): Promise<void> {
  await rm(distDir(variant), { recursive: true, force: true });
  await cp(buildFolder, distDir(variant), { recursive: true });
}

/**
 * Serves a fresh copy of the build in `buildFolder` as `variant`, with the variant's own store
 * and settings: what differs only in settings read at run time needs no build of its own (a
 * `next build` is about 1.5 minutes here, a copy a second). The copy is removed on stop.
 */
export async function serveBuildCopy(
  buildFolder: string,
  variant: Variant,
  port?: number,
  options?: Parameters<typeof serveSite>[2],
): Promise<RunningSite> {
  await copyBuild(buildFolder, variant);
  const site = await serveSite(variant, port, options);
  return {
    ...site,
    async stop() {
      await site.stop();
      await rm(distDir(variant), { recursive: true, force: true });
    },
  };
}
