/**
 * Sanity schema types derived from the dictionary nodes: one document type per namespace,
 * an en/de/tr object at every text leaf, and one array structure for all languages.
 * Plain objects (the shape `defineType` takes), so schemas/ does not depend on the Studio.
 * Field validation calls the same rules as the export step (./rules.ts).
 */
import {
  PLURAL_FORMS,
  titleFromKey,
  type Dictionary,
  type Node,
  type PluralForm,
  type PluralNode,
  type TextFormat,
  type TextNode,
} from './define';
import { CONSENT_WORDING_ONLY } from './consent-text';
import { documentType, type Namespace, dictionaries } from './index';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_NAMES,
  LANGUAGES,
  TRANSLATED_LANGUAGES,
  type Language,
} from './languages';
import { LIMITS } from './limits';
import {
  checkLocalizedText,
  isPresentText,
  type Localized,
  type TextProblem,
  type TextRules,
} from './rules';
import {
  TRANSLATED_FROM,
  translationStatus,
  type StoredTranslations,
  type TranslatedLanguage,
} from './translation-status';
import { localizedTypeName, pluralFormTypeName, pluralTypeName } from './walk';

/** The part of Sanity's validation context the derived validations read. */
export interface ValidationContextLike {
  parent?: unknown;
  document?: unknown;
  /** From the document root: field names, array indexes or `{ _key }` of array items. */
  path?: readonly unknown[];
}

/** The part of Sanity's Rule API the derived validations use. */
export interface RuleLike {
  custom(fn: (value: unknown, context: ValidationContextLike) => true | string): RuleLike;
  warning(): RuleLike;
  error(): RuleLike;
  required(): RuleLike;
  integer(): RuleLike;
  min(value: number): RuleLike;
  max(value: number): RuleLike;
  regex(pattern: RegExp, options?: { name?: string }): RuleLike;
}

/** What a list item or document shows as its title in lists, search, toasts and history. */
export interface SanityPreview {
  select: Record<string, string>;
  prepare: (selection: Record<string, unknown>) => { title: string; subtitle?: string };
}

export interface SanityField {
  name: string;
  type: string;
  title?: string;
  description?: string | undefined;
  fields?: SanityField[];
  of?: SanityField[];
  options?: Record<string, unknown>;
  validation?: (rule: RuleLike) => RuleLike | RuleLike[];
  preview?: SanityPreview;
  rows?: number;
  /** The field group (tab) of a top-level field of a document with groups. */
  group?: string;
  /** Kept in the document but never shown as a field. */
  hidden?: boolean;
}

/** A tab of a document's form: one top-level block, or the loose texts together. */
export interface SanityFieldGroup {
  name: string;
  title: string;
  /** The tab the form opens on. */
  default?: boolean;
  /** Not offered as a tab (Sanity's own "All fields" tab, see ALL_FIELDS_HIDDEN). */
  hidden?: boolean;
}

export interface SanityDocumentType {
  name: string;
  type: 'document';
  title: string;
  description?: string | undefined;
  fields: SanityField[];
  groups?: SanityFieldGroup[];
  preview: SanityPreview;
  /** The namespace, for the Studio structure and coverage badges. */
  namespace: Namespace;
}

function messageOf(problems: TextProblem[]): true | string {
  return problems.length === 0 ? true : problems.map((p) => p.message).join('; ');
}

/**
 * Validation of one language field of a text, from the shared rules: errors block
 * publishing (missing required English, malformed address, placeholders that differ
 * from English); a missing translation is a warning. Sanity keeps these levels on
 * string fields, so the rules sit on the language fields, not on the text object.
 */
export function languageValidation(
  node: TextRules,
  language: Language,
  { pluralForm }: { pluralForm?: boolean } = {},
) {
  const problems = (value: unknown, context: ValidationContextLike) => {
    const localized = {
      ...(context.parent as Localized | undefined),
      [language]: value as string | undefined,
    };
    const found = checkLocalizedText(node, localized).filter((p) => p.language === language);
    return [
      ...found,
      ...outdatedProblems(localized, language),
      ...(pluralForm ? pluralFormProblems(value, language, context) : []),
    ];
  };
  return (rule: RuleLike) => [
    rule
      .custom((value, context) =>
        messageOf(problems(value, context).filter((p) => p.level === 'error')),
      )
      .error(),
    rule
      .custom((value, context) =>
        messageOf(problems(value, context).filter((p) => p.level === 'warning')),
      )
      .warning(),
  ];
}

/** The message beside an outdated translation, in the Studio and its validation list. */
export const OUTDATED_MESSAGE = 'English changed since this was translated';

/** A translation written against other English: a warning, so it never blocks publishing. */
function outdatedProblems(text: StoredTranslations, language: Language): TextProblem[] {
  if (language === DEFAULT_LANGUAGE) return [];
  return translationStatus(text, language as TranslatedLanguage) === 'outdated'
    ? [{ level: 'warning', language, message: OUTDATED_MESSAGE }]
    : [];
}

/** The value at a Sanity path inside a document (`{ _key }` finds an array item). */
function valueAt(document: unknown, path: readonly unknown[]): unknown {
  let current = document;
  for (const segment of path) {
    if (Array.isArray(current)) {
      current =
        typeof segment === 'number'
          ? current[segment]
          : current.find(
              (item: unknown) =>
                typeof item === 'object' &&
                item !== null &&
                (item as { _key?: unknown })._key === (segment as { _key?: unknown })?._key,
            );
    } else if (typeof current === 'object' && current !== null && typeof segment === 'string') {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

const FORM_TITLES: Record<PluralForm, { title: string; description: string }> = {
  one: {
    title: 'Form for one',
    description: 'Used when the number is 1 (in German and Turkish too).',
  },
  other: { title: 'Form for other numbers', description: 'Used for 0, 2, 3, 5, 10 and so on.' },
};

/**
 * A form of a plural text that is empty in a language while another form is given: an
 * error on the empty form's field (a language field is where Sanity keeps the error
 * level). The sibling forms are read from the document, two levels up the path.
 */
function pluralFormProblems(
  value: unknown,
  language: Language,
  context: ValidationContextLike,
): TextProblem[] {
  const path = context.path ?? [];
  const form = path.at(-2);
  if (isPresentText(value) || typeof form !== 'string') return [];
  const plural = valueAt(context.document, path.slice(0, -2)) as
    Partial<Record<PluralForm, Localized | undefined>> | undefined;
  const given = PLURAL_FORMS.filter((f) => isPresentText(plural?.[f]?.[language]));
  if (given.length === 0) return [];
  return [
    {
      level: 'error',
      language,
      message: `${given.map((f) => FORM_TITLES[f].title.toLowerCase()).join(', ')} is given, so this form is needed too`,
    },
  ];
}

const FORMATS: readonly TextFormat[] = ['plain', 'multiline', 'url', 'href', 'email', 'json'];

/** Every text node of every dictionary, plural forms included. */
function textNodes(node: Node): TextNode[] {
  switch (node.kind) {
    case 'text':
      return [node];
    case 'plural':
      return [node.form];
    case 'group':
      return Object.values(node.fields).flatMap(textNodes);
    case 'list':
      return textNodes(node.of);
    default:
      return [];
  }
}

function pluralNodes(node: Node): PluralNode[] {
  if (node.kind === 'plural') return [node];
  if (node.kind === 'group') return Object.values(node.fields).flatMap(pluralNodes);
  if (node.kind === 'list') return pluralNodes(node.of);
  return [];
}

const allRoots = Object.values(dictionaries as Record<string, Dictionary>).map((d) => d.root);

function placeholderTitle(placeholders: readonly string[]): string {
  return placeholders.length ? ` with ${placeholders.map((name) => `{${name}}`).join(', ')}` : '';
}

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

/**
 * The English each translation was written against (./translation-status.ts): kept in the
 * document, never shown as a field; the Studio's text input writes it and shows what it means.
 */
const translatedFromField: SanityField = {
  name: TRANSLATED_FROM,
  type: 'object',
  title: 'Translated from',
  description: 'The English text each translation was written against.',
  hidden: true,
  fields: TRANSLATED_LANGUAGES.map((language) => ({
    name: language,
    type: 'text',
    title: `${LANGUAGE_NAMES[language]} was translated from`,
  })),
};

function localizedType(node: TextRules, pluralForm = false): SanityField {
  const long = node.format === 'multiline' || node.format === 'json';
  return {
    name: pluralForm ? pluralFormTypeName(node) : localizedTypeName(node),
    type: 'object',
    title: `${long ? 'Long text' : 'Text'} in every language${node.required ? ' (English required)' : ''}${placeholderTitle(node.placeholders)}`,
    description: 'English, German and Turkish, one under the other.',
    fields: [
      ...LANGUAGES.map((language) => ({
        name: language,
        type: long ? 'text' : 'string',
        title: LANGUAGE_NAMES[language],
        // The least a box shows; it grows with its content in the Studio.
        ...(long ? { rows: node.format === 'json' ? 6 : 2 } : {}),
        validation: languageValidation(node, language, { pluralForm }),
      })),
      translatedFromField,
    ],
    preview: {
      select: Object.fromEntries(LANGUAGES.map((language) => [language, language])),
      prepare: (selection) => localizedPreview(selection),
    },
  };
}

/**
 * The object types holding one text in every language: one per format and
 * requiredness, plus one per set of placeholders a dictionary text accepts, so that
 * each language field checks exactly its text's placeholders.
 */
export const localizedTypes: SanityField[] = (() => {
  const rules = new Map<string, TextRules>();
  for (const format of FORMATS) {
    for (const required of [false, true]) {
      const node = { format, required, placeholders: [] };
      rules.set(localizedTypeName(node), node);
    }
  }
  for (const node of allRoots.flatMap(textNodes)) rules.set(localizedTypeName(node), node);
  return [...rules.values()].map((node) => localizedType(node));
})();

/**
 * The object types of plural texts: one localized text per plural form, whose language
 * fields also check that a language has every form or none.
 */
export const pluralTypes: SanityField[] = (() => {
  const types = new Map<string, SanityField>();
  for (const node of allRoots.flatMap(pluralNodes)) {
    types.set(pluralFormTypeName(node.form), localizedType(node.form, true));
    types.set(pluralTypeName(node), {
      name: pluralTypeName(node),
      type: 'object',
      title: `Text with a number${placeholderTitle(node.form.placeholders)}`,
      description: 'Written once for the number 1 and once for other numbers, in every language.',
      fields: PLURAL_FORMS.map((form) => ({
        name: form,
        type: pluralFormTypeName(node.form),
        ...FORM_TITLES[form],
        ...(node.required ? { validation: (rule: RuleLike) => rule.required() } : {}),
      })),
    });
  }
  return [...types.values()];
})();

function textField(
  base: { name: string; title: string; description?: string | undefined },
  node: TextNode,
): SanityField {
  return {
    ...base,
    type: localizedTypeName(node),
    // Without the object, its language fields are not validated at all.
    ...(node.required ? { validation: (rule: RuleLike) => rule.required() } : {}),
  };
}

function firstTextKey(fields: Record<string, Node>): string | undefined {
  return Object.entries(fields).find(([, node]) => node.kind === 'text')?.[0];
}

/** A list item shows its first text (a heading, a question, a name) like a text item does. */
function itemPreview(titleKey: string): SanityPreview {
  return {
    select: Object.fromEntries(LANGUAGES.map((language) => [language, `${titleKey}.${language}`])),
    prepare: (selection) =>
      localizedPreview(selection, `(empty ${titleFromKey(titleKey).toLowerCase()})`),
  };
}

export function sanityField(name: string, node: Node): SanityField {
  const base = { name, title: node.title ?? titleFromKey(name), description: node.description };
  switch (node.kind) {
    case 'text':
      return textField(base, node);
    case 'plural':
      return {
        ...base,
        type: pluralTypeName(node),
        ...(node.required ? { validation: (rule: RuleLike) => rule.required() } : {}),
      };
    case 'flag':
      return {
        ...base,
        type: 'boolean',
        ...(node.required ? { validation: (rule: RuleLike) => rule.required() } : {}),
      };
    case 'choice':
      return {
        ...base,
        type: 'string',
        options: {
          list: node.options.map((value) => ({
            title: node.optionTitles?.[value] ?? titleFromKey(value),
            value,
          })),
        },
        ...(node.required ? { validation: (rule: RuleLike) => rule.required() } : {}),
      };
    case 'number':
      return {
        ...base,
        type: 'number',
        validation: (rule: RuleLike) => {
          const integer = rule.integer();
          return node.min === undefined ? integer : integer.min(node.min);
        },
      };
    case 'slug':
      return {
        ...base,
        type: 'string',
        validation: (rule: RuleLike) => rule.regex(/^[a-z0-9-]*$/, { name: 'lowercase id' }),
      };
    case 'group':
      return {
        ...base,
        type: 'object',
        options: { collapsible: true, collapsed: false },
        fields: Object.entries(node.fields).map(([key, child]) => sanityField(key, child)),
      };
    case 'list': {
      const item = node.of;
      const validation = (rule: RuleLike) => rule.max(LIMITS.listItems);
      if (item.kind === 'text')
        return {
          ...base,
          type: 'array',
          validation,
          of: [
            {
              name: localizedTypeName(item),
              type: localizedTypeName(item),
            },
          ],
        };
      const titleKey = firstTextKey(item.fields);
      return {
        ...base,
        type: 'array',
        validation,
        of: [
          {
            name: node.itemName,
            type: 'object',
            title: titleFromKey(node.itemName),
            description: item.description ?? `One entry of ${base.title.toLowerCase()}.`,
            fields: Object.entries(item.fields).map(([key, child]) => sanityField(key, child)),
            ...(titleKey ? { preview: itemPreview(titleKey) } : {}),
          },
        ],
      };
    }
  }
}

/** A list of texts (paragraphs, keywords) reads like a text, not like a block of its own. */
function isBlock(node: Node): boolean {
  return node.kind === 'group' || (node.kind === 'list' && node.of.kind === 'group');
}

/** Documents with at least this many top-level fields get one tab per block. */
const TABS_FROM_FIELDS = 4;
const LOOSE_TEXTS_GROUP: SanityFieldGroup = { name: 'texts', title: 'Main texts' };
/** The page head: the tallest block on page dictionaries and the one editors open least. */
const PAGE_HEAD_FIELD = 'meta';
/**
 * Sanity adds an "All fields" tab to every form with tabs unless the schema declares that
 * group itself; declared hidden, it is left out. With it the tab row of a large dictionary
 * wrapped onto a second line, and it showed every block at once, which the tabs are there
 * to avoid.
 */
const ALL_FIELDS_HIDDEN: SanityFieldGroup = {
  name: 'all-fields',
  title: 'All fields',
  hidden: true,
};

/**
 * The tabs of a large dictionary: one tab holding the loose top-level texts, then one per
 * top-level block (a group or a list of entries) in schema order, the page head last. A
 * lone loose text joins the first block's tab rather than fill a tab alone. The form opens
 * on the first tab. Only the form changes: the stored and published shapes do not depend
 * on tabs.
 */
export function fieldGroups(dictionary: Dictionary): {
  groups: SanityFieldGroup[];
  groupOf: Record<string, string>;
} {
  const entries = Object.entries(dictionary.root.fields);
  const blocks = entries.filter(([, node]) => isBlock(node));
  if (entries.length < TABS_FROM_FIELDS || blocks.length < 2) return { groups: [], groupOf: {} };
  const loose = entries.filter(([, node]) => !isBlock(node));
  const groups: SanityFieldGroup[] = [];
  const groupOf: Record<string, string> = {};
  const firstBlock = blocks.find(([key]) => key !== PAGE_HEAD_FIELD)?.[0] ?? blocks[0]![0];
  const looseGroup = loose.length > 1 ? LOOSE_TEXTS_GROUP.name : firstBlock;
  if (loose.length > 1) groups.push({ ...LOOSE_TEXTS_GROUP });
  for (const [key, node] of entries) {
    if (!isBlock(node)) {
      groupOf[key] = looseGroup;
      continue;
    }
    groupOf[key] = key;
    groups.push({ name: key, title: node.title ?? titleFromKey(key) });
  }
  groups.sort((a, b) => Number(a.name === PAGE_HEAD_FIELD) - Number(b.name === PAGE_HEAD_FIELD));
  groups[0]!.default = true;
  return { groups, groupOf };
}

/**
 * The banner changes marked wording only (./consent-text.ts): kept in the `common` document,
 * never shown as a field; the Studio's "Wording only" action writes it.
 */
const consentWordingOnlyField: SanityField = {
  name: CONSENT_WORDING_ONLY,
  type: 'object',
  title: 'Cookie banner changes marked wording only',
  description: 'Per language: the banner texts whose consents still count.',
  hidden: true,
  fields: LANGUAGES.map((language) => ({
    name: language,
    type: 'text',
    title: LANGUAGE_NAMES[language],
    description: `The ${LANGUAGE_NAMES[language]} banner texts now and those whose consents still count (JSON).`,
  })),
};

export function sanityDocumentType(namespace: Namespace): SanityDocumentType {
  const dictionary: Dictionary = dictionaries[namespace];
  const title = dictionary.title ?? titleFromKey(namespace);
  const { groups, groupOf } = fieldGroups(dictionary);
  // The page head comes last in the form too, where a dictionary has no tabs.
  const entries = Object.entries(dictionary.root.fields).sort(
    ([a], [b]) => Number(a === PAGE_HEAD_FIELD) - Number(b === PAGE_HEAD_FIELD),
  );
  return {
    name: documentType(namespace),
    type: 'document',
    title,
    description: dictionary.description,
    namespace,
    ...(groups.length ? { groups: [ALL_FIELDS_HIDDEN, ...groups] } : {}),
    fields: entries
      .map(([key, node]) => {
        const field = sanityField(key, node);
        if (!groupOf[key]) return field;
        // A block shown in its own tab has nothing to fold away: no toggle before its texts.
        const own = groupOf[key] === key && field.options?.collapsible;
        return {
          ...field,
          group: groupOf[key],
          ...(own ? { options: { ...field.options, collapsible: false } } : {}),
        };
      })
      .concat(namespace === 'common' ? [consentWordingOnlyField] : []),
    // Without a preview, Sanity titles a document with its first field, dumped as an object.
    preview: { select: { id: '_id' }, prepare: () => ({ title }) },
  };
}

/** A segment of a Sanity path: a field name, an array index or an array item by `_key`. */
export type FieldPathSegment = string | number | { readonly _key: string };

/** The number of a list entry (1, 2, …) from its index or an imported key (`item2`). */
function entryNumber(segment: FieldPathSegment): string {
  if (typeof segment === 'number') return String(segment + 1);
  const key = typeof segment === 'object' ? segment._key : segment;
  const imported = /^item(\d+)$/.exec(key);
  return imported ? String(Number(imported[1]) + 1) : '';
}

/** Parses a Sanity path string (`items[_key=="item2"].question.de`, `sections[0].body`). */
export function parseFieldPath(path: string): FieldPathSegment[] {
  const segments: FieldPathSegment[] = [];
  for (const [, name, index, key] of path.matchAll(/([^.[\]]+)|\[(\d+)\]|\[_key=="([^"]*)"\]/g)) {
    if (name !== undefined) segments.push(name);
    else if (index !== undefined) segments.push(Number(index));
    else if (key !== undefined) segments.push({ _key: key });
  }
  return segments;
}

/**
 * The titles the Studio shows on the way to a field, as an editor reads them: for
 * `title.main.de` of the hero, `['Title', 'Main', 'German']`; a list entry joins its list's
 * title (`Sections 2`), a plural form is named as in the form (`Form for one`). Used where a
 * field is named outside its form: the publish check beside Publish, the preview's outlines.
 */
export function fieldTitles(
  dictionary: Dictionary,
  path: string | readonly FieldPathSegment[],
): string[] {
  const segments = typeof path === 'string' ? parseFieldPath(path) : path;
  const titles: string[] = [];
  let node: Node | undefined = dictionary.root;
  for (const segment of segments) {
    if (!node) break;
    if (node.kind === 'group' && typeof segment === 'string' && node.fields[segment]) {
      const child: Node = node.fields[segment];
      titles.push(child.title ?? titleFromKey(segment));
      node = child;
    } else if (node.kind === 'list' && typeof segment !== 'string') {
      const number = entryNumber(segment);
      if (number) titles.push(`${titles.pop() ?? ''} ${number}`.trim());
      node = node.of;
    } else if (node.kind === 'plural' && (PLURAL_FORMS as readonly unknown[]).includes(segment)) {
      titles.push(FORM_TITLES[segment as PluralForm].title);
      node = node.form;
    } else if (node.kind === 'text' && (LANGUAGES as readonly unknown[]).includes(segment)) {
      titles.push(LANGUAGE_NAMES[segment as Language]);
      node = undefined;
    } else {
      break;
    }
  }
  return titles;
}
