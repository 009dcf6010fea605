import { fileURLToPath } from 'node:url';
import { defineCliConfig } from 'sanity/cli';
import { mergeConfig, type Plugin } from 'vite';
import { apiHost, dataset, projectId } from './env';

/**
 * With the local API (`npm run studio`), the dev server's page starts ./api-gate.ts instead of
 * the Studio: it starts the Studio once the browser reaches the API, and says what to do when
 * the browser does not trust the API's certificate yet.
 */
const localApiGate: Plugin = {
  name: 'rg-local-api-gate',
  apply: 'serve',
  transformIndexHtml: (html) =>
    apiHost ? html.replace('"/.sanity/runtime/app.js"', '"/api-gate.ts"') : html,
};

export default defineCliConfig({
  api: { projectId, dataset },
  ...(process.env.SANITY_STUDIO_HOSTNAME && { studioHost: process.env.SANITY_STUDIO_HOSTNAME }),
  // The repository's `@/` imports, so the Studio runs the content pipeline's own code (the
  // translation overview counts with content/published.ts, as export-locales does).
  vite: (config) =>
    mergeConfig(config, {
      plugins: [localApiGate],
      resolve: { alias: { '@': fileURLToPath(new URL('../', import.meta.url)) } },
    }),
});
