/**
 * The Studio's fields derived from the dictionary nodes: an en/de/tr object at every text
 * leaf (one object type per format, requiredness and placeholders), one type per plural,
 * and one field per node.
 */
import { PLURAL_FORMS, titleFromKey, type Dictionary, type Node, type TextFormat } from '../define';
import { dictionaries } from '../index';
import { LANGUAGE_NAMES, LANGUAGES, TRANSLATED_LANGUAGES } from '../languages';
import { LIMITS } from '../limits';
import type { TextRules } from '../rules';
import { TRANSLATED_FROM } from '../translation-status';
import { everyNode, localizedTypeName, pluralFormTypeName, pluralTypeName } from '../walk';
import { firstTextKey, itemPreview, localizedPreview } from './previews';
import { glossaryValidation } from './glossary-validation';
import { FORM_TITLES } from './titles';
import type { RuleLike, SanityField } from './types';
import { languageValidation, requiredValidation } from './validation';

const FORMATS: readonly TextFormat[] = ['plain', 'multiline', 'url', 'href', 'email', 'json'];

const allNodes = Object.values(dictionaries as Record<string, Dictionary>).flatMap((d) =>
  everyNode(d.root),
);

function placeholderTitle(placeholders: readonly string[]): string {
  return placeholders.length ? ` with ${placeholders.map((name) => `{${name}}`).join(', ')}` : '';
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
        validation: (rule: RuleLike) => [
          ...languageValidation(node, language, { pluralForm })(rule),
          glossaryValidation(node, language)(rule),
        ],
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
  for (const node of allNodes) if (node.kind === 'text') rules.set(localizedTypeName(node), node);
  return [...rules.values()].map((node) => localizedType(node));
})();

/**
 * The object types of plural texts: one localized text per plural form, whose language
 * fields also check that a language has every form or none.
 */
export const pluralTypes: SanityField[] = (() => {
  const types = new Map<string, SanityField>();
  for (const node of allNodes) {
    if (node.kind !== 'plural') continue;
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
        ...requiredValidation(node),
      })),
    });
  }
  return [...types.values()];
})();

export function sanityField(name: string, node: Node): SanityField {
  const base = { name, title: node.title ?? titleFromKey(name), description: node.description };
  switch (node.kind) {
    case 'text':
      return { ...base, type: localizedTypeName(node), ...requiredValidation(node) };
    case 'plural':
      return {
        ...base,
        type: pluralTypeName(node),
        ...requiredValidation(node),
      };
    case 'flag':
      return {
        ...base,
        type: 'boolean',
        ...requiredValidation(node),
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
        ...requiredValidation(node),
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
