/**
 * The export step: content store → `/locales/<lang>/<namespace>.json`. Every dictionary
 * is validated before anything is written; the files go to a temporary folder that is
 * swapped into place, so a failed export leaves the published files as they were.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { documentId, getDictionary, NAMESPACES, type Namespace } from '@/schemas';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@/schemas/languages';
import { ContentError, type ContentProblem } from '@/schemas/problems';
import { validatorFor, zodProblems } from '@/schemas/validator';
import { splitDocument } from '@/schemas/walk';
import type { ContentStore } from './store';

export interface CoverageEntry {
  /** Texts present in English: what there is to translate. */
  texts: number;
  /** Texts without a translation in this language. */
  missing: number;
  /** Key paths that fell back to English in the published file. */
  fallbacks: string[];
}

export interface Coverage {
  languages: Record<Language, Omit<CoverageEntry, 'fallbacks'>>;
  namespaces: Record<string, Record<Language, CoverageEntry>>;
}

export const COVERAGE_FILE = 'coverage.json';

export async function exportLocales(
  store: ContentStore,
  options: { out: string; strict: boolean },
): Promise<Coverage> {
  // Under the store lock, so the export never reads between a writer's read and write.
  const fetched = await store.exclusive('export-locales', () => store.fetchDictionaries());
  const documents = new Map(fetched.map((doc) => [doc._id, doc]));
  const problems: ContentProblem[] = [];
  const outputs: { file: string; json: unknown }[] = [];
  const coverage: Coverage = {
    languages: Object.fromEntries(
      LANGUAGES.map((l) => [l, { texts: 0, missing: 0 }]),
    ) as Coverage['languages'],
    namespaces: {},
  };

  for (const namespace of NAMESPACES) {
    const id = documentId(namespace);
    const doc = documents.get(id);
    if (!doc) {
      problems.push({
        file: id,
        path: '',
        message: `document is missing from the content store (${store.description}); run npm run import-locales`,
      });
      continue;
    }
    coverage.namespaces[namespace] = {} as Record<Language, CoverageEntry>;
    for (const language of LANGUAGES) {
      const source = `${id} (${language})`;
      const split = splitDocument(getDictionary(namespace), doc, language, source);
      problems.push(...split.problems);
      if (options.strict) {
        for (const fallback of split.fallbacks) {
          problems.push({
            file: source,
            path: fallback,
            message: `${LANGUAGE_NAMES[language]} text is missing (--strict allows no fallback to English)`,
          });
        }
      }
      const result = validatorFor(namespace as Namespace).safeParse(split.value);
      if (!result.success) problems.push(...zodProblems(source, result.error));
      const entry = {
        texts: split.texts,
        missing: split.fallbacks.length,
        fallbacks: split.fallbacks,
      };
      coverage.namespaces[namespace][language] = entry;
      coverage.languages[language].texts += entry.texts;
      coverage.languages[language].missing += entry.missing;
      outputs.push({ file: path.join(language, `${namespace}.json`), json: split.value });
    }
  }
  if (problems.length) throw new ContentError(problems);

  await publishFolder(options.out, [...outputs, { file: COVERAGE_FILE, json: coverage }]);
  return coverage;
}

/** Writes every file into a fresh temporary folder, then swaps it in place of `out`. */
async function publishFolder(out: string, files: { file: string; json: unknown }[]): Promise<void> {
  const staging = `${out}.export-${process.pid}`;
  const previous = `${out}.previous-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    for (const { file, json } of files) {
      const target = path.join(staging, file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, `${JSON.stringify(json, null, 2)}\n`, 'utf8');
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  let hadPrevious = true;
  try {
    await rename(out, previous);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadPrevious = false;
  }
  try {
    await rename(staging, out);
  } catch (error) {
    if (hadPrevious) await rename(previous, out);
    throw error;
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}
