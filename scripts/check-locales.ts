/**
 * Validates the bundled copy (or `--from <dir>`) without touching any content store:
 * every file against schemas/, identical shapes and placeholders across languages.
 */
import { readLocaleFolder } from '@/content/read-locales';
import { ContentError } from '@/schemas/problems';
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
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  console.error(`\n${error.problems.length} problem(s) found.`);
  process.exit(1);
}
