/**
 * The Studio's schema, derived from schemas/: one singleton document type per
 * dictionary namespace, plus the per-language text types and plural texts. The Studio adds
 * only its React parts: the field, input and language fields that lay out a text's
 * languages, and list entries that open in place.
 */
import { defineType } from 'sanity';
import { NAMESPACES } from '../schemas';
import { sanityDocumentType } from '../schemas/sanity/documents';
import { localizedTypes, pluralTypes } from '../schemas/sanity/fields';
import type { SanityDocumentType, SanityField } from '../schemas/sanity/types';
import { checkValidation } from './check-validation';
import { DictionaryForm } from './DictionaryForm';
import { InlineItem } from './InlineItem';
import { LanguageField } from './LanguageField';
import { LocalizedTextInput } from './LocalizedTextInput';
import { LocalizedTextField } from './text-actions';

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
    ? {
        ...type,
        fields: type.fields?.map((field) => ({ ...field, components: { field: LanguageField } })),
        components: { field: LocalizedTextField, input: LocalizedTextInput, item: InlineItem },
      }
    : type,
);

const documentTypes = dictionaryTypes.map((type) => ({
  ...withInlineItems(type),
  components: { input: DictionaryForm },
  validation: checkValidation(type.namespace),
  // The pane's header already names the dictionary; the form's own large title above the
  // fields took a tenth of a laptop screen.
  __experimental_formPreviewTitle: false,
}));

// The derived objects already have the shape defineType takes; the cast bridges our
// narrow RuleLike to Sanity's full Rule type.
export const schemaTypes = [...textTypes, ...documentTypes].map((type) =>
  defineType(type as unknown as Parameters<typeof defineType>[0]),
);
