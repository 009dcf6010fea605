/**
 * An item the site shows in one language and drops in another (a required text of the item
 * empty there) is a blocking problem named on the item; the bundled copy has none.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentId, NAMESPACES, type DictionaryOf, type Namespace } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { describeProblem } from '@/schemas/problems';
import { droppedItemProblems } from './dropped-items';

// Dictionaries are edited as untyped JSON here; the edits reach into known fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

function bundled<N extends Namespace>(namespace: N): Record<Language, DictionaryOf<N>> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as unknown,
    ]),
  ) as Record<Language, DictionaryOf<N>>;
}

describe('items dropped in one language', () => {
  it.each(NAMESPACES)('%s: none in the bundled copy', (namespace) => {
    expect(droppedItemProblems(namespace, bundled(namespace))).toEqual([]);
  });

  it('names a job opening whose English title is empty, shown in German and Turkish', () => {
    const copy = bundled('contributions');
    copy.en.openings.positions![0]!.title = '';
    expect(droppedItemProblems('contributions', copy).map(describeProblem)).toEqual([
      'dictionary-contributions (en) → openings.positions[0]: the item is shown in German and Turkish but dropped in English, where a text it needs is empty',
    ]);
  });

  // The seeded corpus of this check: five items dropped in German, five in Turkish.
  const seeded: [Namespace, string, (copy: Json) => void][] = [
    ['contributions', 'openings.positions[1]', (c) => (c.openings.positions[1].location = '')],
    ['faq', 'items[2]', (c) => (c.items[2].answer = [' '])],
    ['hero', 'stats[1]', (c) => (c.stats[1].value = '\u200b')],
    ['pressKit', 'contacts.items[0]', (c) => (c.contacts.items[0].email = '')],
    ['about', 'timeline.items[0]', (c) => (c.timeline.items[0].year = '')],
    ['about', 'pillars.items[1]', (c) => (c.pillars.items[1].description = '')],
    ['contact', 'offices.items[0]', (c) => (c.offices.items[0].title = '')],
    ['publishing', 'services.items[0]', (c) => (c.services.items[0].title = '')],
    ['layout', 'header.links[0]', (c) => (c.header.links[0].url = '')],
    ['contributions', 'openings.positions[0]', (c) => (c.openings.positions[0].type = '')],
  ];

  it.each(['de', 'tr'] as const)('catches every seeded %s item dropped', (language) => {
    for (const [namespace, path, drop] of seeded) {
      const copy = bundled(namespace);
      drop(copy[language]);
      expect(
        droppedItemProblems(namespace, copy).map((p) => `${p.file} ${p.path}`),
        `${namespace} ${path}`,
      ).toEqual([`${documentId(namespace)} (${language}) ${path}`]);
    }
  });

  it('leaves alone an item every language drops', () => {
    const copy = bundled('contributions');
    for (const language of LANGUAGES) copy[language].openings.positions![0]!.title = '';
    expect(droppedItemProblems('contributions', copy)).toEqual([]);
  });
});
