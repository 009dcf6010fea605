/**
 * The translation checks (schemas/checks.ts) of dictionary files read from a folder, as
 * `file → key path` problems: what check-locales prints and import-locales refuses.
 */
import path from 'node:path';
import { getDictionary } from '@/schemas';
import { checkLanguages, withoutAccepted } from '@/schemas/checks';
import { glossaryFrom } from '@/schemas/glossary';
import type { ContentProblem } from '@/schemas/problems';
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
  for (const { namespace, files } of dictionaries) {
    const found = withoutAccepted(
      checkLanguages(getDictionary(namespace), files, glossary),
      ACCEPTED_CHECKS[namespace],
    );
    for (const problem of found) {
      (problem.severity === 'block' ? blocking : warnings).push({
        file: path.relative(process.cwd(), path.join(from, problem.language, `${namespace}.json`)),
        path: problem.path,
        message: `${problem.message.en} [${problem.kind}]`,
      });
    }
  }
  return { blocking, warnings };
}
