/**
 * Sanity schema types derived from the dictionary nodes: one document type per namespace,
 * an en/de/tr object at every text leaf, and one array structure for all languages.
 * Plain objects (the shape `defineType` takes), so schemas/ does not depend on the Studio.
 * Field validation calls the same rules as the export step (./rules.ts).
 */
import { titleFromKey, type Dictionary, type Node, type TextFormat, type TextNode } from './define';
import { documentType, type Namespace, dictionaries } from './index';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from './languages';
import { checkLocalizedText, type Localized, type TextProblem } from './rules';
import { localizedTypeName } from './walk';

/** The part of Sanity's Rule API the derived validations use. */
export interface RuleLike {
  custom(fn: (value: unknown, context: { parent?: unknown }) => true | string): RuleLike;
  warning(): RuleLike;
  error(): RuleLike;
  required(): RuleLike;
  integer(): RuleLike;
  min(value: number): RuleLike;
  regex(pattern: RegExp, options?: { name?: string }): RuleLike;
}

export interface SanityField {
  name: string;
  type: string;
  title?: string;
  description?: string;
  fields?: SanityField[];
  of?: SanityField[];
  options?: Record<string, unknown>;
  validation?: (rule: RuleLike) => RuleLike | RuleLike[];
  preview?: { select: Record<string, string> };
  rows?: number;
}

export interface SanityDocumentType {
  name: string;
  type: 'document';
  title: string;
  description?: string;
  fields: SanityField[];
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
  node: Pick<TextNode, 'format' | 'required'>,
  language: Language,
) {
  const problems = (value: unknown, parent: unknown) => {
    const localized = {
      ...(parent as Localized | undefined),
      [language]: value as string | undefined,
    };
    return checkLocalizedText(node as TextNode, localized).filter((p) => p.language === language);
  };
  return (rule: RuleLike) => [
    rule
      .custom((value, context) =>
        messageOf(problems(value, context.parent).filter((p) => p.level === 'error')),
      )
      .error(),
    rule
      .custom((value, context) =>
        messageOf(problems(value, context.parent).filter((p) => p.level === 'warning')),
      )
      .warning(),
  ];
}

const FORMATS: readonly TextFormat[] = ['plain', 'multiline', 'url', 'href', 'email', 'json'];

/** The object types holding one text in every language: one per format and requiredness. */
export const localizedTypes: SanityField[] = FORMATS.flatMap((format) =>
  [false, true].map((required) => {
    const long = format === 'multiline' || format === 'json';
    return {
      name: localizedTypeName({ format, required }),
      type: 'object',
      title: `${long ? 'Long text' : 'Text'} in every language${required ? ' (English required)' : ''}`,
      fields: LANGUAGES.map((language) => ({
        name: language,
        type: long ? 'text' : 'string',
        title: LANGUAGE_NAMES[language],
        ...(long ? { rows: format === 'json' ? 6 : 3 } : {}),
        validation: languageValidation({ format, required }, language),
      })),
    };
  }),
);

function textField(
  base: { name: string; title: string; description?: string },
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

export function sanityField(name: string, node: Node): SanityField {
  const base = { name, title: node.title ?? titleFromKey(name), description: node.description };
  switch (node.kind) {
    case 'text':
      return textField(base, node);
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
        options: { list: node.options.map((value) => ({ title: titleFromKey(value), value })) },
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
      if (item.kind === 'text')
        return {
          ...base,
          type: 'array',
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
        of: [
          {
            name: node.itemName,
            type: 'object',
            title: titleFromKey(node.itemName),
            fields: Object.entries(item.fields).map(([key, child]) => sanityField(key, child)),
            ...(titleKey ? { preview: { select: { title: `${titleKey}.en` } } } : {}),
          },
        ],
      };
    }
  }
}

export function sanityDocumentType(namespace: Namespace): SanityDocumentType {
  const dictionary: Dictionary = dictionaries[namespace];
  return {
    name: documentType(namespace),
    type: 'document',
    title: dictionary.title ?? titleFromKey(namespace),
    description: dictionary.description,
    namespace,
    fields: Object.entries(dictionary.root.fields).map(([key, node]) => sanityField(key, node)),
  };
}
