import { describe, expect, it } from 'vitest';
import { changedTexts, textsBothChange } from './release-overlap';

const published = {
  _id: 'dictionary-faq',
  _rev: 'r1',
  title: { en: 'FAQ', de: 'FAQ' },
  items: [
    { _key: 'a1', question: { en: 'Why?', de: 'Warum?' } },
    { _key: 'b2', question: { en: 'How?', de: 'Wie?' } },
  ],
};

/** The published document with some of its texts changed, as a release's version. */
function version(release: string, change: (doc: typeof published) => void) {
  const doc = structuredClone({ ...published, _id: `versions.${release}.dictionary-faq` });
  doc._rev = `${release}-rev`;
  change(doc);
  return doc;
}

describe('texts two releases change', () => {
  it('names the texts a version changes, items by their key, system fields left out', () => {
    const spring = version('rSpring', (doc) => {
      doc.items[1]!.question.de = 'Wie nur?';
      doc.title.en = 'Questions';
    });
    expect(changedTexts(spring, published)).toEqual([
      { key: 'items[_key=="b2"].question.de', path: ['items', { _key: 'b2' }, 'question', 'de'] },
      { key: 'title.en', path: ['title', 'en'] },
    ]);
    // Reordering items changes no text; a text taken out is a change.
    const reordered = version('rOrder', (doc) => {
      doc.items.reverse();
      delete (doc.title as { de?: string }).de;
    });
    expect(changedTexts(reordered, published).map((text) => text.key)).toEqual(['title.de']);
  });

  it('names only the texts both versions change against the published document', () => {
    const spring = version('rSpring', (doc) => {
      doc.items[1]!.question.de = 'Wie nur?';
      doc.title.en = 'Questions';
    });
    const summer = version('rSummer', (doc) => {
      doc.items.reverse();
      doc.items[0]!.question.de = 'Wie denn?';
      doc.items[1]!.question.en = 'Why not?';
    });
    expect(textsBothChange(spring, summer, published)).toEqual([
      { key: 'items[_key=="b2"].question.de', path: ['items', { _key: 'b2' }, 'question', 'de'] },
    ]);
    expect(textsBothChange(summer, spring, published).map((text) => text.key)).toEqual([
      'items[_key=="b2"].question.de',
    ]);
    // A new document (nothing published): every text of both is a change.
    expect(textsBothChange(spring, summer, undefined)).toHaveLength(6);
  });
});
