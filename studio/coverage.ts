/** Translation coverage of one dictionary document, e.g. "de 42/45 · tr 45/45". */
import type { SanityDocument } from 'sanity';
import { getDictionary, type Namespace } from '../schemas';
import { TRANSLATED_LANGUAGES, type Language } from '../schemas/languages';
import { splitDocument } from '../schemas/walk';

export interface LanguageCoverage {
  readonly language: Language;
  readonly translated: number;
  readonly texts: number;
}

export function documentCoverage(
  namespace: Namespace,
  document: Partial<SanityDocument> | null | undefined,
): LanguageCoverage[] {
  return TRANSLATED_LANGUAGES.map((language) => {
    const { texts, fallbacks } = splitDocument(
      getDictionary(namespace),
      document ?? {},
      language,
      '',
      { fallback: false },
    );
    return { language, translated: texts - fallbacks.length, texts };
  });
}

export function coverageLabel(coverage: readonly LanguageCoverage[]): string {
  return coverage.map((c) => `${c.language} ${c.translated}/${c.texts}`).join(' · ');
}
