/** The published dictionaries the server serves, read the way a test compares against. */
import { readFileSync } from 'node:fs';

export function readPublished(language: string, namespace: string): unknown {
  return JSON.parse(readFileSync(`public/locales/${language}/${namespace}.json`, 'utf8'));
}
