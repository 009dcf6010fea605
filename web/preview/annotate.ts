/**
 * What a preview shows of one dictionary in one language: the draft split like the export
 * splits it, and each visible text carrying the field it came from, for click to edit.
 *
 * Sanity's client encodes that field into the text itself (stega: invisible characters
 * that `@sanity/visual-editing` decodes in the page), working from the Content Source Map
 * the Content Lake returns with a query. The embedded store answers with groq-js, which
 * has none, so the split walk reports each text it writes (its key path in the language's
 * JSON and the stored field, `title.main.de`) and this module builds the same map from
 * it; `stegaEncodeSourceMap` of `@sanity/client/stega` then encodes exactly as it would
 * for a Sanity query. One path serves both stores.
 *
 * Only plain and multi-line texts carry edit info: addresses, e-mail addresses and JSON
 * are compared and parsed, and must stay exactly what the editor wrote.
 */
import type { ContentSourceMap } from '@sanity/client';
import { stegaEncodeSourceMap } from '@sanity/client/stega';
import {
  documentId,
  documentType,
  getDictionary,
  type DictionaryOf,
  type Namespace,
} from '@/schemas';
import { DRAFTS_PREFIX, versionId } from '@/content/perspective';
import type { Language } from '@/schemas/languages';
import { formatPath } from '@/schemas/problems';
import { isPresentText } from '@/schemas/rules';
import { splitDocument, type SplitText, type StoredPathSegment } from '@/schemas/walk';

export interface AnnotateOptions {
  /** Where click-to-edit links open the Studio. */
  readonly studioUrl: string;
  /** Keys mode: each text shows `namespace:key.path` instead of itself. */
  readonly keys: boolean;
  /** The release whose version click to edit opens; the draft without one. */
  readonly release?: string | undefined;
}

const EDITABLE_FORMATS: ReadonlySet<string> = new Set(['plain', 'multiline']);

function quoted(key: string): string {
  return `'${key.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}

/** A path as the JSONPath of Content Source Maps: `$['items'][?(@._key=='item0')]['de']`. */
function jsonPath(path: readonly StoredPathSegment[]): string {
  return `$${path
    .map((segment) =>
      typeof segment === 'number'
        ? `[${segment}]`
        : typeof segment === 'string'
          ? `[${quoted(segment)}]`
          : `[?(@._key==${quoted(segment._key)})]`,
    )
    .join('')}`;
}

/** The Content Source Map the Content Lake would return for these texts of `document`. */
export function sourceMapOf(
  document: { readonly _id: string; readonly _type: string },
  texts: readonly SplitText[],
): ContentSourceMap {
  const mappings: ContentSourceMap['mappings'] = {};
  const paths: string[] = [];
  for (const text of texts) {
    mappings[jsonPath(text.resultPath)] = {
      type: 'value',
      source: { type: 'documentValue', document: 0, path: paths.length },
    };
    paths.push(jsonPath(text.storedPath));
  }
  return { documents: [{ _id: document._id, _type: document._type }], paths, mappings };
}

function setAt(target: unknown, path: readonly (string | number)[], value: string): void {
  let node = target as Record<string | number, unknown>;
  for (const segment of path.slice(0, -1)) node = node[segment] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
}

/** What keys mode shows for a text: `hero:title.main`, `faq:items[0].question`. */
export function textKey(namespace: Namespace, resultPath: readonly (string | number)[]): string {
  return `${namespace}:${formatPath(resultPath)}`;
}

/**
 * One language of a stored document as a preview shows it. Without `annotate` the texts
 * stay exactly as stored (page heads, structured data): invisible characters never reach
 * a page head.
 */
export function previewDictionary<N extends Namespace>(
  namespace: N,
  stored: object | undefined,
  language: Language,
  annotate?: AnnotateOptions,
): DictionaryOf<N> {
  const texts: SplitText[] = [];
  const { value } = splitDocument(getDictionary(namespace), stored ?? {}, language, namespace, {
    onText: (text) => texts.push(text),
  });
  if (!annotate) return value as DictionaryOf<N>;
  // Blank texts stay blank: presence rules must see them as absent.
  const shown = texts.filter(
    (text) => EDITABLE_FORMATS.has(text.node.format) && isPresentText(text.value),
  );
  if (annotate.keys) {
    for (const text of shown) setAt(value, text.resultPath, textKey(namespace, text.resultPath));
  }
  // Links name the draft, or the version in the release previewed: editing happens there, and
  // the Studio opens it in that perspective (a published id would open the read-only published
  // version).
  const id = documentId(namespace);
  const document = {
    _id: annotate.release ? versionId(annotate.release, id) : `${DRAFTS_PREFIX}${id}`,
    _type: documentType(namespace),
  };
  return stegaEncodeSourceMap(value, sourceMapOf(document, shown), {
    enabled: true,
    studioUrl: annotate.studioUrl,
    // The map holds only texts that may carry edit info; Sanity's default filter would
    // guess from key names instead (it skips any path with "type" in it, e.g. a job's type).
    filter: () => true,
  }) as DictionaryOf<N>;
}
