/**
 * What the translation overview lists: every dictionary with its missing German and Turkish
 * texts, and those written against English that changed since (outdated). The figures come from `publishDocument`, the code export-locales writes
 * coverage.json with, run on the same published documents, so the overview and the export's
 * report cannot disagree.
 */
import { publishDocument } from '@/content/published';
import type { DictionaryDocument } from '@/content/store';
import { documentId, documentType, getDictionary, NAMESPACES, type Namespace } from '@/schemas';
import { TRANSLATED_LANGUAGES, type Language } from '@/schemas/languages';

export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export interface LanguageGap {
  /** Texts present in English: what there is to translate. */
  readonly texts: number;
  readonly missing: number;
  /** Translations whose English changed since they were written. */
  readonly outdated: number;
  /** The Studio path of the first missing text, e.g. `sections[0].body[1].de`. */
  readonly firstMissing?: string;
  /** The Studio path of the first outdated translation. */
  readonly firstOutdated?: string;
}

export interface TranslationRow {
  readonly namespace: Namespace;
  readonly title: string;
  readonly id: string;
  readonly type: string;
  readonly section: string;
  /** An unpublished draft exists: its changes are not counted until it is published. */
  readonly hasDraft: boolean;
  readonly languages: Record<TranslatedLanguage, LanguageGap>;
  readonly missing: number;
  readonly outdated: number;
}

/**
 * A published key path (`redirect.message_one`, `sections[0].body[1]`) as a path in the
 * Studio document: plural forms are fields of the plural there (`redirect.message.one`), and
 * the Studio resolves array indexes to the items' keys when it opens the path.
 */
export function studioPath(publishedPath: string, language: Language): string {
  return `${publishedPath.replace(/_(one|other)$/, '.$1')}.${language}`;
}

export function translationRows(
  documents: readonly { _id: string; _type?: string }[],
): TranslationRow[] {
  const byId = new Map(documents.map((doc) => [doc._id, doc]));
  return NAMESPACES.map((namespace): TranslationRow => {
    const id = documentId(namespace);
    const published = byId.get(id) as DictionaryDocument | undefined;
    const { coverage } = publishDocument(namespace, published, {
      strict: false,
      storeDescription: 'the Studio',
    });
    const dictionary = getDictionary(namespace);
    const languages = Object.fromEntries(
      TRANSLATED_LANGUAGES.map((language) => {
        const entry = coverage[language];
        const first = entry?.fallbacks[0];
        const firstOutdated = entry?.outdatedPaths[0];
        return [
          language,
          {
            texts: entry?.texts ?? 0,
            missing: entry?.missing ?? 0,
            outdated: entry?.outdated ?? 0,
            ...(first === undefined ? {} : { firstMissing: studioPath(first, language) }),
            ...(firstOutdated === undefined
              ? {}
              : { firstOutdated: studioPath(firstOutdated, language) }),
          },
        ];
      }),
    ) as Record<TranslatedLanguage, LanguageGap>;
    return {
      namespace,
      title: dictionary.title ?? namespace,
      id,
      type: documentType(namespace),
      section: dictionary.section,
      hasDraft: byId.has(`drafts.${id}`),
      languages,
      missing: TRANSLATED_LANGUAGES.reduce((sum, language) => sum + languages[language].missing, 0),
      outdated: TRANSLATED_LANGUAGES.reduce(
        (sum, language) => sum + languages[language].outdated,
        0,
      ),
    };
  }).sort(
    (a, b) => b.missing - a.missing || b.outdated - a.outdated || a.title.localeCompare(b.title),
  );
}

/** Texts, missing and outdated translations over all dictionaries, per language. */
export function totals(rows: readonly TranslationRow[]): Record<TranslatedLanguage, LanguageGap> {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [
      language,
      rows.reduce(
        (sum, row) => ({
          texts: sum.texts + row.languages[language].texts,
          missing: sum.missing + row.languages[language].missing,
          outdated: sum.outdated + row.languages[language].outdated,
        }),
        { texts: 0, missing: 0, outdated: 0 },
      ),
    ]),
  ) as Record<TranslatedLanguage, LanguageGap>;
}
