/** Builds the Studio once for every browser test of the run (`sanity build`, offline). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildStudio } from '@/testing/studio';

declare module 'vitest' {
  export interface ProvidedContext {
    studioBuild: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-studio-build-'));
  buildStudio(dir);
  project.provide('studioBuild', dir);
  return () => rm(dir, { recursive: true, force: true });
}
