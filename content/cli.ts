/** What the content scripts share: clear failures and the coverage table. */
import { ContentError } from '@/schemas/problems';
import { LANGUAGES } from '@/schemas/languages';
import type { Coverage } from './export-locales';
import { formatTable } from './report';
import { SettingsError } from './settings';

/** Runs a script body; bad content or settings end it with exit code 1 and a clear message. */
export async function runScript(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (error instanceof ContentError) {
      console.error(error.message);
      console.error(`\n${error.problems.length} problem(s); nothing was written.`);
    } else if (error instanceof SettingsError) {
      console.error(`Configuration error: ${error.message}`);
    } else {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    }
    process.exitCode = 1;
  }
}

export function coverageTable(coverage: Coverage): string {
  const rows = Object.entries(coverage.namespaces).map(([namespace, perLanguage]) => [
    namespace,
    ...LANGUAGES.flatMap((lang) => [
      perLanguage[lang].texts - perLanguage[lang].missing,
      perLanguage[lang].missing,
    ]),
  ]);
  rows.push([
    'total',
    ...LANGUAGES.flatMap((lang) => [
      coverage.languages[lang].texts - coverage.languages[lang].missing,
      coverage.languages[lang].missing,
    ]),
  ]);
  return formatTable(
    ['namespace', ...LANGUAGES.flatMap((lang) => [`${lang} texts`, `${lang} fallbacks`])],
    rows,
  );
}
