/**
 * The export step: content store → `<lang>/<namespace>.json` files, the same JSON the site
 * serves at `/locales/<lang>/<namespace>.json` (both come from content/published.ts), for
 * whoever publishes them elsewhere (a CDN, a mobile app). Every dictionary is validated
 * before anything is written; then the whole folder is published at once
 * (./publish-folder.ts), so a failed or killed export leaves the published files as they
 * were, and a reader never finds the folder missing or half-written.
 */
import path from 'node:path';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { ContentError } from '@/schemas/problems';
import { swapFolder } from './swap-folder';
import { publishStore, type CoverageEntry } from './published';
import type { ContentStore } from './store';

export type { CoverageEntry } from './published';

export interface Coverage {
  languages: Record<Language, Omit<CoverageEntry, 'fallbacks' | 'outdatedPaths' | 'checks'>>;
  namespaces: Record<string, Record<Language, CoverageEntry>>;
}

export const COVERAGE_FILE = 'coverage.json';

/** Where `npm run export-locales` writes unless told otherwise (outside public/: see README). */
export const DEFAULT_EXPORT_FOLDER = path.join('published', 'locales');

export async function exportLocales(
  store: ContentStore,
  options: {
    out: string;
    strict: boolean;
    /** Told what went wrong after the new copy was live (e.g. the old one stayed behind). */
    onWarning?: (message: string) => void;
  },
): Promise<Coverage> {
  // Under the store lock, so the export never reads between a writer's read and write.
  const { namespaces, problems } = await store.exclusive('export-locales', () =>
    publishStore(store, { strict: options.strict }),
  );
  if (problems.length) throw new ContentError(problems);
  const outputs: { file: string; json: unknown }[] = [];
  const coverage: Coverage = {
    languages: Object.fromEntries(
      LANGUAGES.map((l) => [l, { texts: 0, missing: 0, outdated: 0, warnings: 0 }]),
    ) as Coverage['languages'],
    namespaces: {},
  };
  for (const published of namespaces) {
    coverage.namespaces[published.namespace] = published.coverage;
    for (const language of LANGUAGES) {
      const entry = published.coverage[language];
      coverage.languages[language].texts += entry.texts;
      coverage.languages[language].missing += entry.missing;
      coverage.languages[language].outdated += entry.outdated;
      coverage.languages[language].warnings += entry.warnings;
      outputs.push({
        file: path.join(language, `${published.namespace}.json`),
        json: published.languages[language],
      });
    }
  }

  const published = await swapFolder(
    options.out,
    [...outputs, { file: COVERAGE_FILE, json: coverage }].map(({ file, json }) => ({
      file: file.split(path.sep).join('/'),
      content: `${JSON.stringify(json, null, 2)}\n`,
    })),
  );
  const warn = options.onWarning ?? ((message: string) => console.warn(`warning: ${message}`));
  for (const warning of published.warnings) warn(warning);
  return coverage;
}
