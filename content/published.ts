/**
 * What one stored dictionary document publishes: one validated JSON per language. The
 * export (files) and the site's loader (pages, heads, /locales) both go through
 * `checkedDictionaries`, so a file written by export-locales and what the site serves are
 * split and validated by the same code and can never disagree.
 */
import {
  documentId,
  getDictionary,
  NAMESPACES,
  type DictionaryOf,
  type Namespace,
} from '@/schemas';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  TRANSLATED_LANGUAGES,
  type Language,
} from '@/schemas/languages';
import acceptedChecks from '@/locales/accepted-checks.json';
import {
  checkLanguages,
  withoutAccepted,
  type AcceptedCheck,
  type CheckKind,
} from '@/schemas/checks';
import type { ContentProblem } from '@/schemas/problems';
import type { TranslatedLanguage } from '@/schemas/translation-status';
import { glossaryFromDocument, type Glossary } from '@/schemas/glossary';
import { validatorFor, zodProblems } from '@/schemas/validator';
import { splitDocument } from '@/schemas/walk';
import type { ContentStore, DictionaryDocument } from './store';

export interface CoverageEntry {
  /** Texts present in English: what there is to translate. */
  texts: number;
  /** Texts without a translation in this language. */
  missing: number;
  /**
   * Translations whose English changed since they were written (schemas/translation-status.ts).
   * They are published as they are: a warning for translators, never a problem.
   */
  outdated: number;
  /** Key paths that fell back to English in the published file. */
  fallbacks: string[];
  /** Key paths of the outdated translations. */
  outdatedPaths: string[];
  /** Translation checks that warn (schemas/checks.ts); blocking ones are problems instead. */
  warnings: number;
  checks: CheckNote[];
}

/** A check's warning on one text, in English (the Studio words it in the editor's language). */
export interface CheckNote {
  readonly path: string;
  readonly check: CheckKind;
  readonly message: string;
}

/**
 * Warnings accepted for the bundled copy, each with its reason, per namespace; an
 * acceptance lapses when its text changes.
 */
export const ACCEPTED_CHECKS = acceptedChecks as Partial<
  Record<Namespace, readonly AcceptedCheck[]>
>;

/** A translated language's figures, as the publish webhook answers them. */
export type TranslationCounts = Partial<
  Record<TranslatedLanguage, Pick<CoverageEntry, 'texts' | 'missing' | 'outdated' | 'warnings'>>
>;

/**
 * The figures of the translated languages without the key paths: what a publish reports to
 * whoever published (the local API prints them; Sanity keeps them in the webhook's log).
 */
export function translationCounts(
  coverage: Partial<Record<Language, CoverageEntry>> | undefined,
): TranslationCounts {
  const counts: TranslationCounts = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const entry = coverage?.[language];
    if (entry)
      counts[language] = {
        texts: entry.texts,
        missing: entry.missing,
        outdated: entry.outdated,
        warnings: entry.warnings,
      };
  }
  return counts;
}

export interface PublishedNamespace<N extends Namespace = Namespace> {
  readonly namespace: N;
  /** Each language's JSON in schema key order; only meaningful when `problems` is empty. */
  readonly languages: Record<Language, DictionaryOf<N>>;
  readonly coverage: Record<Language, CoverageEntry>;
  /** Everything wrong with the document, as `dictionary-<ns> (<lang>) → key path: problem`. */
  readonly problems: ContentProblem[];
}

export interface PublishOptions {
  /** A missing German or Turkish text is an error instead of a fallback to English. */
  readonly strict: boolean;
  /** Names the store in the message about a missing document. */
  readonly storeDescription: string;
  /** The published glossary the texts are checked against (its findings only warn). */
  readonly glossary?: Glossary;
}

export function checkedDictionaries<N extends Namespace>(
  namespace: N,
  doc: DictionaryDocument | undefined,
  options: PublishOptions,
): PublishedNamespace<N> {
  const id = documentId(namespace);
  const problems: ContentProblem[] = [];
  const languages = {} as Record<Language, DictionaryOf<N>>;
  const coverage = {} as Record<Language, CoverageEntry>;
  if (!doc) {
    problems.push({
      file: id,
      path: '',
      message: `document is missing from the content store (${options.storeDescription}); run npm run import-locales`,
    });
    return { namespace, languages, coverage, problems };
  }
  for (const language of LANGUAGES) {
    const source = `${id} (${language})`;
    const split = splitDocument(getDictionary(namespace), doc, language, source);
    problems.push(...split.problems);
    if (options.strict) {
      for (const fallback of split.fallbacks) {
        problems.push({
          file: source,
          path: fallback,
          message: `${LANGUAGE_NAMES[language]} text is missing (--strict allows no fallback to English)`,
        });
      }
    }
    const result = validatorFor(namespace).safeParse(split.value);
    if (!result.success) problems.push(...zodProblems(source, result.error));
    // The split value, not zod's output: it keeps the schema's key order for the files.
    languages[language] = split.value as DictionaryOf<N>;
    coverage[language] = {
      texts: split.texts,
      missing: split.fallbacks.length,
      outdated: split.outdated.length,
      fallbacks: split.fallbacks,
      outdatedPaths: split.outdated,
      warnings: 0,
      checks: [],
    };
  }
  // Translation checks read valid texts only; a version with other problems is held back anyway.
  if (problems.length) return { namespace, languages, coverage, problems };
  const checked = withoutAccepted(
    checkLanguages(getDictionary(namespace), languages, options.glossary),
    ACCEPTED_CHECKS[namespace],
  );
  for (const { path, language, kind, severity, message } of checked) {
    if (severity === 'block') {
      problems.push({ file: `${id} (${language})`, path, message: message.en });
      continue;
    }
    coverage[language].warnings += 1;
    coverage[language].checks.push({ path, check: kind, message: message.en });
  }
  return { namespace, languages, coverage, problems };
}

/** Every namespace the store holds, with one query; problems of all of them together. */
export async function publishStore(
  store: ContentStore,
  options: Pick<PublishOptions, 'strict'>,
): Promise<{ namespaces: PublishedNamespace[]; problems: ContentProblem[] }> {
  const documents = new Map((await store.fetchDictionaries()).map((doc) => [doc._id, doc]));
  const glossary = glossaryFromDocument(documents.get(documentId('glossary')));
  const namespaces = NAMESPACES.map((namespace) =>
    checkedDictionaries(namespace, documents.get(documentId(namespace)), {
      strict: options.strict,
      storeDescription: store.description,
      glossary,
    }),
  );
  return { namespaces, problems: namespaces.flatMap((published) => published.problems) };
}
