/** npm run export-locales -- [--out public/locales] [--strict] */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { coverageTable, runScript } from '@/content/cli';
import { COVERAGE_FILE, exportLocales } from '@/content/export-locales';
import { openContentStore } from '@/content/store';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: path.join('public', 'locales') },
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
