/**
 * What changed in an English text, word by word, for the note beside an outdated
 * translation: the English it was written against with the removed words marked, and
 * today's English with the added words marked. jsdiff's word diff ignores changes of white
 * space alone, as the status itself does (schemas/translation-status.ts).
 */
import { diffWords } from 'diff';

export interface ChangedPart {
  readonly text: string;
  readonly changed: boolean;
}

export interface EnglishChange {
  readonly before: readonly ChangedPart[];
  readonly after: readonly ChangedPart[];
}

export function englishChange(before: string, after: string): EnglishChange {
  const parts = diffWords(before, after);
  return {
    before: parts
      .filter((part) => !part.added)
      .map((part) => ({ text: part.value, changed: part.removed })),
    after: parts
      .filter((part) => !part.removed)
      .map((part) => ({ text: part.value, changed: part.added })),
  };
}
