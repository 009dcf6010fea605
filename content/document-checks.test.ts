/**
 * The checks of a stored document as the Studio shows them while the editor types: each on
 * the field (or list item) to change, blocking or a warning, accepted warnings left out.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getDictionary, NAMESPACES, type Namespace } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { mergeLanguages } from '@/schemas/walk';
import { documentChecks } from './document-checks';

// Stored documents are edited as untyped JSON here; the edits reach into known fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

function stored(namespace: Namespace): Json {
  const files = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as unknown,
    ]),
  ) as Record<Language, unknown>;
  return mergeLanguages(getDictionary(namespace), files, (language) => language).body;
}

const shown = (namespace: Namespace, doc: Json) =>
  documentChecks(namespace, doc).map(({ severity, storedPath }) => [severity, storedPath]);

describe('checks of a stored document, for the Studio', () => {
  it.each(NAMESPACES)('%s: none in the bundled copy (accepted warnings left out)', (namespace) => {
    expect(documentChecks(namespace, stored(namespace))).toEqual([]);
  });

  it('blocks a 5,000-character German FAQ title on its German field', () => {
    const doc = stored('faqPage');
    doc.faq.items[0].question.de = `${'Wo kann ich eure Spiele spielen, '.repeat(150)}?`;
    expect(shown('faqPage', doc).filter(([severity]) => severity === 'block')).toEqual([
      ['block', ['faq', 'items', { _key: 'item0' }, 'question', 'de']],
    ]);
  });

  it('puts a {year} dropped from English on the English field, not on the others', () => {
    const doc = stored('footer');
    doc.copyrightTemplate.en = '© {brand}. All rights reserved.';
    const [check, ...rest] = documentChecks('footer', doc);
    expect(rest).toEqual([]);
    expect(check).toMatchObject({ severity: 'block', storedPath: ['copyrightTemplate', 'en'] });
    expect(check?.message).toContain('{year}');
  });

  it('warns on the translation whose number differs from English', () => {
    const doc = stored('faqPage');
    doc.faq.items[0].question.tr = doc.faq.items[0].question.tr.replace('?', ' 30?');
    expect(shown('faqPage', doc)).toEqual([
      ['warn', ['faq', 'items', { _key: 'item0' }, 'question', 'tr']],
    ]);
  });

  it('blocks a job opening whose English title is empty, on the item', () => {
    const doc = stored('contributions');
    doc.openings.positions[0].title.en = '';
    expect(documentChecks('contributions', doc)).toContainEqual({
      severity: 'block',
      storedPath: ['openings', 'positions', { _key: 'item0' }],
      message: expect.stringContaining('dropped in English') as string,
    });
  });
});
