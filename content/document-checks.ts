/**
 * The checks the gate runs on a published dictionary, run on a stored document as the
 * editor types it: the translation checks (schemas/checks.ts) on each language's field, and
 * items the site would show in one language and drop in another (web/render/dropped-items.ts)
 * on the item. Warnings accepted for the bundled copy (locales/accepted-checks.json) are left
 * out, as the gate leaves them out. The Studio turns these into validation markers.
 */
import { getDictionary, type DictionaryOf, type Namespace } from '@/schemas';
import { checkDocument, withoutAccepted, type Severity } from '@/schemas/checks';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { formatPath } from '@/schemas/problems';
import { splitDocument, type SplitText, type StoredPathSegment } from '@/schemas/walk';
import { droppedItemProblems } from '@/web/render/dropped-items';
import { ACCEPTED_CHECKS } from './published';

export interface DocumentCheck {
  readonly severity: Severity;
  /** Where the editor sees it: a language's field, or a list item. */
  readonly storedPath: readonly StoredPathSegment[];
  readonly message: string;
  /** A text's problem: the language to change and the text's key path in its JSON. */
  readonly text?: { readonly language: Language; readonly key: string };
}

/**
 * Every check problem of a stored dictionary document, with the stored field or item it
 * belongs beside. Messages are English, like the Studio's other validation messages.
 */
export function documentChecks(namespace: Namespace, doc: unknown): DocumentCheck[] {
  return [...textChecks(namespace, doc), ...droppedItems(namespace, doc)];
}

/** The translation checks of each text, without dropped items: what the Translations tool lists. */
export function textChecks(namespace: Namespace, doc: unknown): DocumentCheck[] {
  return withoutAccepted(checkDocument(namespace, doc), ACCEPTED_CHECKS[namespace]).map(
    (problem) => ({
      severity: problem.severity,
      storedPath: problem.storedPath,
      message: problem.message.en,
      text: { language: problem.language, key: problem.path },
    }),
  );
}

/**
 * Each language's JSON as the site shows it (a missing translation falls back to English),
 * from a stored document; `onText` is told of each text, as `splitDocument` tells it.
 */
export function servedLanguages<N extends Namespace>(
  namespace: N,
  doc: unknown,
  onText?: (text: SplitText) => void,
): Record<Language, DictionaryOf<N>> {
  const dictionary = getDictionary(namespace);
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      splitDocument(dictionary, doc, language, namespace, onText ? { onText } : {}).value,
    ]),
  ) as Record<Language, DictionaryOf<N>>;
}

/** Dropped items, judged on what the site shows, each on its list item. */
function droppedItems(namespace: Namespace, doc: unknown): DocumentCheck[] {
  // A key path of the JSON (`openings.positions[0]`) → the same place in the document.
  const stored = new Map<string, readonly StoredPathSegment[]>();
  const languages = servedLanguages(namespace, doc, ({ resultPath, storedPath }) => {
    // Above the text itself both paths name the same nodes, segment for segment.
    for (let depth = 1; depth < resultPath.length; depth++)
      stored.set(formatPath(resultPath.slice(0, depth)), storedPath.slice(0, depth));
  });
  return droppedItemProblems(namespace, languages).flatMap(({ path, message }) => {
    const storedPath = stored.get(path);
    return storedPath ? [{ severity: 'block' as const, storedPath, message }] : [];
  });
}
