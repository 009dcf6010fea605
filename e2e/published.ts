/** The published dictionaries the plain builds serve, as `npm run export-locales` writes them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DictionaryOf, Namespace } from '@/schemas';
import { withFacts } from '@/schemas/facts';
import type { Language } from '@/schemas/languages';
import { PUBLISHED_FOR_TESTS } from './content-store';

/** Typed from schemas/: the export validated each file against its dictionary's shape. */
export function readPublished<N extends Namespace>(
  language: Language,
  namespace: N,
): DictionaryOf<N> {
  return JSON.parse(
    readFileSync(path.join(PUBLISHED_FOR_TESTS, language, `${namespace}.json`), 'utf8'),
  ) as DictionaryOf<N>;
}

/** A published dictionary as the site serves it: the facts it names filled in. */
export function readServed<N extends Namespace>(language: Language, namespace: N): DictionaryOf<N> {
  return withFacts(namespace, readPublished(language, namespace), readPublished(language, 'facts'));
}
