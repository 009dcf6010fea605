import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { dictionary, flag, group, list, text, url, type DictionaryValue } from './define';
import { sanityField } from './sanity/fields';
import { validatorOf } from './validator';
import { mergeLanguages, splitDocument } from './walk';

/** One definition, then the same definition with one more field: every derived form follows. */
const before = dictionary('sections', {
  title: text({ required: true }),
  links: list(
    'sampleLink',
    group({ name: text(), url: url(), isPrimary: flag({ required: true }) }),
  ),
});
const after = dictionary('sections', {
  ...before.root.fields,
  tagline: text(),
});

const english = { title: 'Hello', links: [{ name: 'About', url: '/about', isPrimary: true }] };

describe('one definition, every derived form', () => {
  it('derives the TypeScript type of the published JSON', () => {
    expectTypeOf<DictionaryValue<typeof before>>().toEqualTypeOf<{
      title: string;
      links?: { name?: string; url?: string; isPrimary: boolean }[];
    }>();
    expectTypeOf<DictionaryValue<typeof after>>()
      .toHaveProperty('tagline')
      .toEqualTypeOf<string | undefined>();
    expectTypeOf<z.infer<ReturnType<typeof validatorOf<typeof before>>>>().toEqualTypeOf<
      DictionaryValue<typeof before>
    >();
  });

  it('derives the zod validator: a new field is accepted only after it is defined', () => {
    const withTagline = { ...english, tagline: 'Games with a point of view' };
    expect(validatorOf(before).safeParse(withTagline).success).toBe(false);
    expect(validatorOf(after).safeParse(withTagline).success).toBe(true);
  });

  it('derives the Sanity type with en/de/tr at every text leaf and one list structure', () => {
    const fields = (d: typeof before | typeof after) =>
      Object.entries(d.root.fields).map(([key, node]) => sanityField(key, node));
    expect(fields(before).map((f) => f.name)).toEqual(['title', 'links']);
    expect(fields(after).map((f) => f.name)).toEqual(['title', 'links', 'tagline']);
    const tagline = fields(after)[2]!;
    expect(tagline.type).toBe('localeString');
    const links = fields(after)[1]!;
    expect(links.type).toBe('array');
    expect(links.of?.[0]?.fields?.map((f) => [f.name, f.type])).toEqual([
      ['name', 'localeString'],
      ['url', 'localeUrl'],
      ['isPrimary', 'boolean'],
    ]);
  });

  it('derives the walk: merge then split gives back each language', () => {
    const values = {
      en: { ...english, tagline: 'Games' },
      de: {
        title: 'Hallo',
        tagline: 'Spiele',
        links: [{ name: 'Über uns', url: '/about', isPrimary: true }],
      },
      tr: {
        title: 'Merhaba',
        tagline: 'Oyunlar',
        links: [{ name: 'Hakkımızda', url: '/about', isPrimary: true }],
      },
    };
    const merged = mergeLanguages(after, values, (lang) => `${lang}.json`);
    expect(merged.problems).toEqual([]);
    expect(merged.body.tagline).toEqual({
      _type: 'localeString',
      en: 'Games',
      de: 'Spiele',
      tr: 'Oyunlar',
      // Files imported together: each translation is of the English beside it.
      translatedFrom: { de: 'Games', tr: 'Games' },
    });
    for (const lang of ['en', 'de', 'tr'] as const) {
      expect(splitDocument(after, merged.body, lang, 'doc').value).toEqual(values[lang]);
    }
    // The older definition does not know the tagline, so its walk leaves it out.
    expect(splitDocument(before, merged.body, 'de', 'doc').value).not.toHaveProperty('tagline');
  });
});
