/**
 * The translation queue: every text that needs a translator, as a list of gaps, each with a
 * kind: `missing` (a German or Turkish text is empty where English is not), `outdated`
 * (written against English that changed since; schemas/translation-status.ts) or `check`
 * (a German or Turkish text with a translation check problem, blocking or a warning;
 * content/document-checks.ts, accepted warnings left out). The
 * Translations tool counts them per dictionary and steps through them; a dictionary's header
 * steps through them from inside the form.
 *
 * A gap is found in what the editor sees: the draft where there is one, else the published
 * document. A text filled in a draft is therefore no longer a gap, and the row says how many
 * such texts wait for Publish. The split is `splitDocument`, the walk export-locales writes
 * coverage.json with, so with no drafts the counts are the export's.
 *
 * Both kinds come from the same walk; another kind is one more `GapKind` and one more
 * source of gaps in `gapsOf`, and counting, ordering and stepping work on the list as it is.
 */
import { textChecks } from '@/content/document-checks';
import type { DictionaryDocument } from '@/content/store';
import type { Severity } from '@/schemas/checks';
import { documentId, documentType, getDictionary, NAMESPACES, type Namespace } from '@/schemas';
import { SECTIONS } from '@/schemas/define';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  TRANSLATED_LANGUAGES,
  type Language,
} from '@/schemas/languages';
import { formatPath } from '@/schemas/problems';
import { splitDocument, storedPathString } from '@/schemas/walk';

export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** Why a text needs a translator. */
export type GapKind = 'missing' | 'outdated' | 'check';

export interface TranslationGap {
  readonly kind: GapKind;
  readonly namespace: Namespace;
  readonly language: TranslatedLanguage;
  /** The Studio path of the field to fill, e.g. `sections[0].body[1].de`. */
  readonly path: string;
  /** The key path in `/locales/<lang>/<namespace>.json`, e.g. `sections[0].body[1]`. */
  readonly key: string;
  /** Where the text comes in its dictionary's form: its index among the form's texts. */
  readonly text: number;
  /** A check problem's: blocking (publishing is held back) or a warning. */
  readonly severity?: Severity;
}

export interface LanguageCounts {
  /** Texts present in English: what there is to translate. */
  readonly texts: number;
  /** Gaps by kind. */
  readonly gaps: Readonly<Record<GapKind, number>>;
  /** Gaps of the published document that its draft fills: they wait for Publish. */
  readonly filledInDraft: number;
}

export interface TranslationRow {
  readonly namespace: Namespace;
  readonly title: string;
  readonly id: string;
  readonly type: string;
  readonly section: string;
  /** An unpublished draft exists: the gaps are counted in it. */
  readonly hasDraft: boolean;
  readonly languages: Readonly<Record<TranslatedLanguage, LanguageCounts>>;
  /** This dictionary's gaps, in form order (German before Turkish within a text). */
  readonly gaps: readonly TranslationGap[];
  /** The stored path of every text of the form, in form order (see `textIndexOf`). */
  readonly texts: readonly string[];
}

const GAP_KINDS: readonly GapKind[] = ['missing', 'outdated', 'check'];

/**
 * A published key path (`redirect.message_one`, `sections[0].body[1]`) as a path in the
 * Studio document: plural forms are fields of the plural there (`redirect.message.one`), and
 * the Studio resolves array indexes to the items' keys when it opens the path.
 */
export function studioPath(publishedPath: string, language: Language): string {
  return `${publishedPath.replace(/_(one|other)$/, '.$1')}.${language}`;
}

function countsOf(gaps: readonly TranslationGap[]): Record<GapKind, number> {
  return Object.fromEntries(
    GAP_KINDS.map((kind) => [kind, gaps.filter((gap) => gap.kind === kind).length]),
  ) as Record<GapKind, number>;
}

/**
 * The texts of a document in form order, and each language's missing and outdated texts, and
 * with `checks` its check problems.
 */
function gapsOf(
  namespace: Namespace,
  document: object | undefined,
  checks = false,
): { texts: string[]; gaps: TranslationGap[]; english: Record<TranslatedLanguage, number> } {
  const dictionary = getDictionary(namespace);
  const texts: string[] = [];
  splitDocument(dictionary, document ?? {}, DEFAULT_LANGUAGE, namespace, {
    onText: (text) => texts.push(storedPathString(text.storedPath.slice(0, -1))),
  });
  const order = new Map(texts.map((path, index) => [path, index]));
  const gaps: TranslationGap[] = [];
  const english = {} as Record<TranslatedLanguage, number>;
  for (const language of TRANSLATED_LANGUAGES) {
    const written: { key: string; stored: string }[] = [];
    const split = splitDocument(dictionary, document ?? {}, language, namespace, {
      onText: (text) =>
        written.push({
          key: formatPath(text.resultPath),
          stored: storedPathString(text.storedPath.slice(0, -1)),
        }),
    });
    english[language] = split.texts;
    const fallbacks = new Set(split.fallbacks);
    const outdated = new Set(split.outdated);
    for (const { key, stored } of written) {
      const kind = fallbacks.has(key) ? 'missing' : outdated.has(key) ? 'outdated' : undefined;
      if (!kind) continue;
      gaps.push({
        kind,
        namespace,
        language,
        path: studioPath(key, language),
        key,
        text: order.get(stored) ?? texts.length,
      });
    }
  }
  for (const { severity, storedPath, text } of checks
    ? textChecks(namespace, document ?? {})
    : []) {
    const language = TRANSLATED_LANGUAGES.find((translated) => translated === text?.language);
    if (!text || !language) continue;
    gaps.push({
      kind: 'check',
      severity,
      namespace,
      language,
      path: studioPath(text.key, language),
      key: text.key,
      text: order.get(storedPathString(storedPath.slice(0, -1))) ?? texts.length,
    });
  }
  gaps.sort((a, b) => a.text - b.text || languageOrder(a) - languageOrder(b));
  return { texts, gaps, english };
}

const languageOrder = (gap: TranslationGap) => TRANSLATED_LANGUAGES.indexOf(gap.language);

/** One row per dictionary, the most gaps first, from the documents as the Studio has them. */
export function translationRows(
  documents: readonly { _id: string; _type?: string }[],
): TranslationRow[] {
  const byId = new Map(documents.map((doc) => [doc._id, doc]));
  return NAMESPACES.map((namespace): TranslationRow => {
    const id = documentId(namespace);
    const published = byId.get(id) as DictionaryDocument | undefined;
    const draft = byId.get(`drafts.${id}`) as DictionaryDocument | undefined;
    // Checks only of what the editor sees: the published document's are not compared.
    const shown = gapsOf(namespace, draft ?? published, true);
    const before = draft ? gapsOf(namespace, published).gaps : shown.gaps;
    const stillOpen = new Set(shown.gaps.map((gap) => `${gap.kind} ${gap.path}`));
    const dictionary = getDictionary(namespace);
    const languages = Object.fromEntries(
      TRANSLATED_LANGUAGES.map((language) => {
        const own = shown.gaps.filter((gap) => gap.language === language);
        return [
          language,
          {
            texts: shown.english[language],
            gaps: countsOf(own),
            filledInDraft: before.filter(
              (gap) => gap.language === language && !stillOpen.has(`${gap.kind} ${gap.path}`),
            ).length,
          },
        ];
      }),
    ) as Record<TranslatedLanguage, LanguageCounts>;
    return {
      namespace,
      title: dictionary.title ?? namespace,
      id,
      type: documentType(namespace),
      section: dictionary.section,
      hasDraft: draft !== undefined,
      languages,
      gaps: shown.gaps,
      texts: shown.texts,
    };
  }).sort((a, b) => b.gaps.length - a.gaps.length || a.title.localeCompare(b.title));
}

/** Texts and gaps over all dictionaries, per language. */
export function totals(
  rows: readonly TranslationRow[],
): Record<TranslatedLanguage, { texts: number; gaps: Record<GapKind, number> }> {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [
      language,
      {
        texts: rows.reduce((sum, row) => sum + row.languages[language].texts, 0),
        gaps: countsOf(rows.flatMap((row) => row.gaps.filter((gap) => gap.language === language))),
      },
    ]),
  ) as Record<TranslatedLanguage, { texts: number; gaps: Record<GapKind, number> }>;
}

/** Which gaps the queue steps through: every language, or one. */
export type QueueLanguage = TranslatedLanguage | 'all';

/**
 * A place in the queue: a dictionary, a text of its form (`text`, an index as in
 * TranslationGap; fractional between two texts) and a language.
 */
export interface QueuePosition {
  readonly namespace: Namespace;
  readonly text: number;
  readonly language: TranslatedLanguage | null;
}

const dictionaryOrder = (namespace: Namespace) => {
  const section = SECTIONS.indexOf(getDictionary(namespace).section);
  return section * NAMESPACES.length + NAMESPACES.indexOf(namespace);
};

/** Compares two places in desk order: dictionaries as the desk lists them, then form order. */
function compare(a: QueuePosition, b: QueuePosition): number {
  return (
    dictionaryOrder(a.namespace) - dictionaryOrder(b.namespace) ||
    a.text - b.text ||
    (a.language ? TRANSLATED_LANGUAGES.indexOf(a.language) : -1) -
      (b.language ? TRANSLATED_LANGUAGES.indexOf(b.language) : -1)
  );
}

/** Every gap of the rows in desk order, of one language or all. */
export function translationQueue(
  rows: readonly TranslationRow[],
  language: QueueLanguage = 'all',
): TranslationGap[] {
  return rows
    .flatMap((row) => row.gaps)
    .filter((gap) => language === 'all' || gap.language === language)
    .sort(compare);
}

/**
 * The gap after (`1`) or before (`-1`) a place, wrapping around the queue's ends; from no
 * place, the first or the last gap.
 */
export function stepQueue(
  queue: readonly TranslationGap[],
  from: QueuePosition | null,
  direction: 1 | -1,
): TranslationGap | undefined {
  if (queue.length === 0) return undefined;
  if (!from) return direction === 1 ? queue[0] : queue[queue.length - 1];
  if (direction === 1) return queue.find((gap) => compare(gap, from) > 0) ?? queue[0];
  return queue.findLast((gap) => compare(gap, from) < 0) ?? queue[queue.length - 1];
}

/**
 * The place of a field of a dictionary's form (its stored path, as `storedPathString` writes
 * it, with or without the language): the first text it is or holds. A field that holds no
 * text (an empty list) counts as the start of the dictionary.
 */
export function positionOf(
  row: TranslationRow,
  fieldPath: string,
  language: TranslatedLanguage | null,
): QueuePosition {
  const last = fieldPath.lastIndexOf('.');
  const path =
    last > 0 && isLanguage(fieldPath.slice(last + 1)) ? fieldPath.slice(0, last) : fieldPath;
  const index = row.texts.findIndex(
    (text) => text === path || text.startsWith(`${path}.`) || text.startsWith(`${path}[`),
  );
  return {
    namespace: row.namespace,
    text: index === -1 ? -0.5 : index,
    language: index === -1 ? null : language,
  };
}
