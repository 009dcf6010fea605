/**
 * Sanity schema types derived from the dictionary nodes: one document type per namespace,
 * an en/de/tr object at every text leaf, and one array structure for all languages.
 * Plain objects (the shape `defineType` takes), so schemas/ does not depend on the Studio.
 * Field validation calls the same rules as the export step (./rules.ts).
 */
import { titleFromKey, type Dictionary, type Node, type TextNode } from './define';
import { documentType, type Namespace, dictionaries } from './index';
import { LANGUAGE_NAMES, LANGUAGES } from './languages';
import { checkLocalizedText, type Localized, type TextProblem } from './rules';
import { localizedTypeName } from './walk';

/** The part of Sanity's Rule API the derived validations use. */
export interface RuleLike {
  custom(fn: (value: unknown) => true | string): RuleLike;
  warning(): RuleLike;
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

function describe(problems: TextProblem[]): true | string {
  if (problems.length === 0) return true;
  return problems
    .map((p) => (p.language ? `${LANGUAGE_NAMES[p.language]}: ${p.message}` : p.message))
    .join('; ');
}

/** Errors block publishing; a missing translation is only a warning. */
export function textValidation(node: TextNode) {
  return (rule: RuleLike) => [
    rule.custom((value) =>
      describe(checkLocalizedText(node, value as Localized).filter((p) => p.level === 'error')),
    ),
    rule
      .custom((value) =>
        describe(checkLocalizedText(node, value as Localized).filter((p) => p.level === 'warning')),
      )
      .warning(),
  ];
}

/** The two object types holding one text in every language. */
export const localizedTypes: SanityField[] = (['localeString', 'localeText'] as const).map(
  (name) => ({
    name,
    type: 'object',
    title: name === 'localeString' ? 'Text in every language' : 'Long text in every language',
    fields: LANGUAGES.map((language) => ({
      name: language,
      type: name === 'localeString' ? 'string' : 'text',
      title: LANGUAGE_NAMES[language],
      ...(name === 'localeText' ? { rows: 3 } : {}),
    })),
  }),
);

function firstTextKey(fields: Record<string, Node>): string | undefined {
  return Object.entries(fields).find(([, node]) => node.kind === 'text')?.[0];
}

export function sanityField(name: string, node: Node): SanityField {
  const base = { name, title: node.title ?? titleFromKey(name), description: node.description };
  switch (node.kind) {
    case 'text':
      return { ...base, type: localizedTypeName(node), validation: textValidation(node) };
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
      if (item.kind === 'text') return { ...base, type: 'array', of: [{ name: localizedTypeName(item), type: localizedTypeName(item), validation: textValidation(item) }] };
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
