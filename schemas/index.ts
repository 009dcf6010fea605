/**
 * The registry of every dictionary namespace. Adding a namespace here makes it exist
 * everywhere: validator, type, Studio document, import, export and the bundled-copy tests.
 */
import type { Dictionary, DictionaryValue } from './define';
import { common, footer, layout } from './dictionaries/chrome';
import { facts } from './dictionaries/facts';
import { glossary } from './dictionaries/glossary';
import {
  communityGuideline,
  disclaimer,
  privacyPolicy,
  termsAndConditions,
} from './dictionaries/legal';
import {
  about,
  contact,
  contributions,
  error,
  faqPage,
  home,
  manifestoPage,
  pitch,
  pressKit,
  publishing,
} from './dictionaries/pages';
import { discord, faq, hero, manifesto, newsletter, publisher } from './dictionaries/sections';

export const dictionaries = {
  common,
  layout,
  footer,
  hero,
  manifesto,
  faq,
  discord,
  publisher,
  newsletter,
  home,
  manifestoPage,
  about,
  contributions,
  pressKit,
  pitch,
  publishing,
  faqPage,
  contact,
  error,
  privacyPolicy,
  disclaimer,
  termsAndConditions,
  communityGuideline,
  glossary,
  facts,
} as const satisfies Record<string, Dictionary>;

export type Namespace = keyof typeof dictionaries;
export const NAMESPACES = Object.keys(dictionaries) as Namespace[];

/** The published JSON of one namespace in one language. */
export type DictionaryOf<N extends Namespace> = DictionaryValue<(typeof dictionaries)[N]>;

export function isNamespace(value: string): value is Namespace {
  return Object.hasOwn(dictionaries, value);
}

export function getDictionary(namespace: Namespace): Dictionary {
  return dictionaries[namespace];
}

/** How every dictionary's document `_id` starts. */
export const DICTIONARY_ID_PREFIX = 'dictionary-';

/** The Sanity document `_id` of a namespace: no dot, so it is a public, published id. */
export function documentId(namespace: Namespace): string {
  return `${DICTIONARY_ID_PREFIX}${namespace}`;
}

/** The Sanity document `_type` of a namespace. */
export function documentType(namespace: Namespace): string {
  return `${namespace}Dictionary`;
}

/** The namespace a Sanity document `_type` belongs to, if any. */
export function namespaceOfDocumentType(type: string): Namespace | undefined {
  return NAMESPACES.find((namespace) => documentType(namespace) === type);
}
