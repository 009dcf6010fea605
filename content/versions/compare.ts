/**
 * A version beside the live one, per language: every text (and shared value) of the
 * published JSON by its key path (`title.main`, `items[2].question`, as keys mode and
 * `/locales/<lang>/<ns>.json` name them), with the ones that differ marked. Both sides are
 * split without the English fallback, so a missing translation shows as missing.
 */
import { getDictionary, type Namespace } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { formatPath } from '@/schemas/problems';
import { splitDocument } from '@/schemas/walk';
import type { DictionaryContent } from './version-records';

export interface ComparisonRow {
  /** Key path in the language's JSON. */
  readonly path: string;
  /** The text in the version (undefined: not there). */
  readonly version: string | undefined;
  /** The text live now. */
  readonly live: string | undefined;
  readonly changed: boolean;
}

export type Comparison = Record<Language, ComparisonRow[]>;

function leaves(value: unknown, path: (string | number)[] = [], out = new Map<string, string>()) {
  if (Array.isArray(value)) value.forEach((item, index) => leaves(item, [...path, index], out));
  else if (value !== null && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) leaves(inner, [...path, key], out);
  else if (value !== undefined && value !== null) out.set(formatPath(path), String(value));
  return out;
}

function textsOf(namespace: Namespace, content: DictionaryContent | undefined, language: Language) {
  if (!content) return new Map<string, string>();
  const split = splitDocument(getDictionary(namespace), content, language, namespace, {
    fallback: false,
  });
  return leaves(split.value);
}

/** Every text of both, in the version's order, then the ones only the live one has. */
export function compareWithLive(
  namespace: Namespace,
  version: DictionaryContent,
  live: DictionaryContent | undefined,
): Comparison {
  const comparison = {} as Comparison;
  for (const language of LANGUAGES) {
    const before = textsOf(namespace, version, language);
    const now = textsOf(namespace, live, language);
    const paths = [...new Set([...before.keys(), ...now.keys()])];
    comparison[language] = paths.map((path) => {
      const versionText = before.get(path);
      const liveText = now.get(path);
      return { path, version: versionText, live: liveText, changed: versionText !== liveText };
    });
  }
  return comparison;
}

/** How many texts differ, over all languages. */
export function changedCount(comparison: Comparison): number {
  return LANGUAGES.reduce(
    (sum, language) => sum + comparison[language].filter((row) => row.changed).length,
    0,
  );
}
