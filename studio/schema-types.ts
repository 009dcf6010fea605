/**
 * The Studio's schema, derived from schemas/: one singleton document type per
 * dictionary namespace, plus the per-language text types and plural texts. The Studio adds
 * only its React parts: the input that lays out a text's languages, and list entries that
 * open in place.
 */
import { defineType } from 'sanity';
import { NAMESPACES } from '../schemas';
import {
  localizedTypes,
  pluralTypes,
  sanityDocumentType,
  type SanityDocumentType,
  type SanityField,
} from '../schemas/sanity';
import { InlineItem } from './InlineItem';
import { LocalizedTextInput } from './LocalizedTextInput';

export const dictionaryTypes = NAMESPACES.map(sanityDocumentType);
export const dictionaryTypeNames = new Set(dictionaryTypes.map((type) => type.name));

/** Inline object types of list entries (`legalSection`, `faqItem`) get the in-place entry. */
function withInlineItems<T extends SanityField | SanityDocumentType>(type: T): T {
  return {
    ...type,
    ...(type.fields ? { fields: type.fields.map(withInlineItems) } : {}),
    ...('of' in type && type.of
      ? {
          of: type.of.map((member) =>
            member.type === 'object'
              ? { ...withInlineItems(member), components: { item: InlineItem } }
              : member,
          ),
        }
      : {}),
  };
}

const textTypes = [...localizedTypes, ...pluralTypes].map((type) =>
  // Text types appear as fields and as list entries (paragraphs, keywords).
  type.name.startsWith('locale')
    ? { ...type, components: { input: LocalizedTextInput, item: InlineItem } }
    : type,
);

// The derived objects already have the shape defineType takes; the cast bridges our
// narrow RuleLike to Sanity's full Rule type.
export const schemaTypes = [...textTypes, ...dictionaryTypes.map(withInlineItems)].map((type) =>
  defineType(type as unknown as Parameters<typeof defineType>[0]),
);
