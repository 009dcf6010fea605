/**
 * An item the site shows in one language and drops in another (a required text of the item
 * empty there) is a blocking problem named on the item; the bundled copy has none.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAMESPACES, type DictionaryOf, type Namespace } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { describeProblem } from '@/schemas/problems';
import { droppedItemProblems } from './dropped-items';

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

  it('names an FAQ entry, a stat and a press contact, in each language that drops them', () => {
    const faq = bundled('faq');
    faq.de.items![2]!.answer = [];
    faq.tr.items![2]!.answer = [' '];
    expect(droppedItemProblems('faq', faq).map((p) => `${p.file} ${p.path}`)).toEqual([
      'dictionary-faq (de) items[2]',
      'dictionary-faq (tr) items[2]',
    ]);
    const hero = bundled('hero');
    hero.tr.stats![1]!.value = '\u200b';
    expect(droppedItemProblems('hero', hero).map((p) => `${p.file} ${p.path}`)).toEqual([
      'dictionary-hero (tr) stats[1]',
    ]);
    const press = bundled('pressKit');
    press.de.contacts.items![0]!.email = '';
    expect(droppedItemProblems('pressKit', press).map((p) => `${p.file} ${p.path}`)).toEqual([
      'dictionary-pressKit (de) contacts.items[0]',
    ]);
  });

  it('leaves alone an item every language drops', () => {
    const copy = bundled('contributions');
    for (const language of LANGUAGES) copy[language].openings.positions![0]!.title = '';
    expect(droppedItemProblems('contributions', copy)).toEqual([]);
  });
});
