/** Prepares the content stores, builds every variant and serves them for the run. */
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { exportLocales } from '@/content/export-locales';
import { LocalStore } from '@/content/local-store';
import { importLocales } from '@/content/import-locales';
import { buildSite, keepPristineBuild, serveSite, type RunningSite } from '@/testing/site-server';
import { E2E_STORE, PUBLISHED_FOR_TESTS } from './content-store';
import { writeHostileStore } from './hostile-copy';
import { VARIANTS, type VariantName } from './variants';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: Record<VariantName, string>;
  }
}

export default async function setup(project: TestProject) {
  await rm(E2E_STORE, { force: true });
  const store = new LocalStore(E2E_STORE);
  await importLocales(store, { from: 'locales', dryRun: false });
  await exportLocales(store, { out: PUBLISHED_FOR_TESTS, strict: false });
  await writeHostileStore();
  const sites: RunningSite[] = [];
  const urls = {} as Record<VariantName, string>;
  try {
    for (const [name, variant] of Object.entries(VARIANTS) as [
      VariantName,
      (typeof VARIANTS)[VariantName],
    ][]) {
      buildSite(variant);
      // Tests whose site differs from the plain one only in run-time settings serve a copy.
      if (variant === VARIANTS.plain) await keepPristineBuild(variant);
      const site = await serveSite(variant);
      sites.push(site);
      urls[name] = site.url.replace('localhost', '127.0.0.1');
    }
  } catch (error) {
    await Promise.all(sites.map((site) => site.stop()));
    throw error;
  }
  project.provide('baseUrls', urls);
  return async () => {
    await Promise.all(sites.map((site) => site.stop()));
  };
}
