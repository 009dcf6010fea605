/**
 * The translation checks (schemas/checks.ts) of dictionary files read from a folder, and
 * items the site would show in one language and drop in another (web/render/dropped-items.ts,
 * as the gate holds them back), as `file → key path` problems: what check-locales prints and
 * import-locales refuses.
 */
import path from 'node:path';
import { getDictionary } from '@/schemas';
import { checkLanguages, withoutAccepted } from '@/schemas/checks';
import { glossaryFrom } from '@/schemas/glossary';
import { LANGUAGES } from '@/schemas/languages';
import type { ContentProblem } from '@/schemas/problems';
import { droppedItemProblems } from '@/web/render/dropped-items';
import { servedLanguages } from './document-checks';
import { ACCEPTED_CHECKS } from './published';
import type { ImportedDictionary } from './read-locales';

export interface LocaleChecks {
  /** Problems that would hold the copy back at the gate. */
  readonly blocking: ContentProblem[];
  /** Warnings no acceptance covers. */
  readonly warnings: ContentProblem[];
}

export function checkLocaleFiles(
  dictionaries: readonly ImportedDictionary[],
  from: string,
): LocaleChecks {
  const blocking: ContentProblem[] = [];
  const warnings: ContentProblem[] = [];
  // The folder's own glossary: the copy is checked against the glossary imported with it.
  const glossary = glossaryFrom(dictionaries.find((d) => d.namespace === 'glossary')?.files ?? {});
  for (const { namespace, files, document } of dictionaries) {
    const fileOf = (language: string) =>
      path.relative(process.cwd(), path.join(from, language, `${namespace}.json`));
    for (const problem of droppedItemProblems(namespace, servedLanguages(namespace, document))) {
      // The problem names the language dropping the item: `dictionary-faq (de)`.
      const language = LANGUAGES.find((l) => problem.file.endsWith(`(${l})`)) ?? 'en';
      blocking.push({ ...problem, file: fileOf(language) });
    }
    const found = withoutAccepted(
      checkLanguages(getDictionary(namespace), files, glossary),
      ACCEPTED_CHECKS[namespace],
    );
    for (const problem of found) {
      (problem.severity === 'block' ? blocking : warnings).push({
        file: fileOf(problem.language),
        path: problem.path,
        message: `${problem.message.en} [${problem.kind}]`,
      });
    }
  }
  return { blocking, warnings };
}
