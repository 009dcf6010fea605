/** npm run export-locales -- [--out published/locales] [--strict] */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { coverageTable, runScript } from '@/content/cli';
import { COVERAGE_FILE, DEFAULT_EXPORT_FOLDER, exportLocales } from '@/content/export-locales';
import { openContentStore } from '@/content/store';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: DEFAULT_EXPORT_FOLDER },
    strict: { type: 'boolean', default: false },
  },
});

await runScript(async () => {
  const store = openContentStore('read');
  console.log(`content store: ${store.description}`);
  const coverage = await exportLocales(store, { out: values.out, strict: values.strict });
  console.log(coverageTable(coverage));
  console.log(
    `published to ${values.out}/<lang>/<namespace>.json; coverage report: ${path.join(values.out, COVERAGE_FILE)}`,
  );
});
