/**
 * Builds, once for every browser test of the run, the Studio (`sanity build`, offline) and
 * the site (`next build` from the bundled copy). Tests that need the site serve their own
 * copy of that build on their own dataset (testing/studio-servers.ts `serveSiteCopy`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '@/testing/site-server';
import { buildStudio, STUDIO_SITE_BUILD, temporaryDataset } from '@/testing/studio-servers';

declare module 'vitest' {
  export interface ProvidedContext {
    studioBuild: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-studio-build-'));
  const dataset = await temporaryDataset();
  try {
    buildStudio(dir);
    buildSite({ ...STUDIO_SITE_BUILD, env: { CONTENT_STORE_FILE: dataset.storeFile } });
  } finally {
    await rm(dataset.dir, { recursive: true, force: true });
  }
  project.provide('studioBuild', dir);
  return () => rm(dir, { recursive: true, force: true });
}
