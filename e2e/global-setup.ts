/** Prepares the published dictionaries, builds every variant and serves them for the run. */
import { spawnSync, type ChildProcess } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { writeHostileLocales } from './hostile-copy';
import { buildVariant, startVariant, stopServer, VARIANTS } from './servers';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: Record<keyof typeof VARIANTS, string>;
  }
}

export default async function setup(project: TestProject) {
  const prepared = spawnSync('npx', ['tsx', 'scripts/prepare-content.ts'], {
    stdio: 'pipe',
    encoding: 'utf8',
  });
  if (prepared.status !== 0)
    throw new Error(`prepare-content failed:\n${prepared.stdout}\n${prepared.stderr}`);
  writeHostileLocales();
  const servers: ChildProcess[] = [];
  for (const variant of Object.values(VARIANTS)) {
    buildVariant(variant);
    servers.push(await startVariant(variant));
  }
  project.provide('baseUrls', {
    plain: `http://127.0.0.1:${VARIANTS.plain.port}`,
    firebase: `http://127.0.0.1:${VARIANTS.firebase.port}`,
    hostile: `http://127.0.0.1:${VARIANTS.hostile.port}`,
  });
  return () => servers.forEach(stopServer);
}
