/**
 * Builds and serves the site the way production does: the real `next build` and
 * `next start`, one build per settings variant in its own dist folder, on a free port.
 */
import { spawnSync } from 'node:child_process';
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

export const distDir = (variant: Variant) => `.next-e2e-${variant.name}`;

export function siteEnv(variant: Variant, port?: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: distDir(variant),
    ...(port === undefined ? {} : { PORT: String(port) }),
    ...variant.env,
  };
  // The site must build from the bundled copy, whatever the developer's shell holds.
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

/** Serves an existing build of the variant on a free port (or `port`). */
export async function serveSite(variant: Variant, port?: number): Promise<RunningSite> {
  const chosen = port ?? (await freePort());
  // Bound to localhost, not 127.0.0.1: Next 16 serves a rewrite that carries a status (our
  // 404s) through a request to "localhost", which hangs when the server listens on 127.0.0.1 only.
  const server = startGroup('npx', ['next', 'start', '-p', String(chosen), '-H', 'localhost'], {
    env: siteEnv(variant, chosen),
  });
  const url = `http://localhost:${chosen}`;
  await waitForHttp(`${url}/`, server, { timeoutMs: 60_000 });
  return { url, port: chosen, server, stop: () => server.stop() };
}
