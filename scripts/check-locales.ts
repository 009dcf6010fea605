/**
 * Validates the bundled copy (or `--from <dir>`) without touching any content store:
 * every file against schemas/, identical shapes and placeholders across languages.
 * Then warns (exit code 0) where copy drifts from the glossary or the form of address.
 */
import path from 'node:path';
import { copyStyleWarnings } from '@/content/copy-style';
import { readLocaleFolder } from '@/content/read-locales';
import { ContentError, describeProblem } from '@/schemas/problems';
import { countTexts } from '@/schemas/walk';
import { getDictionary } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';

const fromIndex = process.argv.indexOf('--from');
const root = fromIndex > 0 ? (process.argv[fromIndex + 1] ?? 'locales') : 'locales';

try {
  const dictionaries = await readLocaleFolder(root);
  const totals = Object.fromEntries(LANGUAGES.map((lang) => [lang, 0]));
  for (const { namespace, files: perLanguage } of dictionaries) {
    for (const lang of LANGUAGES)
      totals[lang]! += countTexts(getDictionary(namespace), perLanguage[lang]);
  }
  console.log(
    `${root}: ${dictionaries.length} namespaces valid; texts per language: ${LANGUAGES.map((l) => `${l} ${totals[l]}`).join(', ')}`,
  );
  const warnings = dictionaries.flatMap(({ namespace, files }) =>
    LANGUAGES.flatMap((lang) =>
      copyStyleWarnings(
        lang,
        namespace,
        files[lang],
        path.relative(process.cwd(), path.join(root, lang, `${namespace}.json`)),
      ),
    ),
  );
  for (const warning of warnings) console.warn(`warning: ${describeProblem(warning)}`);
  console.log(`${warnings.length} copy style warning(s) (glossary, form of address, long words).`);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  console.error(`\n${error.problems.length} problem(s) found.`);
  process.exit(1);
}
