/**
 * Before build, dev and start: with no Sanity settings, load the bundled copy into the
 * embedded store when it is empty; then export the published dictionaries.
 */
import path from 'node:path';
import { coverageTable, runScript } from '@/content/cli';
import { exportLocales } from '@/content/export-locales';
import { importLocales } from '@/content/import-locales';
import { openContentStore } from '@/content/store';

process.exitCode = await runScript(async () => {
  const store = openContentStore('read');
  console.log(`content store: ${store.description}`);
  if (store.kind === 'local' && (await store.fetchDictionaries()).length === 0) {
    const result = await importLocales(store, { from: 'locales', dryRun: false });
    console.log(
      `embedded store was empty: imported the bundled copy (${result.written} documents).`,
    );
  }
  const coverage = await exportLocales(store, {
    out: path.join('public', 'locales'),
    strict: false,
  });
  console.log(coverageTable(coverage));
});
