/**
 * The walk between one document per namespace (every text holds en, de and tr) and
 * one JSON file per language. Import merges languages into a document; export splits a
 * document into languages. Both follow the dictionary nodes, so the stored shape can
 * never drift from the published one.
 */
import {
  pluralKey,
  PLURAL_FORMS,
  type Dictionary,
  type GroupNode,
  type ListNode,
  type Node,
  type PluralNode,
  type TextFormat,
  type TextNode,
} from './define';
import { LANGUAGES, TRANSLATED_LANGUAGES, DEFAULT_LANGUAGE, type Language } from './languages';
import { formatPath, type ContentProblem } from './problems';
import { isPresentText, placeholderProblem } from './rules';
import {
  TRANSLATED_FROM,
  translatedFromEnglish,
  translationStatus,
  type TranslatedFrom,
  type TranslatedLanguage,
} from './translation-status';

type Json = unknown;
type Path = readonly (string | number)[];
type PerLanguage<T> = Record<Language, T>;

/**
 * The stored form of a text leaf: one field per language, and the English each
 * translation was written against (./translation-status.ts), which is never published.
 */
export interface StoredText {
  _type: string;
  en?: string;
  de?: string;
  tr?: string;
  [TRANSLATED_FROM]?: TranslatedFrom;
}

const FORMAT_NAMES: Record<TextFormat, string> = {
  plain: 'String',
  multiline: 'Text',
  url: 'Url',
  href: 'Href',
  email: 'Email',
  json: 'Json',
};

/** The stored form of a plural: one localized text per plural form. */
export interface StoredPlural {
  _type: string;
  one?: StoredText;
  other?: StoredText;
}

function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The Studio type of a text leaf, one per format, requiredness and accepted placeholders
 * (`localeUrlRequired`, `localeStringRequiredWithBrandYear`), because each type carries
 * the validation of its language fields.
 */
export function localizedTypeName(
  node: Pick<TextNode, 'format' | 'required'> & { placeholders?: readonly string[] },
): string {
  const placeholders = node.placeholders?.length
    ? `With${node.placeholders.map(capitalised).join('')}`
    : '';
  return `locale${FORMAT_NAMES[node.format]}${node.required ? 'Required' : ''}${placeholders}`;
}

/**
 * The Studio type of a plural: an object with one localized text per form. Its name
 * does not start with `locale`, so the Studio's language filter leaves the forms alone
 * and filters only the language fields inside each.
 */
export function pluralTypeName(node: PluralNode): string {
  return `plural${localizedTypeName(node.form).slice('locale'.length)}`;
}

/**
 * The Studio type of one form of a plural (`localePluralStringWithSeconds`): like a
 * text's type, and its language fields also check the other forms.
 */
export function pluralFormTypeName(
  form: Pick<TextNode, 'format' | 'required'> & { placeholders?: readonly string[] },
): string {
  return `localePlural${localizedTypeName(form).slice('locale'.length)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A deterministic `_key` for array items, so re-importing the same files changes nothing. */
export function itemKey(index: number): string {
  return `item${index}`;
}

// ---------------------------------------------------------------------------
// Merge: one validated JSON per language → the stored document body.

export function mergeLanguages(
  dictionary: Dictionary,
  values: PerLanguage<Json>,
  fileOf: (language: Language) => string,
): { body: Record<string, unknown>; problems: ContentProblem[] } {
  const problems: ContentProblem[] = [];
  const report = (language: Language | undefined, path: Path, message: string) =>
    problems.push({ file: fileOf(language ?? DEFAULT_LANGUAGE), path: formatPath(path), message });

  function mergeText(node: TextNode, vals: PerLanguage<Json>, path: Path): StoredText | undefined {
    const present = LANGUAGES.filter((lang) => vals[lang] !== undefined);
    if (present.length === 0) return undefined;
    const stored: StoredText = { _type: localizedTypeName(node) };
    for (const lang of present) stored[lang] = vals[lang] as string;
    // Files imported together are translations of the English beside them.
    const translatedFrom = translatedFromEnglish(stored);
    if (translatedFrom) stored[TRANSLATED_FROM] = translatedFrom;
    const english = vals.en;
    if (typeof english === 'string') {
      for (const lang of TRANSLATED_LANGUAGES) {
        const text = vals[lang];
        if (!isPresentText(text)) continue;
        const problem = placeholderProblem(english, text);
        if (problem) report(lang, path, problem);
      }
    }
    return stored;
  }

  /** A plural's forms sit beside each other in a group: `key_one`, `key_other`. */
  function mergePlural(node: PluralNode, group: PerLanguage<Json>, key: string, path: Path) {
    const stored: StoredPlural = { _type: pluralTypeName(node) };
    for (const form of PLURAL_FORMS) {
      const name = pluralKey(key, form);
      const text = mergeText(
        node.form,
        pick(group, (v) => (isRecord(v) ? v[name] : undefined)),
        [...path, name],
      );
      if (text) stored[form] = { ...text, _type: pluralFormTypeName(node.form) };
    }
    return PLURAL_FORMS.some((form) => stored[form]) ? stored : undefined;
  }

  function merge(node: Node, vals: PerLanguage<Json>, path: Path): unknown {
    const present = LANGUAGES.filter((lang) => vals[lang] !== undefined);
    if (node.kind === 'text') return mergeText(node, vals, path);
    if (present.length === 0) return undefined;
    if (present.length < LANGUAGES.length) {
      const missing = LANGUAGES.filter((lang) => !present.includes(lang));
      report(
        missing[0],
        path,
        `present in ${present.join(', ')} but missing in ${missing.join(', ')}`,
      );
      return undefined;
    }
    switch (node.kind) {
      case 'flag':
      case 'choice':
      case 'number':
      case 'slug': {
        const distinct = new Set(LANGUAGES.map((lang) => JSON.stringify(vals[lang])));
        if (distinct.size > 1) {
          const shown = LANGUAGES.map((lang) => `${lang} ${JSON.stringify(vals[lang])}`).join(', ');
          report('de', path, `must be the same in every language (${shown})`);
        }
        return vals.en;
      }
      case 'group':
        return mergeGroup(node, vals, path);
      case 'list':
        return mergeList(node, vals, path);
      case 'plural':
        throw new Error('A plural text must be a field of a group.');
    }
  }

  function mergeGroup(node: GroupNode, vals: PerLanguage<Json>, path: Path) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node.fields)) {
      const merged =
        child.kind === 'plural'
          ? mergePlural(child, vals, key, path)
          : merge(
              child,
              pick(vals, (v) => (isRecord(v) ? v[key] : undefined)),
              [...path, key],
            );
      if (merged !== undefined) out[key] = merged;
    }
    return out;
  }

  function mergeList(node: ListNode, vals: PerLanguage<Json>, path: Path) {
    const arrays = pick(vals, (v) => (Array.isArray(v) ? v : []));
    const lengths = LANGUAGES.map((lang) => arrays[lang].length);
    if (new Set(lengths).size > 1) {
      const shown = LANGUAGES.map((lang, i) => `${lang} ${lengths[i]}`).join(', ');
      report('de', path, `list length differs between languages (${shown})`);
      return undefined;
    }
    return arrays.en.map((_, index) => {
      const itemVals = pick(arrays, (array) => array[index]);
      const merged = merge(node.of, itemVals, [...path, index]);
      // Text items keep their localized type name, so the Studio edits them with the same input.
      const type = node.of.kind === 'text' ? localizedTypeName(node.of) : node.itemName;
      return { ...(merged as object), _type: type, _key: itemKey(index) };
    });
  }

  const body = mergeGroup(dictionary.root, values, []) ?? {};
  return { body, problems };
}

function pick<T, U>(vals: PerLanguage<T>, get: (value: T) => U): PerLanguage<U> {
  return { en: get(vals.en), de: get(vals.de), tr: get(vals.tr) };
}

// ---------------------------------------------------------------------------
// Split: stored document → one language's JSON, with fallbacks and problems.

/** A segment of a path in the stored document: a key, or an array item by its `_key`. */
export type StoredPathSegment = string | number | { readonly _key: string };

/** A stored path as Sanity writes one: `sections[_key=="item1"].heading`. */
export function storedPathString(path: readonly StoredPathSegment[]): string {
  return path.reduce<string>((out, segment) => {
    if (typeof segment === 'number') return `${out}[${segment}]`;
    if (typeof segment === 'object') return `${out}[_key=="${segment._key}"]`;
    return out ? `${out}.${segment}` : segment;
  }, '');
}

/**
 * One text the split wrote: where it sits in the language's JSON (`resultPath`) and the
 * stored field it came from (`storedPath`, ending in the language). A text that fell back
 * to English still names the language's own field, the one to fill in.
 */
export interface SplitText {
  readonly value: string;
  readonly resultPath: readonly (string | number)[];
  readonly storedPath: readonly StoredPathSegment[];
  readonly node: TextNode;
  /** The language the text is in: English where it fell back. */
  readonly language: Language;
}

export interface SplitResult {
  readonly value: Record<string, unknown>;
  /** Key paths of texts that fell back to English. */
  readonly fallbacks: string[];
  /** Key paths of translations whose English changed since they were written. */
  readonly outdated: string[];
  /** Texts present in English (what there is to translate). */
  readonly texts: number;
  readonly problems: ContentProblem[];
}

export function splitDocument(
  dictionary: Dictionary,
  body: unknown,
  language: Language,
  file: string,
  {
    fallback = true,
    onText,
  }: {
    fallback?: boolean;
    /** Called for every text written into the result (previews map each to its field). */
    onText?: (text: SplitText) => void;
  } = {},
): SplitResult {
  const fallbacks: string[] = [];
  const outdated: string[] = [];
  const problems: ContentProblem[] = [];
  let texts = 0;

  /** The written text, reported with its stored field. */
  function wrote<T>(
    value: T,
    node: TextNode,
    path: Path,
    stored: readonly StoredPathSegment[],
    shownIn: Language = language,
  ): T {
    if (typeof value === 'string' && onText)
      onText({
        value,
        resultPath: path,
        storedPath: [...stored, language],
        node,
        language: shownIn,
      });
    return value;
  }

  function split(
    node: Node,
    stored: unknown,
    path: Path,
    storedPath: readonly StoredPathSegment[],
  ): unknown {
    switch (node.kind) {
      case 'text': {
        if (!isRecord(stored)) return undefined;
        const english = stored.en;
        const own = stored[language];
        if (isPresentText(english)) texts += 1;
        if (language !== DEFAULT_LANGUAGE && isPresentText(english)) {
          if (!isPresentText(own)) {
            fallbacks.push(formatPath(path));
            return fallback
              ? wrote(english, node, path, storedPath, DEFAULT_LANGUAGE)
              : wrote(own, node, path, storedPath);
          }
          const problem = placeholderProblem(english, own);
          if (problem) problems.push({ file, path: formatPath(path), message: problem });
          if (translationStatus(stored, language as TranslatedLanguage) === 'outdated')
            outdated.push(formatPath(path));
        }
        return wrote(typeof own === 'string' ? own : undefined, node, path, storedPath);
      }
      case 'group': {
        if (!isRecord(stored)) return undefined;
        const out: Record<string, unknown> = {};
        for (const [key, child] of Object.entries(node.fields)) {
          if (child.kind === 'plural') {
            Object.assign(out, splitPlural(child, stored[key], key, path, [...storedPath, key]));
            continue;
          }
          const value = split(child, stored[key], [...path, key], [...storedPath, key]);
          if (value !== undefined) out[key] = value;
        }
        return out;
      }
      case 'list':
        if (!Array.isArray(stored)) return undefined;
        return stored.map((item, index) => {
          // Items are addressed by their `_key`, as the Studio does: an editor may reorder them.
          const key = isRecord(item) && typeof item._key === 'string' ? item._key : undefined;
          const itemPath = [...storedPath, key === undefined ? index : { _key: key }];
          if (node.of.kind === 'text')
            return split(node.of, item, [...path, index], itemPath) ?? '';
          return split(node.of, item, [...path, index], itemPath) ?? {};
        });
      default:
        return stored ?? undefined;
    }
  }

  /**
   * A plural falls back to English as a whole: mixing an English form with a German one
   * would switch language with the number. Forms missing beside given ones are left
   * missing, for the validator to report.
   */
  function splitPlural(
    node: PluralNode,
    stored: unknown,
    key: string,
    path: Path,
    storedPath: readonly StoredPathSegment[],
  ): Record<string, string> {
    const forms = isRecord(stored) ? stored : {};
    const textOf = (form: string, lang: Language) => {
      const text = forms[form];
      return isRecord(text) ? text[lang] : undefined;
    };
    const out: Record<string, string> = {};
    const englishPresent = PLURAL_FORMS.filter((form) => isPresentText(textOf(form, 'en')));
    texts += englishPresent.length;
    const own = (form: string) => isPresentText(textOf(form, language));
    const useEnglish =
      language !== DEFAULT_LANGUAGE && englishPresent.length > 0 && !PLURAL_FORMS.some(own);
    for (const form of PLURAL_FORMS) {
      const name = pluralKey(key, form);
      const english = textOf(form, 'en');
      if (useEnglish) {
        if (isPresentText(english)) fallbacks.push(formatPath([...path, name]));
        const value = fallback ? english : textOf(form, language);
        const shownIn = fallback ? DEFAULT_LANGUAGE : language;
        if (typeof value === 'string')
          out[name] = wrote(value, node.form, [...path, name], [...storedPath, form], shownIn);
        continue;
      }
      const text = textOf(form, language);
      if (typeof text !== 'string') continue;
      out[name] = wrote(text, node.form, [...path, name], [...storedPath, form]);
      if (language !== DEFAULT_LANGUAGE && isPresentText(english) && isPresentText(text)) {
        const problem = placeholderProblem(english, text);
        if (problem) problems.push({ file, path: formatPath([...path, name]), message: problem });
        const formText = forms[form];
        if (
          isRecord(formText) &&
          translationStatus(formText, language as TranslatedLanguage) === 'outdated'
        )
          outdated.push(formatPath([...path, name]));
      }
    }
    return out;
  }

  const value = (split(dictionary.root, body, [], []) ?? {}) as Record<string, unknown>;
  return { value, fallbacks, outdated, texts, problems };
}

// ---------------------------------------------------------------------------
// Texts in one language's JSON, for counts and coverage.

/** Calls `visit` for every text leaf of a language's JSON, with its key path. */
export function visitTexts(
  node: Node,
  value: unknown,
  visit: (text: string | undefined, path: string, node: TextNode) => void,
  path: Path = [],
): void {
  switch (node.kind) {
    case 'text':
      visit(typeof value === 'string' ? value : undefined, formatPath(path), node);
      return;
    case 'group':
      for (const [key, child] of Object.entries(node.fields)) {
        if (child.kind === 'plural') {
          for (const form of PLURAL_FORMS) {
            const name = pluralKey(key, form);
            visitTexts(child.form, isRecord(value) ? value[name] : undefined, visit, [
              ...path,
              name,
            ]);
          }
          continue;
        }
        visitTexts(child, isRecord(value) ? value[key] : undefined, visit, [...path, key]);
      }
      return;
    case 'list':
      if (Array.isArray(value)) {
        value.forEach((item, index) => visitTexts(node.of, item, visit, [...path, index]));
      }
      return;
    default:
      return;
  }
}

/** Number of present texts in one language's JSON of a dictionary. */
export function countTexts(dictionary: Dictionary, value: unknown): number {
  let total = 0;
  visitTexts(dictionary.root, value, (text) => {
    if (isPresentText(text)) total += 1;
  });
  return total;
}

/**
 * Every node of a dictionary tree, depth first in schema order: a group before its fields,
 * a list before its item, a plural before its form (so a plural's form counts as a text).
 */
export function everyNode(node: Node): Node[] {
  switch (node.kind) {
    case 'plural':
      return [node, node.form];
    case 'group':
      return [node, ...Object.values(node.fields).flatMap(everyNode)];
    case 'list':
      return [node, ...everyNode(node.of)];
    default:
      return [node];
  }
}

/**
 * Every text leaf a dictionary can have, as a path in the stored document
 * (`items[].question`; a plural's forms as `redirect.message.one`).
 */
export function textLeafPaths(node: Node, path = ''): string[] {
  switch (node.kind) {
    case 'text':
      return [path];
    case 'plural':
      return PLURAL_FORMS.map((form) => `${path}.${form}`);
    case 'group':
      return Object.entries(node.fields).flatMap(([key, child]) =>
        textLeafPaths(child, path ? `${path}.${key}` : key),
      );
    case 'list':
      return textLeafPaths(node.of, `${path}[]`);
    default:
      return [];
  }
}
