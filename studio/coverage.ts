/**
 * Translation coverage of one dictionary document, e.g. "de 42/45 · 3 outdated · tr 45/45":
 * translated texts per language, and how many of them were written against English that
 * has changed since (schemas/translation-status.ts).
 */
import type { SanityDocument } from 'sanity';
import { getDictionary, type Namespace } from '../schemas';
import { TRANSLATED_LANGUAGES, type Language } from '../schemas/languages';
import { splitDocument } from '../schemas/walk';

export interface LanguageCoverage {
  readonly language: Language;
  readonly translated: number;
  readonly texts: number;
  readonly outdated: number;
}

export function documentCoverage(
  namespace: Namespace,
  document: Partial<SanityDocument> | null | undefined,
): LanguageCoverage[] {
  return TRANSLATED_LANGUAGES.map((language) => {
    const { texts, fallbacks, outdated } = splitDocument(
      getDictionary(namespace),
      document ?? {},
      language,
      '',
      { fallback: false },
    );
    return { language, translated: texts - fallbacks.length, texts, outdated: outdated.length };
  });
}

export function coverageLabel(coverage: readonly LanguageCoverage[]): string {
  return coverage
    .map(
      (c) =>
        `${c.language} ${c.translated}/${c.texts}${c.outdated ? ` · ${c.outdated} outdated` : ''}`,
    )
    .join(' · ');
}

/** Every text translated and written against today's English. */
export function isUpToDate(coverage: readonly LanguageCoverage[]): boolean {
  return coverage.every((c) => c.translated === c.texts && c.outdated === 0);
}
