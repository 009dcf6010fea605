/**
 * Whether a German or Turkish text still says what its English text says.
 *
 * Each stored text keeps, beside its languages, the English text each translation was
 * written against (`translatedFrom: { de, tr }`). The status is derived from that and
 * today's English, never stored as a flag: a flag would itself go stale when English
 * changes again, is reverted, or is edited in another tab. Keeping the English text itself,
 * not a hash of it, lets the Studio show what changed (before → after) without the
 * document's history, which a Sanity dataset may have pruned.
 *
 * Because the record sits inside each text's own object, a list entry (a FAQ item, a legal
 * section) carries it along when entries are reordered, added or removed.
 *
 * The Studio, the export's coverage report, the Translations tool and the publish
 * webhook's answer all call `translationStatus`, so they cannot disagree.
 */
import { TRANSLATED_LANGUAGES, type Language } from './languages';
import { isPresentText } from './rules';

export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/**
 * - `missing`: English is there, the translation is not (the site shows English);
 * - `outdated`: English changed since the translation was written (the site keeps showing
 *   the translation: it is a warning for editors, never a reason to hold copy back);
 * - `copy`: the translation is, word for word, the English it was written against (a URL,
 *   an e-mail address, a name: the same in every language by nature), and English changed
 *   since. Nothing translated is out of date, so it is not `outdated`; it goes with English
 *   (the Studio is to offer to change it together with English).
 * - `current`: written against today's English.
 */
export type TranslationStatus = 'missing' | 'outdated' | 'copy' | 'current';

/** The stored field beside `en`, `de`, `tr`: what English each translation was written against. */
export const TRANSLATED_FROM = 'translatedFrom';

export type TranslatedFrom = Partial<Record<TranslatedLanguage, string>>;

/** A stored text as this module reads it: its languages and the record of their English. */
export type StoredTranslations = Partial<Record<Language, unknown>> & {
  readonly [TRANSLATED_FROM]?: unknown;
};

/**
 * English as compared: white space runs as one space, none at the ends, and Unicode's
 * composed form, so re-wrapping a paragraph or a trailing space flags nothing.
 */
export function comparableEnglish(english: string): string {
  return english.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** Whether two English texts say the same thing as far as translations are concerned. */
export function sameEnglish(a: string, b: string): boolean {
  // Equal texts, the usual case, need no normalising: the Studio checks every text of a
  // dictionary on each keystroke (validation, the badge).
  return a === b || comparableEnglish(a) === comparableEnglish(b);
}

/** The English text a translation was written against, if recorded. */
export function translatedFromOf(
  text: StoredTranslations | undefined,
  language: TranslatedLanguage,
): string | undefined {
  const record = text?.[TRANSLATED_FROM];
  if (typeof record !== 'object' || record === null) return undefined;
  const english = (record as Record<string, unknown>)[language];
  return typeof english === 'string' ? english : undefined;
}

/**
 * The status of one text in one translated language; undefined when English is absent,
 * since then there is nothing to translate.
 *
 * A translation without a record counts as current: texts stored before records existed
 * were published as matching, and the Studio records the English they were written
 * against the moment English is changed (studio/LocalizedTextInput.tsx), so such a change
 * still flags them.
 */
export function translationStatus(
  text: StoredTranslations | undefined,
  language: TranslatedLanguage,
): TranslationStatus | undefined {
  const english = text?.en;
  if (!isPresentText(english)) return undefined;
  if (!isPresentText(text?.[language])) return 'missing';
  const writtenAgainst = translatedFromOf(text, language);
  if (writtenAgainst === undefined || sameEnglish(writtenAgainst, english)) return 'current';
  return sameEnglish(writtenAgainst, text?.[language]) ? 'copy' : 'outdated';
}

/**
 * The record for a text whose translations all match its English (an import of files
 * written together): each present translation was written against this English.
 */
export function translatedFromEnglish(
  text: Partial<Record<Language, unknown>>,
): TranslatedFrom | undefined {
  const english = text.en;
  if (!isPresentText(english)) return undefined;
  const record: TranslatedFrom = {};
  for (const language of TRANSLATED_LANGUAGES)
    if (isPresentText(text[language])) record[language] = english;
  return Object.keys(record).length ? record : undefined;
}

/**
 * How one edit changes the record of what each translation was written against: per
 * translated language, the English to record, or null to drop the record. Nothing else
 * changes it but "Still correct" and "Wording only" (`keepCurrent`).
 *
 * - A translation edited while English is present was written against today's English.
 * - A translation emptied, or written while English is absent, has nothing to record.
 * - English edited: a translation without a record (stored before records existed) was
 *   written against the English before this edit, so the edit flags it like the others.
 */
export function recordChangesForEdit(
  text: StoredTranslations | undefined,
  edited: Language,
  after: unknown,
): Partial<Record<TranslatedLanguage, string | null>> {
  const english = text?.en;
  if (edited !== 'en') {
    const language = edited;
    const recorded = translatedFromOf(text, language);
    if (isPresentText(after) && isPresentText(english))
      return recorded === english ? {} : { [language]: english };
    return recorded === undefined ? {} : { [language]: null };
  }
  const changes: Partial<Record<TranslatedLanguage, string>> = {};
  for (const language of TRANSLATED_LANGUAGES)
    if (isPresentText(text?.[language]) && translatedFromOf(text, language) === undefined)
      changes[language] = typeof english === 'string' ? english : '';
  return changes;
}

/** "Still correct" (or "Wording only"): these translations now match today's English. */
export function keepCurrent(
  text: StoredTranslations | undefined,
  languages: readonly TranslatedLanguage[],
): Partial<Record<TranslatedLanguage, string>> {
  const english = text?.en;
  if (!isPresentText(english)) return {};
  return Object.fromEntries(languages.map((language) => [language, english]));
}

/**
 * The translations an English edit flagged: current against `englishBefore` (the English
 * when the editor started changing it), outdated now. "Wording only" keeps exactly these
 * current; a translation that was already outdated before stays so.
 */
export function flaggedByEnglishEdit(
  text: StoredTranslations | undefined,
  englishBefore: string,
): TranslatedLanguage[] {
  return TRANSLATED_LANGUAGES.filter((language) => {
    const recorded = translatedFromOf(text, language);
    return (
      recorded !== undefined &&
      sameEnglish(recorded, englishBefore) &&
      translationStatus(text, language) === 'outdated'
    );
  });
}
