/**
 * Reads the published dictionaries (`public/locales/<lang>/<ns>.json`) at build time and
 * parses them with the zod schemas. Server only: components receive typed slices.
 */
import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { cache } from 'react';
import type { DictionaryOf, Namespace } from '@/schemas';
import type { Language } from '@/schemas/languages';
import { parseDictionary, parseJsonText } from '@/schemas/validator';

/** The published dictionaries; PUBLISHED_LOCALES_DIR lets a test build read altered copy. */
export const PUBLISHED_LOCALES =
  process.env.PUBLISHED_LOCALES_DIR || path.join(process.cwd(), 'public', 'locales');

export const loadDictionary = cache(
  async <N extends Namespace>(language: Language, namespace: N): Promise<DictionaryOf<N>> => {
    const file = path.join(PUBLISHED_LOCALES, language, `${namespace}.json`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      throw new Error(
        `${path.relative(process.cwd(), file)} is missing: run npm run export-locales (npm run build does it for you).`,
      );
    }
    const shown = path.relative(process.cwd(), file);
    return parseDictionary(namespace, parseJsonText(text, shown), shown);
  },
);
