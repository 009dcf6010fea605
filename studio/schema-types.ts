/**
 * The Studio's schema, derived from schemas/: one singleton document type per
 * dictionary namespace, plus the per-language text types and plural texts.
 */
import { defineType } from 'sanity';
import { NAMESPACES } from '../schemas';
import { localizedTypes, pluralTypes, sanityDocumentType } from '../schemas/sanity';

export const dictionaryTypes = NAMESPACES.map(sanityDocumentType);
export const dictionaryTypeNames = new Set(dictionaryTypes.map((type) => type.name));

// The derived objects already have the shape defineType takes; the cast bridges our
// narrow RuleLike to Sanity's full Rule type.
export const schemaTypes = [...localizedTypes, ...pluralTypes, ...dictionaryTypes].map((type) =>
  defineType(type as unknown as Parameters<typeof defineType>[0]),
);
