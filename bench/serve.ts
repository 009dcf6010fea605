/** Builds the site into its own folder and serves it for a benchmark. */
import { spawnSync } from 'node:child_process';
import { buildSite, serveSite, type Variant } from '@/testing/site-server';

export async function serveForBenchmark(variant: Variant, port?: number) {
  spawnSync('node', ['--import', 'tsx', 'scripts/prepare-content.ts'], { stdio: 'ignore' });
  console.log(`building (${variant.name})…`);
  buildSite(variant);
  return serveSite(variant, port);
}
