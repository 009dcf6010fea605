import { applyPatch } from 'mendoza';
import { describe, expect, it } from 'vitest';
import { mendozaDiff, mendozaEffects } from './mendoza';

const before = {
  _id: 'drafts.dictionary-footer',
  _type: 'footerDictionary',
  brand: { name: { _type: 'localeString', en: 'RG', de: 'RG', tr: 'RG' } },
  copyrightTemplate: { _type: 'localeString', en: '© {year} {brand}', de: '© {year} {brand}' },
  sections: [
    { _key: 'item0', _type: 'section', header: { en: 'Company' } },
    { _key: 'item1', _type: 'section', header: { en: 'Legal' } },
    { _key: 'item2', _type: 'section', header: { en: 'More' } },
  ],
  tags: ['a', 'b', 'c'],
};

const cases: [string, (doc: typeof before) => unknown][] = [
  [
    'a changed text',
    (doc) => ({ ...doc, copyrightTemplate: { ...doc.copyrightTemplate, de: 'x' } }),
  ],
  [
    'an added field',
    (doc) => ({ ...doc, copyrightTemplate: { ...doc.copyrightTemplate, tr: 'y' } }),
  ],
  ['a removed field', (doc) => ({ ...doc, brand: { name: { _type: 'localeString', en: 'RG' } } })],
  ['a removed list item', (doc) => ({ ...doc, sections: [doc.sections[0], doc.sections[2]] })],
  ['reordered list items', (doc) => ({ ...doc, sections: [...doc.sections].reverse() })],
  [
    'an edited and an added list item',
    (doc) => ({
      ...doc,
      sections: [
        doc.sections[0],
        { ...doc.sections[1], header: { en: 'Rules' } },
        { _key: 'new', _type: 'section', header: { en: 'New' } },
      ],
    }),
  ],
  ['a changed scalar list', (doc) => ({ ...doc, tags: ['a', 'x', 'c', 'd'] })],
  ['a field that changes type', (doc) => ({ ...doc, tags: 'none' })],
  ['nothing', (doc) => doc],
];

describe('mendozaDiff', () => {
  it.each(cases)('turns the old document into the new one: %s', (_, change) => {
    const after = change(structuredClone(before));
    const { apply, revert } = mendozaEffects(before, after);
    expect(applyPatch(structuredClone(before), apply)).toEqual(after);
    expect(applyPatch(structuredClone(after), revert)).toEqual(before);
  });

  it('touches only what changed: an unchanged list item is copied, not restated', () => {
    const after = { ...before, copyrightTemplate: { ...before.copyrightTemplate, de: 'x' } };
    expect(JSON.stringify(mendozaDiff(before, after))).not.toContain('Company');
  });

  it('describes creating and deleting a document', () => {
    expect(mendozaDiff(null, before)).toEqual([0, before]);
    expect(mendozaDiff(before, null)).toEqual([0, null]);
  });
});
