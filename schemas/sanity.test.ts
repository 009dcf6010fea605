/** The Studio's document types cover every namespace and every text leaf of schemas/. */
import { describe, expect, it } from 'vitest';
import { dictionaries, documentType, getDictionary, NAMESPACES } from './index';
import { LANGUAGES, TRANSLATED_LANGUAGES } from './languages';
import {
  fieldTitles,
  languageValidation,
  OUTDATED_MESSAGE,
  localizedPreview,
  localizedTypes,
  pluralTypes,
  sanityDocumentType,
  type RuleLike,
  type SanityField,
  type ValidationContextLike,
} from './sanity';
import { TRANSLATED_FROM } from './translation-status';
import { localizedTypeName, textLeafPaths } from './walk';

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

  it('gives every localized type one field per language, and the hidden record of its English', () => {
    for (const type of localizedTypes) {
      expect(type.fields?.map((f) => f.name)).toEqual([...LANGUAGES, TRANSLATED_FROM]);
      const record = type.fields?.find((f) => f.name === TRANSLATED_FROM);
      expect(record?.hidden).toBe(true);
      expect(record?.fields?.map((f) => f.name)).toEqual([...TRANSLATED_LANGUAGES]);
    }
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
      ['one', 'localePluralStringWithSeconds'],
      ['other', 'localePluralStringWithSeconds'],
    ]);
  });
});

/** A stand-in for Sanity's Rule that records custom validators and their level. */
function recordRules(validation: (rule: RuleLike) => RuleLike | RuleLike[]) {
  const recorded: {
    level: string;
    fn: (value: unknown, context: ValidationContextLike) => true | string;
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
  return (value: unknown, parent: unknown, context: ValidationContextLike = {}) =>
    recorded.flatMap(({ level, fn }) => {
      const result = fn(value, { parent, ...context });
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
  it('warns, never blocks, about a German text whose English changed since it was written', () => {
    const german = recordRules(languageValidation(required, 'de'));
    const text = { en: 'Sign up', de: 'Abonnieren', translatedFrom: { de: 'Subscribe' } };
    expect(german(text.de, text)).toEqual([`warning: ${OUTDATED_MESSAGE}`]);
    expect(german(text.de, { ...text, en: ' Subscribe ' })).toEqual([]);
    expect(recordRules(languageValidation(required, 'en'))(text.en, text)).toEqual([]);
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
  it('blocks a placeholder the site does not fill, in every language', () => {
    for (const language of LANGUAGES) {
      const check = recordRules(languageValidation(copyright, language));
      expect(check('© { year } {brand}', { en: '© {year} {brand}' })[0]).toMatch(
        /^error: "\{ year \}" is not a placeholder the site fills here/,
      );
    }
    const plain = recordRules(languageValidation(required, 'en'));
    expect(plain('Hello {name}', {})).toEqual([
      'error: "{name}" is not a placeholder the site fills here (it has no placeholders; braces are for placeholders only)',
    ]);
  });
  it('blocks a required English text of invisible characters, and control characters', () => {
    const check = recordRules(languageValidation(required, 'en'));
    expect(check('\u200B', {})).toEqual(['error: required text is missing']);
    expect(check('Sub\u0000scribe', {})).toEqual([
      'error: contains a control character (U+0000, a NUL character) at character 4',
    ]);
  });
  it('blocks /\\evil.example and a tab in a path', () => {
    const check = recordRules(
      languageValidation({ format: 'url', required: false, placeholders: [] }, 'de'),
    );
    expect(check('/\\evil.example', {})[0]).toMatch(/^error: .*it contains a backslash/);
    expect(check('/\t/evil.example', {})[0]).toMatch(/^error: .*it contains a tab/);
  });
  it('blocks a plural text with a form missing in a language, on that form', () => {
    const form = pluralByName.get('pluralStringWithSeconds')!.fields![0]!.type;
    const type = pluralByName.get(form)!;
    const german = recordRules(type.fields!.find((f) => f.name === 'de')!.validation!);
    const one = { en: 'in {seconds} second', de: 'in {seconds} Sekunde' };
    const document = {
      redirect: { message: { one, other: { en: 'in {seconds} seconds' } } },
    };
    const at = (formName: string) => ({
      document,
      path: ['redirect', 'message', formName, 'de'],
    });
    expect(german(one.de, one, at('one'))).toEqual([]);
    expect(german(undefined, document.redirect.message.other, at('other'))).toEqual([
      'error: form for one is given, so this form is needed too',
      'warning: translation is missing',
    ]);
  });
  it('limits every list to 1000 items', () => {
    let max: number | undefined;
    const rule: RuleLike = new Proxy({} as RuleLike, {
      get: (_, name) => (value: number) => {
        if (name === 'max') max = value;
        return rule;
      },
    });
    const keywords = sanityDocumentType('home')
      .fields.find((f) => f.name === 'meta')!
      .fields!.find((f) => f.name === 'keywords')!;
    keywords.validation!(rule);
    expect(max).toBe(1000);
  });
  it('passes good copy', () => {
    const check = recordRules(languageValidation(copyright, 'de'));
    expect(check('© {year} {brand}', { en: '© {year} {brand}' })).toEqual([]);
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

  it('previews a text by its English, else German, else Turkish text, naming what is missing', () => {
    expect(localizedPreview({ en: 'Hello', de: 'Hallo', tr: 'Merhaba' })).toEqual({
      title: 'Hello',
    });
    expect(localizedPreview({ en: 'Hello', tr: '  ' })).toEqual({
      title: 'Hello',
      subtitle: 'missing: German, Turkish',
    });
    expect(localizedPreview({ en: '\u200B', de: 'Hallo\n  Welt', tr: 'Merhaba' })).toEqual({
      title: 'Hallo Welt',
      subtitle: 'shown in German · missing: English',
    });
    expect(localizedPreview({ tr: 'Merhaba' })).toEqual({
      title: 'Merhaba',
      subtitle: 'shown in Turkish · missing: English, German',
    });
    expect(localizedPreview({})).toEqual({ title: '(empty)' });
    // Text types preview like that, and so do list entries, by their first text.
    const paragraph = localizedTypes.find((type) => type.name === 'localeText')!;
    expect(paragraph.preview?.prepare({ en: 'One paragraph.' })).toEqual({
      title: 'One paragraph.',
      subtitle: 'missing: German, Turkish',
    });
    const sections = sanityDocumentType('privacyPolicy').fields.find((f) => f.name === 'sections')!;
    const section = sections.of![0]!;
    expect(section.preview?.select).toEqual({
      en: 'heading.en',
      de: 'heading.de',
      tr: 'heading.tr',
    });
    expect(section.preview?.prepare({})).toEqual({ title: '(empty heading)' });
  });

  it('edits long texts in multi-line boxes and short ones on one line', () => {
    const type = (name: string) =>
      localizedTypes.find((localized) => localized.name === name)?.fields?.[0]?.type;
    expect(type('localeStringRequired')).toBe('string');
    expect(type('localeUrl')).toBe('string');
    expect(type('localeText')).toBe('text');
    expect(type('localeJson')).toBe('text');
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

  it('names a field by the titles the Studio shows on the way to it', () => {
    expect(fieldTitles(getDictionary('hero'), 'title.main.de')).toEqual([
      'Title',
      'Main',
      'German',
    ]);
    expect(
      fieldTitles(
        getDictionary('privacyPolicy'),
        'sections[_key=="item1"].subsections[0].heading.tr',
      ),
    ).toEqual(['Sections 2', 'Subsections 1', 'Heading', 'Turkish']);
    expect(fieldTitles(getDictionary('error'), 'redirect.message.one.en')).toEqual([
      'Automatic redirect',
      'Message',
      'Form for one',
      'English',
    ]);
    // An entry added in the Studio has a random key: named by its list alone.
    expect(fieldTitles(getDictionary('faq'), 'items[_key=="a1b2c3"].question.de')).toEqual([
      'Questions',
      'Question',
      'German',
    ]);
    // A path the dictionary does not have stops where it leaves the shape.
    expect(fieldTitles(getDictionary('hero'), 'nothing.here')).toEqual([]);
  });
});
