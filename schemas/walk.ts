/**
 * The walk between one document per namespace (every text holds en, de and tr) and
 * one JSON file per language. Import merges languages into a document; export splits a
 * document into languages. Both follow the dictionary nodes, so the stored shape can
 * never drift from the published one.
 */
import type { Dictionary, GroupNode, ListNode, Node, TextFormat, TextNode } from './define';
import { LANGUAGES, TRANSLATED_LANGUAGES, DEFAULT_LANGUAGE, type Language } from './languages';
import { formatPath, type ContentProblem } from './problems';
import { isPresentText, placeholderProblem } from './rules';

type Json = unknown;
type Path = readonly (string | number)[];
type PerLanguage<T> = Record<Language, T>;

/** The stored form of a text leaf: one field per language. */
export interface StoredText {
  _type: string;
  en?: string;
  de?: string;
  tr?: string;
}

const FORMAT_NAMES: Record<TextFormat, string> = {
  plain: 'String',
  multiline: 'Text',
  url: 'Url',
  href: 'Href',
  email: 'Email',
  json: 'Json',
};

/**
 * The Studio type of a text leaf, one per format and requiredness (`localeUrlRequired`),
 * because each type carries the validation of its language fields.
 */
export function localizedTypeName(node: Pick<TextNode, 'format' | 'required'>): string {
  return `locale${FORMAT_NAMES[node.format]}${node.required ? 'Required' : ''}`;
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

  function merge(node: Node, vals: PerLanguage<Json>, path: Path): unknown {
    const present = LANGUAGES.filter((lang) => vals[lang] !== undefined);
    if (node.kind === 'text') {
      if (present.length === 0) return undefined;
      const stored: StoredText = { _type: localizedTypeName(node) };
      for (const lang of present) stored[lang] = vals[lang] as string;
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
    }
  }

  function mergeGroup(node: GroupNode, vals: PerLanguage<Json>, path: Path) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node.fields)) {
      const childVals = pick(vals, (v) => (isRecord(v) ? v[key] : undefined));
      const merged = merge(child, childVals, [...path, key]);
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

  const body = (mergeGroup(dictionary.root, values, []) ?? {}) as Record<string, unknown>;
  return { body, problems };
}

function pick<T, U>(vals: PerLanguage<T>, get: (value: T) => U): PerLanguage<U> {
  return { en: get(vals.en), de: get(vals.de), tr: get(vals.tr) };
}

// ---------------------------------------------------------------------------
// Split: stored document → one language's JSON, with fallbacks and problems.

export interface SplitResult {
  readonly value: Record<string, unknown>;
  /** Key paths of texts that fell back to English. */
  readonly fallbacks: string[];
  /** Texts present in English (what there is to translate). */
  readonly texts: number;
  readonly problems: ContentProblem[];
}

export function splitDocument(
  dictionary: Dictionary,
  body: unknown,
  language: Language,
  file: string,
  { fallback = true }: { fallback?: boolean } = {},
): SplitResult {
  const fallbacks: string[] = [];
  const problems: ContentProblem[] = [];
  let texts = 0;

  function split(node: Node, stored: unknown, path: Path): unknown {
    switch (node.kind) {
      case 'text': {
        if (!isRecord(stored)) return undefined;
        const english = stored.en;
        const own = stored[language];
        if (isPresentText(english)) texts += 1;
        if (language !== DEFAULT_LANGUAGE && isPresentText(english)) {
          if (!isPresentText(own)) {
            fallbacks.push(formatPath(path));
            return fallback ? english : own;
          }
          const problem = placeholderProblem(english, own);
          if (problem) problems.push({ file, path: formatPath(path), message: problem });
        }
        return typeof own === 'string' ? own : undefined;
      }
      case 'group': {
        if (!isRecord(stored)) return undefined;
        const out: Record<string, unknown> = {};
        for (const [key, child] of Object.entries(node.fields)) {
          const value = split(child, stored[key], [...path, key]);
          if (value !== undefined) out[key] = value;
        }
        return out;
      }
      case 'list':
        if (!Array.isArray(stored)) return undefined;
        return stored.map((item, index) => {
          if (node.of.kind === 'text') return split(node.of, item, [...path, index]) ?? '';
          return split(node.of, item, [...path, index]) ?? {};
        });
      default:
        return stored ?? undefined;
    }
  }

  const value = (split(dictionary.root, body, []) ?? {}) as Record<string, unknown>;
  return { value, fallbacks, texts, problems };
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

/** Every text leaf a dictionary can have, as a schema path (`items[].question`). */
export function textLeafPaths(node: Node, path = ''): string[] {
  switch (node.kind) {
    case 'text':
      return [path];
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
