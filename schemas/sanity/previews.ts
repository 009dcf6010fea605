/**
 * What a text or a list entry shows as its title in lists, search, toasts and history.
 */
import { titleFromKey, type Node } from '../define';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, type Language } from '../languages';
import { isPresentText } from '../rules';
import type { SanityPreview } from './types';

const EMPTY_PREVIEW = '(empty)';

/**
 * The preview of a text in a list: its English text, else German, else Turkish, else
 * "(empty)", and which languages it lacks, so a missing translation shows in the list.
 */
export function localizedPreview(
  texts: Partial<Record<Language, unknown>>,
  empty = EMPTY_PREVIEW,
): { title: string; subtitle?: string } {
  const shown = LANGUAGES.find((language) => isPresentText(texts[language]));
  const missing = LANGUAGES.filter((language) => !isPresentText(texts[language]));
  if (!shown) return { title: empty };
  const notes = [
    ...(shown === DEFAULT_LANGUAGE ? [] : [`shown in ${LANGUAGE_NAMES[shown]}`]),
    ...(missing.length ? [`missing: ${missing.map((l) => LANGUAGE_NAMES[l]).join(', ')}`] : []),
  ];
  const text = (texts[shown] as string).trim().replace(/\s+/g, ' ');
  return { title: text, ...(notes.length ? { subtitle: notes.join(' · ') } : {}) };
}

export function firstTextKey(fields: Record<string, Node>): string | undefined {
  return Object.entries(fields).find(([, node]) => node.kind === 'text')?.[0];
}

/** A list item shows its first text (a heading, a question, a name) like a text item does. */
export function itemPreview(titleKey: string): SanityPreview {
  return {
    select: Object.fromEntries(LANGUAGES.map((language) => [language, `${titleKey}.${language}`])),
    prepare: (selection) =>
      localizedPreview(selection, `(empty ${titleFromKey(titleKey).toLowerCase()})`),
  };
}
