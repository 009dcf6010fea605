/**
 * Translation checks: what embarrasses the brand without breaking the site. A text too long
 * for where it is shown, invisible characters, a translation that disagrees with its
 * English (numbers, addresses, placeholders, brackets, end punctuation, spaces, a repeated
 * word, a wrong plural form), a word against the glossary (./glossary.ts). Each check is blocking (publishing is held back, like any
 * other problem) or a warning; CHECKS below is the one table of which is which.
 *
 * Pure functions of the texts: the gate and the scripts check whole dictionaries
 * (`checkLanguages`), the Studio one field as it is typed (`checkText`).
 */
import type { Dictionary, TextNode } from './define';
import { glossaryFindings, type Glossary } from './glossary';
import { characterLabel, invisibleCharacters, type InvisibleCharacter } from './invisible';
import { LANGUAGES, TRANSLATED_LANGUAGES, type Language } from './languages';
import { isPresentText, placeholdersOf } from './rules';
import { roleOf, shownLength, TEXT_ROLES } from './text-roles';
import { getDictionary, type Namespace } from './index';
import { formatPath } from './problems';
import { splitDocument, visitTexts, type StoredPathSegment } from './walk';

export type Severity = 'block' | 'warn';

/** A message in every language an editor may read the Studio in. */
export type Worded = Record<Language, string>;

export const CHECKS = {
  tooLong: { severity: 'block' },
  long: { severity: 'warn' },
  invisible: { severity: 'block' },
  unusualSpace: { severity: 'warn' },
  numbers: { severity: 'warn' },
  addresses: { severity: 'warn' },
  placeholders: { severity: 'block' },
  brackets: { severity: 'warn' },
  endPunctuation: { severity: 'warn' },
  spaces: { severity: 'warn' },
  repeatedWord: { severity: 'warn' },
  longerThanEnglish: { severity: 'warn' },
  pluralForms: { severity: 'warn' },
  glossary: { severity: 'warn' },
} as const satisfies Record<string, { severity: Severity }>;

export type CheckKind = keyof typeof CHECKS;

export interface CheckProblem {
  /** Key path in one language's JSON: `items[2].question`, `redirect.message_one`. */
  readonly path: string;
  /** The language whose text has the problem (the one to change). */
  readonly language: Language;
  readonly kind: CheckKind;
  readonly severity: Severity;
  readonly message: Worded;
  /** The text as checked: an acceptance holds only while the text stays this. */
  readonly text: string;
}

/**
 * A warning an editor looked at and accepted for one text as it is written, with why
 * ("Twenty-four written as a word in English"). It lapses when the text changes. Blocking
 * problems cannot be accepted: they break the page.
 */
export interface AcceptedCheck {
  readonly path: string;
  readonly language: Language;
  readonly check: CheckKind;
  readonly text: string;
  readonly reason: string;
}

/** The problems no acceptance covers. */
export function withoutAccepted<P extends CheckProblem>(
  problems: readonly P[],
  accepted: readonly AcceptedCheck[] = [],
): P[] {
  return problems.filter(
    (problem) =>
      problem.severity === 'block' ||
      !accepted.some(
        (entry) =>
          entry.path === problem.path &&
          entry.language === problem.language &&
          entry.check === problem.kind &&
          entry.text === problem.text,
      ),
  );
}

const NAMES: Record<Language, Pick<Worded, 'en' | 'tr'>> = {
  en: { en: 'English', tr: 'İngilizce' },
  de: { en: 'German', tr: 'Almanca' },
  tr: { en: 'Turkish', tr: 'Türkçe' },
};
/** German says "differs from English" with the dative: vom Englischen. */
const FROM_GERMAN: Record<Language, string> = {
  en: 'vom Englischen',
  de: 'vom Deutschen',
  tr: 'vom Türkischen',
};

function list(items: readonly string[]): string {
  return items.map((item) => JSON.stringify(item)).join(', ');
}

// ---------------------------------------------------------------------------
// Checks of one text on its own, in any language.

function lengthProblems(path: string, node: Pick<TextNode, 'format'>, value: string) {
  const role = roleOf(path, node);
  if (!role) return [];
  const { soft, hard } = TEXT_ROLES[role];
  const length = shownLength(value);
  if (length > hard)
    return [
      {
        kind: 'tooLong' as const,
        message: {
          en: `too long for where it is shown (${length} characters; at most ${hard} for ${TEXT_ROLES[role].shown}): shorten it`,
          de: `zu lang für die Stelle, an der er steht (${length} Zeichen; höchstens ${hard}): kürze ihn`,
          tr: `gösterildiği yer için fazla uzun (${length} karakter; en fazla ${hard}): lütfen kısaltın`,
        },
      },
    ];
  if (length > soft)
    return [
      {
        kind: 'long' as const,
        message: {
          en: `long for where it is shown (${length} characters; up to ${soft} fit ${TEXT_ROLES[role].shown} on a phone)`,
          de: `lang für die Stelle, an der er steht (${length} Zeichen; bis ${soft} passen auf einem Handy)`,
          tr: `gösterildiği yer için uzun (${length} karakter; telefonda ${soft} karaktere kadar sığar)`,
        },
      },
    ];
  return [];
}

function invisibleProblems(value: string) {
  const found = invisibleCharacters(value);
  const problems = [];
  /** Each character with where it is, in the editor's language. */
  const where = (chars: readonly InvisibleCharacter[]): Worded => {
    const each = (at: (position: number) => string) =>
      chars.map(({ char, index }) => `${characterLabel(char)} ${at(index + 1)}`).join(', ');
    return {
      en: each((position) => `at character ${position}`),
      de: each((position) => `an Stelle ${position}`),
      tr: each((position) => `${position}. karakterde`),
    };
  };
  const unwanted = found.filter((found) => found.use === 'unwanted');
  if (unwanted.length) {
    const at = where(unwanted);
    problems.push({
      kind: 'invisible' as const,
      message: {
        en: `contains invisible characters this copy never needs (${at.en}); remove them`,
        de: `enthält unsichtbare Zeichen, die dieser Text nie braucht (${at.de}); entferne sie`,
        tr: `bu metinde hiç gerekmeyen görünmez karakterler var (${at.tr}); lütfen kaldırın`,
      },
    });
  }
  const spaces = found.filter((found) => found.use === 'unusual-space');
  if (spaces.length) {
    const at = where(spaces);
    problems.push({
      kind: 'unusualSpace' as const,
      message: {
        en: `contains a special space (${at.en}); use an ordinary space`,
        de: `enthält ein besonderes Leerzeichen (${at.de}); nimm ein normales`,
        tr: `özel bir boşluk karakteri içeriyor (${at.tr}); normal boşluk kullanın`,
      },
    });
  }
  return problems;
}

function spaceProblems(node: Pick<TextNode, 'format'>, value: string) {
  const what: Worded[] = [];
  if (/^\s/u.test(value)) what.push({ en: 'at the start', de: 'am Anfang', tr: 'başında' });
  if (/\s$/u.test(value)) what.push({ en: 'at the end', de: 'am Ende', tr: 'sonunda' });
  // Paragraph breaks in multi-line texts are line breaks, not doubled spaces.
  if (/[^\S\n\r]{2,}/u.test(value.trim()))
    what.push({ en: 'doubled inside', de: 'doppelt im Text', tr: 'metin içinde iki kez' });
  if (what.length === 0 || node.format === 'json') return [];
  const join = (language: Language) => what.map((part) => part[language]).join(', ');
  return [
    {
      kind: 'spaces' as const,
      message: {
        en: `has spaces ${join('en')}`,
        de: `hat Leerzeichen ${join('de')}`,
        tr: `boşluk var: ${join('tr')}`,
      },
    },
  ];
}

/**
 * Words a language doubles on purpose. German: an article before a relative pronoun ("für
 * die die Verordnung gilt"). Turkish doubles content words as grammar (zaman zaman, adım
 * adım, yavaş yavaş), so only its doubled function words are mistakes.
 */
const DOUBLED_ON_PURPOSE: Record<Language, (word: string) => boolean> = {
  en: (word) => word === 'that' || word === 'had',
  de: (word) => /^(der|die|das|dem|den|des)$/.test(word),
  tr: (word) => !/^(ve|ile|veya|ya|ama|fakat|için|bu|şu|bir|de|da|gibi|daha|en)$/.test(word),
};

/**
 * A word, then white space, then the same word (texts are folded to lower case first). A
 * Turkish suffix after an apostrophe belongs to its word: "Berlin'de de" repeats nothing.
 */
const DOUBLED = /(?<![\p{L}\p{N}'’-])(\p{L}[\p{L}\p{N}]*)\s+\1(?![\p{L}\p{N}'’-])/gu;

/** A word written twice in a row ("the the", "ve ve"), compared in the language's own casing. */
function repeatedWordProblems(language: Language, value: string) {
  for (const [, word = ''] of value.toLocaleLowerCase(language).matchAll(DOUBLED)) {
    if (DOUBLED_ON_PURPOSE[language](word)) continue;
    const shown = JSON.stringify(word);
    return [
      {
        kind: 'repeatedWord' as const,
        message: {
          en: `repeats the word ${shown}`,
          de: `wiederholt das Wort ${shown}`,
          tr: `${shown} kelimesi art arda iki kez yazılmış`,
        },
      },
    ];
  }
  return [];
}

// ---------------------------------------------------------------------------
// A translation compared with its English.

/** Thousands separators and decimal marks per language: 1,000.5 / 1.000,5 / 1.000,5. */
const NUMBER_FORMAT: Record<Language, { group: RegExp; decimal: string }> = {
  en: { group: /[,\u00a0\u202f ]/g, decimal: '.' },
  de: { group: /[.\u00a0\u202f ]/g, decimal: ',' },
  tr: { group: /[.\u00a0\u202f ]/g, decimal: ',' },
};

/** Thousands written as a word or suffix: 48k, 48 Tsd., 48 bin. */
const THOUSANDS: Record<Language, RegExp> = {
  en: /^(?:k|\s?thousand)/iu,
  de: /^(?:\s?Tsd\.|\s?Tausend)/u,
  tr: /^\s?bin\b/u,
};

/** The numbers a text states, as values (`1.000` in German is 1000, `48k` 48000), sorted. */
export function numbersOf(language: Language, value: string): number[] {
  const withoutPlaceholders = value.replace(/\{[A-Za-z0-9_]+\}/g, ' ');
  const { group, decimal } = NUMBER_FORMAT[language];
  const numbers = Array.from(
    withoutPlaceholders.matchAll(/\d+(?:[.,\u00a0\u202f]\d{3})*(?:[.,]\d+)?/gu),
    (match) => {
      const number = Number(match[0].replace(group, '').replace(decimal, '.'));
      const rest = withoutPlaceholders.slice(match.index + match[0].length);
      return THOUSANDS[language].test(rest) ? number * 1000 : number;
    },
  );
  return numbers.filter((number) => Number.isFinite(number)).sort((a, b) => a - b);
}

function numberProblems(language: Language, english: string, value: string) {
  const expected = numbersOf('en', english);
  const actual = numbersOf(language, value);
  const missing = expected.filter((number) => !actual.includes(number));
  const extra = actual.filter((number) => !expected.includes(number));
  if (!missing.length && !extra.length) return [];
  const shown = (numbers: number[]) => numbers.map(String).join(', ');
  const parts = (words: Worded): Worded => ({
    en: [
      missing.length ? `${words.en} ${shown(missing)}` : '',
      extra.length ? `adds ${shown(extra)}` : '',
    ]
      .filter(Boolean)
      .join('; '),
    de: [
      missing.length ? `${words.de} ${shown(missing)}` : '',
      extra.length ? `nennt zusätzlich ${shown(extra)}` : '',
    ]
      .filter(Boolean)
      .join('; '),
    tr: [
      missing.length ? `${words.tr} ${shown(missing)}` : '',
      extra.length ? `fazladan ${shown(extra)} var` : '',
    ]
      .filter(Boolean)
      .join('; '),
  });
  const detail = parts({ en: 'lacks', de: 'es fehlt', tr: 'eksik:' });
  return [
    {
      kind: 'numbers' as const,
      message: {
        en: `numbers differ from English: ${detail.en}`,
        de: `Zahlen weichen vom Englischen ab: ${detail.de}`,
        tr: `sayılar İngilizceden farklı: ${detail.tr}`,
      },
    },
  ];
}

const ADDRESS =
  /\bhttps?:\/\/[^\s<>"')\]]+|[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[A-Za-z]{2,}/giu;

/** URLs and e-mail addresses a text states (a trailing full stop is punctuation). */
export function addressesOf(value: string): string[] {
  // Most texts state none; the pattern is slow on long texts.
  if (!value.includes('@') && !value.includes('://')) return [];
  return [
    ...new Set(Array.from(value.matchAll(ADDRESS), ([found]) => found.replace(/[.,;:!?]+$/, ''))),
  ].sort();
}

function addressProblems(english: string, value: string) {
  const expected = addressesOf(english);
  const actual = addressesOf(value);
  const missing = expected.filter((address) => !actual.includes(address));
  const extra = actual.filter((address) => !expected.includes(address));
  if (!missing.length && !extra.length) return [];
  const both = [...missing, ...extra];
  return [
    {
      kind: 'addresses' as const,
      message: {
        en: `addresses differ from English: ${list(both)}`,
        de: `Adressen weichen vom Englischen ab: ${list(both)}`,
        tr: `adresler İngilizceden farklı: ${list(both)}`,
      },
    },
  ];
}

/** Brackets must close, and quotation marks pair ("…", „…“, “…”, «…»), in any language. */
const QUOTES = /["“”„«»]/gu;

function balanced(value: string): boolean {
  const open: string[] = [];
  for (const char of value) {
    if (char === '(' || char === '[') open.push(char);
    if (char === ')' && open.pop() !== '(') return false;
    if (char === ']' && open.pop() !== '[') return false;
  }
  return open.length === 0 && (value.match(QUOTES) ?? []).length % 2 === 0;
}

function bracketProblems(english: string, value: string) {
  if (balanced(value) || !balanced(english)) return [];
  return [
    {
      kind: 'brackets' as const,
      message: {
        en: 'a bracket or quotation mark is not closed (it is in English)',
        de: 'eine Klammer oder ein Anführungszeichen ist nicht geschlossen (im Englischen schon)',
        tr: 'bir parantez veya tırnak işareti kapanmamış (İngilizcede kapalı)',
      },
    },
  ];
}

/** How a text ends: a full stop, a question, an exclamation, a colon, an ellipsis or nothing. */
function ending(value: string): string {
  // Invisible characters after the mark are the invisible check's business.
  const end = value.replace(/[\s\p{Cf}]+$/u, '');
  const last = /(…|\.\.\.|[.?!:;])["“”»)]*$/u.exec(end)?.[1] ?? '';
  return last === '...' ? '…' : last;
}

function endPunctuationProblems(english: string, value: string) {
  const expected = ending(english);
  const actual = ending(value);
  if (expected === actual) return [];
  const shown = (mark: string, none: string) => (mark ? `"${mark}"` : none);
  return [
    {
      kind: 'endPunctuation' as const,
      message: {
        en: `ends with ${shown(actual, 'no punctuation')} where English ends with ${shown(expected, 'none')}`,
        de: `endet mit ${shown(actual, 'keinem Satzzeichen')}, das Englische mit ${shown(expected, 'keinem')}`,
        tr: `${shown(actual, 'noktalama işareti olmadan')} bitiyor, İngilizce ise ${shown(expected, 'işaretsiz')} bitiyor`,
      },
    },
  ];
}

/** Short texts (labels, headings) whose translation runs this much longer are suspect. */
const SHORT_TEXT = 40;
const LONGER_FACTOR = 2.5;
const LONGER_SLACK = 15;

function longerThanEnglishProblems(english: string, value: string) {
  const englishLength = [...english.trim()].length;
  const length = [...value.trim()].length;
  if (englishLength > SHORT_TEXT || length <= englishLength * LONGER_FACTOR) return [];
  // A one-word name may well become a phrase ("Press" → "Basın Kiti").
  if (length - englishLength <= LONGER_SLACK) return [];
  return [
    {
      kind: 'longerThanEnglish' as const,
      message: {
        en: `${length} characters against English's ${englishLength}: much longer for a short text`,
        de: `${length} Zeichen gegenüber ${englishLength} im Englischen: viel länger für einen kurzen Text`,
        tr: `İngilizcedeki ${englishLength} karaktere karşı ${length} karakter: kısa bir metin için çok uzun`,
      },
    },
  ];
}

function placeholderProblems(english: string, value: string) {
  const expected = placeholdersOf(english);
  const actual = placeholdersOf(value);
  const differ = [
    ...expected.filter((name) => !actual.includes(name)),
    ...actual.filter((name) => !expected.includes(name)),
  ].map((name) => `{${name}}`);
  return differ;
}

// ---------------------------------------------------------------------------
// The checks of one field: the Studio calls this beside the field as it is typed.

type Found = { kind: CheckKind; message: Worded };

/**
 * Every problem of one text: `texts` holds its value per language (a plural's form: one
 * call per form). Placeholders that differ are reported on the language that disagrees
 * with the others: English when every translation agrees with each other and not with it
 * (English was changed), else each translation that differs from English. Prose is checked
 * against `glossary` (search keywords aside: they may hold synonyms on purpose).
 */
export function checkText(
  node: Pick<TextNode, 'format'>,
  path: string,
  texts: Partial<Record<Language, string | undefined>>,
  glossary: Glossary = [],
): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const add = (language: Language, found: readonly Found[]) => {
    for (const { kind, message } of found)
      problems.push({
        path,
        language,
        kind,
        severity: CHECKS[kind].severity,
        message,
        text: texts[language] ?? '',
      });
  };
  const english = texts.en;
  for (const language of LANGUAGES) {
    const value = texts[language];
    if (typeof value !== 'string' || (language !== 'en' && value === english)) continue;
    add(language, invisibleProblems(value));
    if (!isPresentText(value)) continue;
    add(language, lengthProblems(path, node, value));
    if (node.format === 'plain' || node.format === 'multiline') {
      add(language, spaceProblems(node, value));
      add(language, repeatedWordProblems(language, value));
      if (!path.startsWith('meta.keywords'))
        add(language, glossaryFindings(language, value, english, glossary));
    }
  }
  if (!isPresentText(english) || (node.format !== 'plain' && node.format !== 'multiline'))
    return problems;
  const translations = TRANSLATED_LANGUAGES.filter(
    (language) => isPresentText(texts[language]) && texts[language] !== english,
  );
  for (const language of translations) {
    const value = texts[language]!;
    add(language, [
      ...numberProblems(language, english, value),
      ...addressProblems(english, value),
      ...bracketProblems(english, value),
      ...endPunctuationProblems(english, value),
      ...(roleOf(path, node) ? longerThanEnglishProblems(english, value) : []),
    ]);
  }
  const differing = translations.filter(
    (language) => placeholderProblems(english, texts[language]!).length > 0,
  );
  const agreeing =
    differing.length === TRANSLATED_LANGUAGES.length &&
    differing.every(
      (language) => placeholderProblems(texts[differing[0]!]!, texts[language]!).length === 0,
    );
  const placeholderMessage = (names: string[], other: Language): Worded => ({
    en: `placeholders differ from ${NAMES[other].en}: ${names.join(', ')}`,
    de: `Platzhalter weichen ${FROM_GERMAN[other]} ab: ${names.join(', ')}`,
    tr: `yer tutucular ${NAMES[other].tr} metinden farklı: ${names.join(', ')}`,
  });
  if (agreeing) {
    const names = placeholderProblems(texts[differing[0]!]!, english);
    add('en', [
      {
        kind: 'placeholders',
        message: placeholderMessage(names, differing[0]!),
      },
    ]);
  } else {
    for (const language of differing)
      add(language, [
        {
          kind: 'placeholders',
          message: placeholderMessage(placeholderProblems(english, texts[language]!), 'en'),
        },
      ]);
  }
  return problems;
}

// ---------------------------------------------------------------------------
// Plural forms: German says "1 Sekunde" but "2 Sekunden"; Turkish keeps the noun singular
// after a number ("5 saniye", never "5 saniyeler").

/** A Turkish plural suffix on the word right after the number. */
const TURKISH_PLURAL_AFTER_COUNT = (count: string) =>
  new RegExp(`\\{${count}\\}\\s+\\p{L}+(?:ler|lar)\\b`, 'u');

function pluralProblems(
  path: string,
  forms: Record<'one' | 'other', Partial<Record<Language, string>>>,
  count: string,
): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const one = forms.one;
  const other = forms.other;
  const pluralPath = path.replace(/_(one|other)$/, '_other');
  if (
    isPresentText(one.de) &&
    isPresentText(other.de) &&
    one.en !== other.en &&
    one.de.trim() === other.de.trim()
  )
    problems.push({
      path: pluralPath,
      language: 'de',
      kind: 'pluralForms',
      severity: CHECKS.pluralForms.severity,
      text: other.de,
      message: {
        en: 'the German forms for one and for several are the same; German says "1 Sekunde" but "2 Sekunden"',
        de: 'die Formen für eins und für mehrere sind gleich; es heißt „1 Sekunde“, aber „2 Sekunden“',
        tr: 'Almancada tekil ve çoğul biçim aynı; Almanca "1 Sekunde" ama "2 Sekunden" der',
      },
    });
  if (isPresentText(other.tr) && TURKISH_PLURAL_AFTER_COUNT(count).test(other.tr))
    problems.push({
      path: pluralPath,
      language: 'tr',
      kind: 'pluralForms',
      severity: CHECKS.pluralForms.severity,
      text: other.tr,
      message: {
        en: 'Turkish keeps the noun singular after a number ("5 saniye", not "5 saniyeler")',
        de: 'im Türkischen bleibt das Nomen nach einer Zahl im Singular („5 saniye“, nicht „5 saniyeler“)',
        tr: 'sayıdan sonra isim tekil kalır ("5 saniyeler" değil, "5 saniye")',
      },
    });
  return problems;
}

// ---------------------------------------------------------------------------
// A whole dictionary.

interface Leaf {
  readonly node: TextNode;
  readonly texts: Partial<Record<Language, string>>;
}

/**
 * Every check problem of one dictionary, from each language's JSON (as published, or as
 * read from `locales/`). Lists have the same length in every language (the schema rule), so
 * a key path names the same text in each.
 */
export function checkLanguages(
  dictionary: Dictionary,
  languages: Partial<Record<Language, unknown>>,
  glossary: Glossary = [],
): CheckProblem[] {
  // The glossary's texts are word lists, not copy: no translation of one another, and full
  // of the words it forbids.
  if (dictionary === getDictionary('glossary')) return [];
  const leaves = new Map<string, Leaf>();
  for (const language of LANGUAGES) {
    visitTexts(dictionary.root, languages[language], (value, path, node) => {
      let leaf = leaves.get(path);
      if (!leaf) leaves.set(path, (leaf = { node, texts: {} }));
      if (value !== undefined) leaf.texts[language] = value;
    });
  }
  const problems: CheckProblem[] = [];
  for (const [path, { node, texts }] of leaves) {
    problems.push(...checkText(node, path, texts, glossary));
    if (path.endsWith('_one')) {
      const other = leaves.get(path.replace(/_one$/, '_other'));
      const count = placeholdersOf(texts.en ?? '')[0];
      if (other && count)
        problems.push(...pluralProblems(path, { one: texts, other: other.texts }, count));
    }
  }
  return problems;
}

/** A problem of a stored document, with the stored field to show it beside. */
export interface StoredCheckProblem extends CheckProblem {
  /** The language's field in the stored document (`items[_key=="item2"].question.de`). */
  readonly storedPath: readonly StoredPathSegment[];
}

/**
 * The checks of a stored dictionary document (one text per field holds en, de and tr), for
 * the Studio: each problem names the stored field it belongs beside. `language` keeps only
 * that language's problems. Texts a language lacks are compared with nothing (their gap is
 * the Translations queue's business).
 */
export function checkDocument(
  namespace: Namespace,
  doc: unknown,
  language?: Language,
  glossary: Glossary = [],
): StoredCheckProblem[] {
  const dictionary = getDictionary(namespace);
  const fields = new Map<string, readonly StoredPathSegment[]>();
  const languages: Partial<Record<Language, unknown>> = {};
  for (const lang of LANGUAGES) {
    languages[lang] = splitDocument(dictionary, doc, lang, namespace, {
      fallback: false,
      onText: ({ resultPath, storedPath }) =>
        fields.set(`${lang} ${formatPath(resultPath)}`, storedPath),
    }).value;
  }
  return checkLanguages(dictionary, languages, glossary).flatMap((problem) => {
    const storedPath = fields.get(`${problem.language} ${problem.path}`);
    if (!storedPath || (language && problem.language !== language)) return [];
    return [{ ...problem, storedPath }];
  });
}
