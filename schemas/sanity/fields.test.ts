/** The Studio's fields: one object type per kind of text, one field per dictionary node. */
import { describe, expect, it } from 'vitest';
import { getDictionary } from '../index';
import { LANGUAGES, TRANSLATED_LANGUAGES } from '../languages';
import { TRANSLATED_FROM } from '../translation-status';
import { localizedTypeName } from '../walk';
import { localizedTypes, sanityField } from './fields';
import type { RuleLike } from './types';

/** A stand-in for Sanity's Rule that records which of its methods a validation called. */
function calledRules(validation: ((rule: RuleLike) => RuleLike | RuleLike[]) | undefined) {
  const called: string[] = [];
  const rule: RuleLike = new Proxy({} as RuleLike, {
    get: (_, name) => (value?: unknown) => {
      called.push(value === undefined ? String(name) : `${String(name)} ${String(value)}`);
      return rule;
    },
  });
  validation?.(rule);
  return called;
}

describe('Studio fields', () => {
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

  it('previews a text type by its texts (../previews.ts)', () => {
    const paragraph = localizedTypes.find((type) => type.name === 'localeText')!;
    expect(paragraph.preview?.prepare({ en: 'One paragraph.' })).toEqual({
      title: 'One paragraph.',
      subtitle: 'missing: German, Turkish',
    });
  });

  it('edits long texts in multi-line boxes and short ones on one line', () => {
    const type = (name: string) =>
      localizedTypes.find((localized) => localized.name === name)?.fields?.[0]?.type;
    expect(type('localeStringRequired')).toBe('string');
    expect(type('localeUrl')).toBe('string');
    expect(type('localeText')).toBe('text');
    expect(type('localeJson')).toBe('text');
  });

  it('requires exactly the texts, plurals, flags and choices the dictionary requires', () => {
    const text = { kind: 'text', format: 'plain', placeholders: [] } as const;
    expect(calledRules(sanityField('title', { ...text, required: true }).validation)).toEqual([
      'required',
    ]);
    expect(sanityField('title', { ...text, required: false }).validation).toBeUndefined();
    const flag = sanityField('shown', { kind: 'flag', required: true });
    expect(calledRules(flag.validation)).toEqual(['required']);
    const error = getDictionary('error').root;
    const redirect = sanityField('redirect', error.fields.redirect!);
    const message = redirect.fields?.find((field) => field.name === 'message');
    expect(message?.type).toBe('pluralStringWithSeconds');
    expect(message?.validation).toBeUndefined();
  });

  it('limits every list to 1000 items', () => {
    const meta = getDictionary('home').root.fields.meta!;
    const keywords = sanityField('meta', meta).fields!.find((f) => f.name === 'keywords')!;
    expect(calledRules(keywords.validation)).toEqual(['max 1000']);
  });
});
