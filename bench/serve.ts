/** Builds the site into its own folder and serves it for a benchmark. */
import { spawnSync } from 'node:child_process';
import { buildVariant, startVariant, type Variant } from '@/e2e/servers';

export async function serveForBenchmark(variant: Variant) {
  spawnSync('node', ['--import', 'tsx', 'scripts/prepare-content.ts'], { stdio: 'ignore' });
  console.log(`building (${variant.name})…`);
  buildVariant(variant);
  return startVariant(variant);
}
