/**
 * Whether the bundled copy in `locales/` and the content store say the same thing. Once
 * the store is filled it is the source of the site, so a later edit of `locales/` changes
 * nothing until it is imported; the build says so instead of staying silent.
 */
import { LANGUAGES } from '@/schemas/languages';
import { ContentError, describeProblem } from '@/schemas/problems';
import { importLocales } from './import-locales';
import type { ContentStore } from './store';

/** The note to print, or null when `locales/` and the store agree. */
export async function localesDriftNote(store: ContentStore, from: string): Promise<string | null> {
  let result;
  try {
    result = await importLocales(store, { from, dryRun: true });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    const shown = error.problems.slice(0, 3).map(describeProblem).join('\n  ');
    const more = error.problems.length > 3 ? `\n  … and ${error.problems.length - 3} more` : '';
    return `note: ${from}/ does not pass validation, so it was not compared with the content store:\n  ${shown}${more}`;
  }
  const differing = result.namespaces.filter((namespace) => namespace.changed);
  if (differing.length === 0) return null;
  // Named by side: "+3" could not tell whether the three texts are in the files or in the store.
  const described = differing.map(({ namespace, languages }) => {
    const changes = LANGUAGES.flatMap((language) => {
      const { added, changed, removed } = languages[language].changes;
      const parts = [
        ...(added ? [`${added} only in ${from}/`] : []),
        ...(changed ? [`${changed} worded differently`] : []),
        ...(removed ? [`${removed} only in the store`] : []),
      ];
      return parts.length ? [`${language}: ${parts.join(', ')}`] : [];
    });
    return changes.length ? `${namespace} (${changes.join('; ')})` : namespace;
  });
  return (
    `note: ${from}/ differs from the content store in ${differing.length} namespace(s): ${described.join(', ')}.\n` +
    `  The site shows the content store. To publish the ${from}/ copy instead, run: npm run import-locales` +
    `${from === 'locales' ? '' : ` -- --from ${from}`} (preview with --dry-run)`
  );
}
