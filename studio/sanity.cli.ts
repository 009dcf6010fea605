import { fileURLToPath } from 'node:url';
import { defineCliConfig } from 'sanity/cli';
import { mergeConfig } from 'vite';
import { dataset, projectId } from './env';

export default defineCliConfig({
  api: { projectId, dataset },
  studioHost: process.env.SANITY_STUDIO_HOSTNAME || undefined,
  // The repository's `@/` imports, so the Studio runs the content pipeline's own code (the
  // translation overview counts with content/published.ts, as export-locales does).
  vite: (config) =>
    mergeConfig(config, {
      resolve: { alias: { '@': fileURLToPath(new URL('../', import.meta.url)) } },
    }),
});
