/**
 * The export step: content store → `<lang>/<namespace>.json` files, the same JSON the site
 * serves at `/locales/<lang>/<namespace>.json` (both come from content/published.ts), for
 * whoever publishes them elsewhere (a CDN, a mobile app). Every dictionary is validated
 * before anything is written; the files go to a temporary folder that is
 * swapped into place, so a failed export leaves the published files as they were.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { ContentError } from '@/schemas/problems';
import { publishStore, type CoverageEntry } from './published';
import type { ContentStore } from './store';

export type { CoverageEntry } from './published';

export interface Coverage {
  languages: Record<Language, Omit<CoverageEntry, 'fallbacks'>>;
  namespaces: Record<string, Record<Language, CoverageEntry>>;
}

export const COVERAGE_FILE = 'coverage.json';

/** Where `npm run export-locales` writes unless told otherwise (outside public/: see README). */
export const DEFAULT_EXPORT_FOLDER = path.join('published', 'locales');

export async function exportLocales(
  store: ContentStore,
  options: { out: string; strict: boolean },
): Promise<Coverage> {
  const { namespaces, problems } = await publishStore(store, { strict: options.strict });
  if (problems.length) throw new ContentError(problems);
  const outputs: { file: string; json: unknown }[] = [];
  const coverage: Coverage = {
    languages: Object.fromEntries(
      LANGUAGES.map((l) => [l, { texts: 0, missing: 0 }]),
    ) as Coverage['languages'],
    namespaces: {},
  };
  for (const published of namespaces) {
    coverage.namespaces[published.namespace] = published.coverage;
    for (const language of LANGUAGES) {
      const entry = published.coverage[language];
      coverage.languages[language].texts += entry.texts;
      coverage.languages[language].missing += entry.missing;
      outputs.push({
        file: path.join(language, `${published.namespace}.json`),
        json: published.languages[language],
      });
    }
  }

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
