/** The Studio's document types cover every namespace and every text leaf of schemas/. */
import { describe, expect, it } from 'vitest';
import { dictionaries, documentType, NAMESPACES } from '../index';
import { textLeafPaths } from '../walk';
import { sanityDocumentType } from './documents';
import { localizedTypes, pluralTypes } from './fields';
import type { SanityField } from './types';

const localizedNames = new Set(
  [...localizedTypes, ...pluralTypes]
    .map((type) => type.name)
    .filter((name) => name.startsWith('locale')),
);
const pluralByName = new Map(pluralTypes.map((type) => [type.name, type]));

/** Paths of per-language text fields in a derived Sanity type, in the walk's notation. */
function localizedPaths(fields: SanityField[] | undefined, prefix = ''): string[] {
  return (fields ?? []).flatMap((field) => {
    const path = prefix ? `${prefix}.${field.name}` : field.name;
    if (localizedNames.has(field.type)) return [path];
    const plural = pluralByName.get(field.type);
    if (plural) return localizedPaths(plural.fields, path);
    if (field.type === 'array') {
      const [member] = field.of ?? [];
      if (member && localizedNames.has(member.type)) return [`${path}[]`];
      return localizedPaths(member?.fields, `${path}[]`);
    }
    return localizedPaths(field.fields, path);
  });
}

describe('Studio document types', () => {
  it('has one document type per namespace', () => {
    expect(NAMESPACES.map(sanityDocumentType).map((t) => t.name)).toEqual(
      NAMESPACES.map(documentType),
    );
  });

  it.each(NAMESPACES)('%s: an en/de/tr field at every text leaf', (namespace) => {
    // In form order, which puts the page head last.
    expect(localizedPaths(sanityDocumentType(namespace).fields).sort()).toEqual(
      textLeafPaths(dictionaries[namespace].root).sort(),
    );
  });

  it('puts the page head last in the form of a page dictionary without tabs', () => {
    const faqPage = sanityDocumentType('faqPage');
    expect(faqPage.groups).toBeUndefined();
    expect(faqPage.fields.map((field) => field.name)).toEqual(['hero', 'faq', 'meta']);
  });

  it('gives a text with placeholders its own type, and a plural one text per form', () => {
    const footer = sanityDocumentType('footer').fields.find((f) => f.name === 'copyrightTemplate');
    expect(footer?.type).toBe('localeStringRequiredWithBrandYear');
    expect(localizedNames.has('localeStringRequiredWithBrandYear')).toBe(true);
    const redirect = sanityDocumentType('error').fields.find((f) => f.name === 'redirect');
    const message = redirect?.fields?.find((f) => f.name === 'message');
    expect(message?.type).toBe('pluralStringWithSeconds');
    expect(
      pluralByName.get('pluralStringWithSeconds')?.fields?.map((f) => [f.name, f.type]),
    ).toEqual([
      ['one', 'localePluralStringWithSeconds'],
      ['other', 'localePluralStringWithSeconds'],
    ]);
  });
});

/** Every field an editor meets in a dictionary, with its path, except a text's language fields. */
function dictionaryFields(
  fields: SanityField[] | undefined,
  prefix: string,
): [string, SanityField][] {
  return (fields ?? []).flatMap((field): [string, SanityField][] => {
    const path = `${prefix}.${field.name}`;
    const plural = pluralByName.get(field.type);
    const nested = plural
      ? [] // the forms, described once in the plural type
      : field.type === 'array'
        ? (field.of ?? []).flatMap((member) => dictionaryFields(member.fields, `${path}[]`))
        : dictionaryFields(field.fields, path);
    return [[path, field], ...nested];
  });
}

describe('what editors read in the Studio', () => {
  it.each(NAMESPACES)('%s: every field says what it is for and where it shows', (namespace) => {
    const type = sanityDocumentType(namespace);
    const undescribed = dictionaryFields(type.fields, namespace)
      .filter(([, field]) => !field.description?.trim())
      .map(([path]) => path);
    expect(undescribed).toEqual([]);
    for (const plural of pluralTypes.filter((t) => t.name.startsWith('plural')))
      for (const form of plural.fields ?? []) expect(form.description).toBeTruthy();
  });

  it('titles each dictionary document with its own name, whatever its first field holds', () => {
    for (const namespace of NAMESPACES) {
      const type = sanityDocumentType(namespace);
      expect(type.preview.prepare({ id: `dictionary-${namespace}` })).toEqual({
        title: dictionaries[namespace].title,
      });
    }
  });

  it('gives a dictionary with many top-level blocks one tab per block, the page head last', () => {
    const about = sanityDocumentType('about');
    const tabs = about.groups?.filter((group) => !group.hidden);
    expect(tabs?.map((group) => group.name)).toEqual([
      'hero',
      'vision',
      'mission',
      'origin',
      'pillars',
      'timeline',
      'meta',
    ]);
    expect(about.groups?.find((group) => group.default)?.name).toBe('hero');
    // Sanity's own "All fields" tab is declared, hidden.
    expect(about.groups?.find((group) => group.name === 'all-fields')?.hidden).toBe(true);
    expect(new Set(about.fields.map((field) => field.group))).toEqual(
      new Set(tabs?.map((g) => g.name)),
    );

    // A lone loose text joins the first block's tab rather than fill a tab alone.
    const footer = sanityDocumentType('footer');
    expect(footer.groups?.filter((group) => !group.hidden).map((group) => group.name)).toEqual([
      'brand',
      'sections',
      'social',
    ]);
    expect(footer.fields.find((field) => field.name === 'copyrightTemplate')?.group).toBe('brand');

    const legal = sanityDocumentType('privacyPolicy');
    expect(
      legal.groups?.filter((group) => !group.hidden).map((group) => [group.name, group.title]),
    ).toEqual([
      ['texts', 'Main texts'],
      ['sections', 'Sections'],
      ['meta', 'Page head'],
    ]);
    expect(Object.fromEntries(legal.fields.map((field) => [field.name, field.group]))).toEqual({
      meta: 'meta',
      title: 'texts',
      lastUpdated: 'texts',
      intro: 'texts',
      sections: 'sections',
    });
    expect(legal.groups?.find((group) => group.default)?.name).toBe('texts');
    // A small dictionary keeps one form.
    expect(sanityDocumentType('home').groups).toBeUndefined();
    expect(sanityDocumentType('layout').groups).toBeUndefined();
  });
});
