/** The Studio's document types cover every namespace and every text leaf of schemas/. */
import { describe, expect, it } from 'vitest';
import { dictionaries, documentType, NAMESPACES } from './index';
import { LANGUAGES } from './languages';
import {
  languageValidation,
  localizedTypes,
  pluralTypes,
  sanityDocumentType,
  type RuleLike,
  type SanityField,
} from './sanity';
import { localizedTypeName, textLeafPaths } from './walk';

const localizedNames = new Set(localizedTypes.map((type) => type.name));
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
    expect(localizedPaths(sanityDocumentType(namespace).fields)).toEqual(
      textLeafPaths(dictionaries[namespace].root),
    );
  });

  it('gives every localized type one field per language', () => {
    for (const type of localizedTypes)
      expect(type.fields?.map((f) => f.name)).toEqual([...LANGUAGES]);
  });

  it('names each text leaf type after its format, requiredness and placeholders', () => {
    expect(localizedTypeName({ format: 'url', required: true })).toBe('localeUrlRequired');
    expect(localizedTypeName({ format: 'multiline', required: false })).toBe('localeText');
    expect(
      localizedTypeName({ format: 'plain', required: true, placeholders: ['brand', 'year'] }),
    ).toBe('localeStringRequiredWithBrandYear');
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
      ['one', 'localeStringWithSeconds'],
      ['other', 'localeStringWithSeconds'],
    ]);
  });
});

/** A stand-in for Sanity's Rule that records custom validators and their level. */
function recordRules(validation: (rule: RuleLike) => RuleLike | RuleLike[]) {
  const recorded: {
    level: string;
    fn: (value: unknown, context: { parent?: unknown }) => true | string;
  }[] = [];
  const make = (fn?: (typeof recorded)[number]['fn'], level = 'error'): RuleLike => ({
    custom: (f) => make(f, level),
    error: () => (fn && recorded.push({ level: 'error', fn }), make(fn, 'error')),
    warning: () => (fn && recorded.push({ level: 'warning', fn }), make(fn, 'warning')),
    required: () => make(),
    integer: () => make(),
    min: () => make(),
    max: () => make(),
    regex: () => make(),
  });
  validation(make());
  return (value: unknown, parent: unknown) =>
    recorded.flatMap(({ level, fn }) => {
      const result = fn(value, { parent });
      return result === true ? [] : [`${level}: ${result}`];
    });
}

describe('Studio validation rules (the export step’s rules)', () => {
  const required = { format: 'plain', required: true, placeholders: [] } as const;
  const copyright = { format: 'plain', required: true, placeholders: ['brand', 'year'] } as const;
  it('blocks a missing required English text', () => {
    expect(recordRules(languageValidation(required, 'en'))('  ', { en: '  ' })).toEqual([
      'error: required text is missing',
    ]);
  });
  it('warns about a missing German or Turkish text', () => {
    expect(recordRules(languageValidation(required, 'tr'))(undefined, { en: 'Subscribe' })).toEqual(
      ['warning: translation is missing'],
    );
  });
  it('blocks a deleted {year} in the Turkish copyright line', () => {
    const check = recordRules(languageValidation(copyright, 'tr'));
    expect(check('© {brand}', { en: '© {year} {brand}', tr: '© {brand}' })).toEqual([
      'error: placeholders differ from English: lacks {year}',
    ]);
  });
  it('blocks an address that is neither a site path nor https', () => {
    const check = recordRules(
      languageValidation({ format: 'href', required: false, placeholders: [] }, 'de'),
    );
    expect(check('http://example.com', { en: '/about', de: 'http://example.com' })[0]).toMatch(
      /^error: /,
    );
    expect(check('mailto:press@rggames.example', { en: '/about' })).toEqual([]);
  });
  it('passes good copy', () => {
    const check = recordRules(languageValidation(copyright, 'de'));
    expect(check('© {year} {brand}', { en: '© {year} {brand}' })).toEqual([]);
  });
});
