/** Builds the site into its own folder and serves it for a benchmark. */
import { spawnSync } from 'node:child_process';
import { buildSite, serveSite, siteEnv, type Variant } from '@/testing/site-server';
import { inspectable as withInspector } from './servers';

export async function serveForBenchmark(
  variant: Variant,
  port?: number,
  { inspectable = false } = {},
) {
  // The store the variant's build reads: loaded when empty, and checked (as `npm run build` does).
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/prepare-content.ts'], {
    env: siteEnv(variant),
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (prepared.status !== 0)
    throw new Error(`preparing the content store (${variant.name}) failed:\n${prepared.stderr}`);
  console.log(`building (${variant.name})…`);
  buildSite(variant);
  // The build without the inspector: only the server opens one (collectedMemory asks it).
  return serveSite(inspectable ? withInspector(variant) : variant, port);
}
