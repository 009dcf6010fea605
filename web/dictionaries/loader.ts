/**
 * The one loader for published dictionaries: pages, page heads and `/locales/<lang>/<ns>.json`
 * all read through it. It asks the content gate (content store, published perspective,
 * split and validated like the export) and caches each namespace in Next's data cache
 * under the namespace's tag, so pages stay prerendered and a publish webhook revalidates
 * exactly the pages and files that show the namespace. Server only: components receive
 * typed slices.
 */
import 'server-only';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';
import type { DictionaryOf, Namespace } from '@/schemas';
import { CONSENT_WORDING_ONLY } from '@/schemas/consent-text';
import { withFacts } from '@/schemas/facts';
import { LANGUAGES, type Language } from '@/schemas/languages';
import type { GateResult } from '@/content/gate';
import { foreignTextsOf } from '../i18n/foreign-texts';
import { CACHE_GENERATION, dictionaryTag, siteContent } from './site-gate';

type Languages<N extends Namespace> = Record<Language, DictionaryOf<N>>;

interface NamespaceRead<N extends Namespace> {
  readonly languages: Languages<N>;
  /** Per language, the texts shown in another language (web/i18n/foreign-texts.ts). */
  readonly foreign: Record<Language, [string, Language][]>;
}

const cachedReads = new Map<Namespace, () => Promise<NamespaceRead<Namespace>>>();

/** The stored document the site serves: the store's when it passed, else the last good one. */
async function servedDocument(result: GateResult): Promise<unknown> {
  return result.document ?? (await siteContent().snapshot.read(result.namespace))?.document;
}

// unstable_cache rather than 'use cache': the latter needs Cache Components, which would
// change how every route of the site renders. Both tag entries the same way.
function cachedRead<N extends Namespace>(namespace: N): () => Promise<NamespaceRead<N>> {
  let read = cachedReads.get(namespace);
  if (!read) {
    read = unstable_cache(
      async () => {
        const result = await siteContent().gate.read(namespace);
        const document = (await servedDocument(result)) as object | undefined;
        const foreign = Object.fromEntries(
          LANGUAGES.map((language) => [language, foreignTextsOf(namespace, document, language)]),
        ) as NamespaceRead<N>['foreign'];
        return { languages: result.languages, foreign };
      },
      ['published-dictionary', namespace, CACHE_GENERATION],
      { tags: [dictionaryTag(namespace)] },
    );
    cachedReads.set(namespace, read);
  }
  return read;
}

/**
 * Every language of a namespace (the `/locales` files read this), with the facts filled in.
 * The facts are read beside it, so what shows them is cached under the facts' tag too and a
 * publish of the facts renews it.
 */
export const loadNamespace = cache(
  async <N extends Namespace>(namespace: N): Promise<Languages<N>> => {
    const { languages } = await cachedRead(namespace)();
    if (namespace === 'facts') return languages;
    const facts = (await cachedRead('facts')()).languages.en;
    return Object.fromEntries(
      LANGUAGES.map((language) => [language, withFacts(namespace, languages[language], facts)]),
    ) as Languages<N>;
  },
);

/** The texts of a namespace that a page in `language` shows in another language. */
export const loadForeignTexts = cache(
  async (language: Language, namespace: Namespace): Promise<[string, Language][]> =>
    (await cachedRead(namespace)()).foreign[language],
);

export const loadDictionary = cache(
  async <N extends Namespace>(language: Language, namespace: N): Promise<DictionaryOf<N>> =>
    (await loadNamespace(namespace))[language],
);

/**
 * The `common` document's banner changes marked wording only (schemas/consent-text.ts): a
 * hidden field, never in /locales, read from the document the site serves (the last good
 * one while the store's is held back), under the same tag as the banner's texts.
 */
const cachedWordingOnly = unstable_cache(
  async (): Promise<unknown> => {
    const document = await servedDocument(await siteContent().gate.read('common'));
    return (document as Record<string, unknown> | undefined)?.[CONSENT_WORDING_ONLY] ?? null;
  },
  ['consent-wording-only', CACHE_GENERATION],
  { tags: [dictionaryTag('common')] },
);

export const loadConsentWordingOnly = cache((): Promise<unknown> => cachedWordingOnly());
