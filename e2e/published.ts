/** The published dictionaries the plain builds serve, as `npm run export-locales` writes them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLISHED_FOR_TESTS } from './content-store';

export function readPublished(language: string, namespace: string): unknown {
  return JSON.parse(
    readFileSync(path.join(PUBLISHED_FOR_TESTS, language, `${namespace}.json`), 'utf8'),
  );
}
