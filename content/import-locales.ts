/**
 * import-locales: bundled dictionary JSON → content store. Validates everything first,
 * then writes all changed documents in one transaction (or nothing, on any problem).
 */
import { documentId, getDictionary, NAMESPACES, type Namespace } from '@/schemas';
import { LANGUAGES, TRANSLATED_LANGUAGES, type Language } from '@/schemas/languages';
import { ContentError, type ContentProblem } from '@/schemas/problems';
import { isPresentText } from '@/schemas/rules';
import { splitDocument, visitTexts } from '@/schemas/walk';
import { checkLocaleFiles } from './locale-checks';
import { readLocaleFolder, type ImportedDictionary } from './read-locales';
import type { ContentStore, DictionaryDocument } from './store';

export interface TextChanges {
  added: number;
  changed: number;
  removed: number;
}

export interface NamespaceImport {
  readonly namespace: Namespace;
  /** Per language: texts present, texts missing (present in English, absent here), changes. */
  readonly languages: Record<Language, { texts: number; missing: number; changes: TextChanges }>;
  /** Whether the stored document differs at all (texts or flags, order, list items). */
  readonly changed: boolean;
}

export interface ImportResult {
  readonly namespaces: NamespaceImport[];
  readonly written: number;
  /** Translation check warnings of the files (schemas/checks.ts); imported all the same. */
  readonly warnings: ContentProblem[];
}

function textsByPath(namespace: Namespace, value: unknown): Map<string, string> {
  const texts = new Map<string, string>();
  visitTexts(getDictionary(namespace).root, value, (text, path) => {
    if (isPresentText(text)) texts.set(path, text);
  });
  return texts;
}

/** JSON with sorted keys, so two documents compare by content, not key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export async function importLocales(
  store: ContentStore,
  options: {
    from: string;
    dryRun: boolean;
    /** Translation check warnings refuse the import too, not only blocking problems. */
    strict?: boolean;
    /** Only the dictionaries the store has none of; every stored one is left as it is. */
    missingOnly?: boolean;
  },
): Promise<ImportResult> {
  const dictionaries = await readLocaleFolder(options.from);
  // Copy the gate would hold back never reaches the store; nothing is written.
  const { blocking, warnings } = checkLocaleFiles(dictionaries, options.from);
  const refused = options.strict ? [...blocking, ...warnings] : blocking;
  if (refused.length) throw new ContentError(refused);
  // Read and write as the store's only writer, so a concurrent import or Studio edit can
  // neither slip in between nor be overwritten by a merge of two states.
  return store.exclusive('import-locales', async () => {
    const existing = new Map((await store.fetchDictionaries()).map((doc) => [doc._id, doc]));
    const chosen = options.missingOnly
      ? dictionaries.filter(({ document }) => !existing.has(document._id))
      : dictionaries;
    return { ...(await compareAndWrite(store, chosen, existing, options.dryRun)), warnings };
  });
}

/**
 * Before the site or the Studio starts on the embedded store: an empty store gets the bundled
 * copy; a store from an earlier version gets the dictionaries added since (the glossary, say),
 * and what editors changed is never touched. The line to print, or undefined.
 */
export async function fillEmbeddedStore(store: ContentStore): Promise<string | undefined> {
  const ids = new Set((await store.fetchDictionaries()).map((doc) => doc._id));
  // A full store: the bundled files are not even read (a mistake in them is import's business).
  if (NAMESPACES.every((namespace) => ids.has(documentId(namespace)))) return undefined;
  const stored = ids.size;
  const result = await importLocales(store, {
    from: 'locales',
    dryRun: false,
    missingOnly: stored > 0,
  });
  if (result.written === 0) return undefined;
  if (stored === 0)
    return `the embedded store was empty: imported the bundled copy (${result.written} documents).`;
  const added = result.namespaces.map(({ namespace }) => namespace).join(', ');
  return `the embedded store lacked ${result.written} dictionaries new in this version: imported them from the bundled copy (${added}); the others were left as they are.`;
}

async function compareAndWrite(
  store: ContentStore,
  dictionaries: readonly ImportedDictionary[],
  existing: Map<string, DictionaryDocument>,
  dryRun: boolean,
): Promise<Omit<ImportResult, 'warnings'>> {
  const namespaces: NamespaceImport[] = [];
  const toWrite: DictionaryDocument[] = [];
  for (const { namespace, document: doc, files: perLanguage } of dictionaries) {
    const dictionary = getDictionary(namespace);
    const old = existing.get(doc._id);
    const english = textsByPath(namespace, perLanguage.en);
    const languages = {} as NamespaceImport['languages'];
    for (const language of LANGUAGES) {
      const next = textsByPath(namespace, perLanguage[language]);
      const before = old
        ? textsByPath(
            namespace,
            splitDocument(dictionary, old, language, '', { fallback: false }).value,
          )
        : new Map<string, string>();
      const changes: TextChanges = { added: 0, changed: 0, removed: 0 };
      for (const [path, text] of next) {
        const previous = before.get(path);
        if (previous === undefined) changes.added += 1;
        else if (previous !== text) changes.changed += 1;
      }
      for (const path of before.keys()) if (!next.has(path)) changes.removed += 1;
      const missing = TRANSLATED_LANGUAGES.includes(
        language as (typeof TRANSLATED_LANGUAGES)[number],
      )
        ? [...english.keys()].filter((path) => !next.has(path)).length
        : 0;
      languages[language] = { texts: next.size, missing, changes };
    }
    const changed = !old || canonical(stripSystemFields(old)) !== canonical(doc);
    if (changed) toWrite.push(doc);
    namespaces.push({ namespace, languages, changed });
  }

  if (!dryRun && toWrite.length > 0) await store.commit(toWrite);
  return { namespaces, written: dryRun ? 0 : toWrite.length };
}

/** Sanity adds `_rev`, `_createdAt`, `_updatedAt`: not part of what we compare. */
function stripSystemFields(doc: DictionaryDocument): DictionaryDocument {
  const { _rev, _createdAt, _updatedAt, ...rest } = doc;
  return rest;
}
