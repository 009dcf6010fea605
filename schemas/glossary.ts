/**
 * The glossary check: the terms editors keep in the `glossary` dictionary
 * (./dictionaries/glossary.ts), checked on every prose text. A brand or game name that English
 * states stays as English writes it; a term English states has its fixed word in each
 * translation; a forbidden word is flagged with the word to use. All of it warns: the
 * glossary changes apart from the texts it judges, and an edit to it must never hold back
 * copy that is live.
 *
 * How words are found: at the start of a word, with any ending (German compounds and
 * plurals, Turkish suffixes: "Pressekits", "e-postayı"). A word written with a capital is
 * found only as written ("Email" in German, not "email" in an address); one in lower case in
 * any case, in the language's own casing (Turkish İ/ı). A Turkish term's own possessive ending
 * (-ı, -i, -u, -ü, -sı…) is left out, since the text may say "gizlilik politikamız" for
 * "gizlilik politikası". Addresses are not words: their parts are never found.
 */
import { addressesOf, type Worded } from './checks';
import { glossary as glossaryDictionary } from './dictionaries/glossary';
import { LANGUAGES, type Language } from './languages';
import { splitDocument } from './walk';

export interface GlossaryTerm {
  /** The word each language uses for the term; a language without one is not compared. */
  readonly term: Partial<Record<Language, string>>;
  /** A brand or game name, never translated: English's word in every language. */
  readonly keep: boolean;
  /** Words not to use for it, per language. */
  readonly avoid: Partial<Record<Language, readonly string[]>>;
}

export type Glossary = readonly GlossaryTerm[];

interface GlossaryJson {
  readonly terms?: readonly { term?: string; keep?: boolean; avoid?: string }[];
}

/** The glossary from its dictionary's JSON per language (a file each, or split from the store). */
export function glossaryFrom(languages: Partial<Record<Language, unknown>>): Glossary {
  const english = (languages.en as GlossaryJson | undefined)?.terms ?? [];
  return english.map((entry, index) => {
    const term: Partial<Record<Language, string>> = {};
    const avoid: Partial<Record<Language, readonly string[]>> = {};
    for (const language of LANGUAGES) {
      const own = (languages[language] as GlossaryJson | undefined)?.terms?.[index];
      if (own?.term?.trim()) term[language] = own.term.trim();
      const words = (own?.avoid ?? '').split(',').flatMap((word) => word.trim() || []);
      if (words.length) avoid[language] = words;
    }
    return { term, keep: entry.keep === true, avoid };
  });
}

/** The glossary from its stored document (as the Studio and the store hold it). */
export function glossaryFromDocument(doc: unknown): Glossary {
  if (!doc) return [];
  return glossaryFrom(
    Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        splitDocument(glossaryDictionary, doc, language, 'glossary', { fallback: false }).value,
      ]),
    ),
  );
}

const TURKISH_POSSESSIVE = /(?<=\p{L}{3})(?:s?[ıiuü])$/u;

/**
 * One text made ready to search (see the file's comment): its addresses blanked out, as
 * written and in the language's lower case. Made once per text, not once per glossary word.
 */
interface Searchable {
  readonly language: Language;
  readonly prose: string;
  readonly lowered: string;
}

function searchable(language: Language, text: string): Searchable {
  let prose = text;
  for (const address of addressesOf(text))
    prose = prose.replaceAll(address, ' '.repeat(address.length));
  const lowered = prose.toLocaleLowerCase(language);
  // Lowering keeps the indexes in every language the site has; if not, compare as written.
  return { language, prose, lowered: lowered.length === prose.length ? lowered : prose };
}

/** Where `word` starts a word of the text, or -1. */
function findWord(text: Searchable, word: string): number {
  const asWritten = word !== word.toLocaleLowerCase(text.language);
  const haystack = asWritten ? text.prose : text.lowered;
  const lowered = word.toLocaleLowerCase(text.language);
  const needle = asWritten || lowered.length !== word.length ? word : lowered;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(haystack[at - 1]!)) return at;
  }
  return -1;
}

const IN_LANGUAGE: Record<Language, Worded> = {
  en: { en: 'in English', de: 'auf Englisch', tr: 'İngilizcesi' },
  de: { en: 'in German', de: 'auf Deutsch', tr: 'Almancası' },
  tr: { en: 'in Turkish', de: 'auf Türkisch', tr: 'Türkçesi' },
};

/**
 * The glossary's findings on one language's text; `english` is the text's English (absent
 * or the same text: only forbidden words are looked for).
 */
export function glossaryFindings(
  language: Language,
  value: string,
  english: string | undefined,
  glossary: Glossary,
): { kind: 'glossary'; message: Worded }[] {
  const found: { kind: 'glossary'; message: Worded }[] = [];
  if (!glossary.length) return found;
  const text = searchable(language, value);
  const englishText = english === undefined ? undefined : searchable('en', english);
  for (const entry of glossary) {
    const use = entry.keep ? entry.term.en : entry.term[language];
    for (const word of entry.avoid[language] ?? []) {
      const at = findWord(text, word);
      if (at === -1) continue;
      const written = value.slice(at, at + word.length);
      found.push({
        kind: 'glossary',
        message: use
          ? {
              en: `"${written}" is a word the glossary avoids; use "${use}"`,
              de: `„${written}“ vermeidet das Glossar; nimm „${use}“`,
              tr: `"${written}" sözlükte kaçınılan bir kelime; lütfen "${use}" kullanın`,
            }
          : {
              en: `"${written}" is a word the glossary avoids`,
              de: `„${written}“ vermeidet das Glossar`,
              tr: `"${written}" sözlükte kaçınılan bir kelime`,
            },
      });
    }
    const source = entry.term.en;
    if (language === 'en' || !use || !source || !englishText || english === value) continue;
    if (findWord(englishText, source) === -1) continue;
    const stem = language === 'tr' && !entry.keep ? use.replace(TURKISH_POSSESSIVE, '') : use;
    if (findWord(text, stem) !== -1) continue;
    found.push({
      kind: 'glossary',
      message: entry.keep
        ? {
            en: `English names "${source}", a name never translated: write it as it is`,
            de: `Im Englischen steht „${source}“, ein Name, der nie übersetzt wird: schreib ihn genau so`,
            tr: `İngilizcede "${source}" geçiyor; bu ad hiç çevrilmez: lütfen aynen yazın`,
          }
        : {
            en: `English says "${source}"; ${IN_LANGUAGE[language].en} the glossary says "${use}"`,
            de: `Im Englischen steht „${source}“; ${IN_LANGUAGE[language].de} heißt es laut Glossar „${use}“`,
            tr: `İngilizcede "${source}" geçiyor; sözlüğe göre ${IN_LANGUAGE[language].tr} "${use}"`,
          },
    });
  }
  return found;
}
