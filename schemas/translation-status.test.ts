/**
 * The status of a translation (missing, outdated, current), derived from the English it was
 * written against: the rule the Studio, the export's coverage report, the Translations tool
 * and the publish webhook's answer all count with.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getDictionary, NAMESPACES, type Namespace } from './index';
import { LANGUAGES, TRANSLATED_LANGUAGES, type Language } from './languages';
import {
  flaggedByEnglishEdit,
  keepCurrent,
  recordChangesForEdit,
  translationStatus,
} from './translation-status';
import { mergeLanguages, splitDocument } from './walk';

function imported(namespace: Namespace): Record<string, unknown> {
  const files = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as unknown,
    ]),
  ) as Record<Language, unknown>;
  const { body, problems } = mergeLanguages(getDictionary(namespace), files, (l) => l);
  expect(problems).toEqual([]);
  return body;
}

function outdated(namespace: Namespace, body: unknown, language: 'de' | 'tr' = 'de'): string[] {
  return splitDocument(getDictionary(namespace), body, language, namespace).outdated;
}

interface FaqItem {
  _key: string;
  question: { en: string; de: string; tr: string; translatedFrom?: Record<string, string> };
  answer: { en: string; de: string }[];
}

describe('translationStatus', () => {
  const text = (en: string, de: string | undefined, translatedFrom?: string) => ({
    en,
    ...(de === undefined ? {} : { de }),
    ...(translatedFrom === undefined ? {} : { translatedFrom: { de: translatedFrom } }),
  });

  it('is missing without a translation, current when written against today’s English, else outdated', () => {
    expect(translationStatus(text('Subscribe', undefined), 'de')).toBe('missing');
    expect(translationStatus(text('Subscribe', ' \u200b'), 'de')).toBe('missing');
    expect(translationStatus(text('Subscribe', 'Abonnieren', 'Subscribe'), 'de')).toBe('current');
    expect(translationStatus(text('Sign up', 'Abonnieren', 'Subscribe'), 'de')).toBe('outdated');
    // English changed back: the translation fits again; nothing was stored to clear.
    expect(translationStatus(text('Subscribe', 'Abonnieren', 'Subscribe'), 'de')).toBe('current');
  });

  it('has no status without English (nothing to translate), and trusts a text with no record', () => {
    expect(translationStatus(text('', 'Abonnieren', 'Subscribe'), 'de')).toBeUndefined();
    expect(translationStatus(undefined, 'de')).toBeUndefined();
    expect(translationStatus(text('Subscribe', 'Abonnieren'), 'de')).toBe('current');
  });

  it('does not flag a change of white space alone in English', () => {
    const before = 'Questions we\nhear a lot';
    for (const after of [
      'Questions we hear a lot',
      '  Questions   we hear a lot ',
      'Questions we\u00a0hear\ta lot\n',
    ])
      expect(translationStatus(text(after, 'Häufige Fragen', before), 'de'), after).toBe('current');
    expect(
      translationStatus(text('Questions we hear a lot!', 'Häufige Fragen', before), 'de'),
    ).toBe('outdated');
    expect(translationStatus(text('Questions wehear a lot', 'Häufige Fragen', before), 'de')).toBe(
      'outdated',
    );
  });
});

describe('a translation that is a copy of its English', () => {
  it('is not outdated when English changes: URLs, addresses and names are the same by nature', () => {
    const url = {
      en: '/team',
      de: '/about',
      tr: '/about',
      translatedFrom: { de: '/about', tr: '/about' },
    };
    expect(translationStatus(url, 'de')).toBe('copy');
    expect(translationStatus(url, 'tr')).toBe('copy');
    // A translation of its own is outdated as before; a copy of today's English is current.
    expect(translationStatus({ ...url, de: '/ueber-uns' }, 'de')).toBe('outdated');
    expect(translationStatus({ ...url, en: '/about' }, 'de')).toBe('current');
  });

  it('is counted as no outdated text by the walk, and shown by the site as stored', () => {
    const body = imported('hero') as { ctas: { primary: { url: Record<string, string> } } };
    const before = body.ctas.primary.url.en!;
    expect(body.ctas.primary.url.de).toBe(before);
    body.ctas.primary.url.en = '/somewhere-else';
    for (const language of TRANSLATED_LANGUAGES) {
      expect(outdated('hero', body, language)).toEqual([]);
      const split = splitDocument(getDictionary('hero'), body, language, 'hero');
      expect((split.value as { ctas: { primary: { url: string } } }).ctas.primary.url).toBe(before);
    }
  });
});

describe('import and the walk', () => {
  it.each(NAMESPACES)('%s: an import marks every translation of the bundled copy current', (ns) => {
    const body = imported(ns);
    for (const language of TRANSLATED_LANGUAGES) expect(outdated(ns, body, language)).toEqual([]);
    // What English each translation was written against is never published.
    for (const language of LANGUAGES)
      expect(
        JSON.stringify(splitDocument(getDictionary(ns), body, language, ns).value),
      ).not.toContain('translatedFrom');
  });

  it('counts an outdated translation once per language, at its key path, plural forms too', () => {
    const body = imported('error') as {
      title: { en: string };
      redirect: { message: { other: { en: string } } };
    };
    body.title.en = 'This page went missing';
    body.redirect.message.other.en = 'Back to the home page in {seconds} seconds…';
    for (const language of TRANSLATED_LANGUAGES)
      expect(outdated('error', body, language)).toEqual(['title', 'redirect.message_other']);
    expect(splitDocument(getDictionary('error'), body, 'en', 'error').outdated).toEqual([]);
  });

  it('keeps each FAQ entry’s status when entries are reordered, added or removed', () => {
    const body = imported('faq') as { items: FaqItem[] };
    const changed = body.items[1]!;
    changed.question.en = 'Do you work with teams outside Turkey and Germany?';
    changed.answer[0]!.en = `${changed.answer[0]!.en} Time zones are no obstacle.`;
    const outdatedQuestions = (items: FaqItem[]) =>
      outdated('faq', { ...body, items }).map((path) => {
        const [, index, rest] = /^items\[(\d+)\]\.(.*)$/.exec(path)!;
        return `${items[Number(index)]!._key}.${rest}`;
      });
    expect(outdatedQuestions(body.items)).toEqual(['item1.question', 'item1.answer[0]']);

    const reordered = [...body.items].reverse();
    expect(outdatedQuestions(reordered)).toEqual(['item1.question', 'item1.answer[0]']);
    expect(outdated('faq', { ...body, items: reordered })[0]).toBe(
      `items[${reordered.length - 2}].question`,
    );

    // A new entry, as the Studio adds it: its translations are written against its English.
    const added: FaqItem = {
      _key: 'new1',
      question: {
        en: 'Can I visit?',
        de: 'Kann ich vorbeikommen?',
        tr: 'Uğrayabilir miyim?',
        translatedFrom: { de: 'Can I visit?', tr: 'Can I visit?' },
      },
      answer: [],
    };
    expect(outdatedQuestions([added, ...reordered])).toEqual(['item1.question', 'item1.answer[0]']);

    const removed = reordered.filter((item) => item._key !== 'item0' && item._key !== 'item2');
    expect(outdatedQuestions(removed)).toEqual(['item1.question', 'item1.answer[0]']);
    expect(outdatedQuestions(body.items.filter((item) => item._key !== 'item1'))).toEqual([]);
  });
});

describe('what an edit records', () => {
  const stored = {
    en: 'Subscribe',
    de: 'Abonnieren',
    tr: 'Abone ol',
    translatedFrom: { de: 'Subscribe', tr: 'Subscribe' },
  };

  it('records today’s English when a translation is written, and drops the record when it is emptied', () => {
    const changed = { ...stored, en: 'Sign up' };
    expect(recordChangesForEdit(changed, 'de', 'Anmelden')).toEqual({ de: 'Sign up' });
    expect(recordChangesForEdit(stored, 'de', 'Jetzt abonnieren')).toEqual({});
    expect(recordChangesForEdit(changed, 'tr', '')).toEqual({ tr: null });
    expect(recordChangesForEdit({ de: 'Anmelden' }, 'de', 'Anmelden')).toEqual({});
  });

  it('leaves records alone when English changes, so the translations show as outdated', () => {
    expect(recordChangesForEdit(stored, 'en', 'Sign up')).toEqual({});
    // Texts stored before records existed: written against the English before this edit.
    expect(recordChangesForEdit({ en: 'Subscribe', de: 'Abonnieren' }, 'en', 'Sign up')).toEqual({
      de: 'Subscribe',
    });
  });

  it('keeps current, on "Wording only", exactly the translations the English edit flagged', () => {
    const before = {
      en: 'Subscribe',
      de: 'Abonnieren',
      tr: 'Abone ol',
      // Turkish was outdated before this edit already.
      translatedFrom: { de: 'Subscribe', tr: 'Subscribe now' },
    };
    const after = { ...before, en: 'Subscribe!' };
    expect(translationStatus(after, 'de')).toBe('outdated');
    expect(translationStatus(after, 'tr')).toBe('outdated');
    expect(flaggedByEnglishEdit(after, before.en)).toEqual(['de']);
    expect(keepCurrent(after, ['de'])).toEqual({ de: 'Subscribe!' });
    expect(flaggedByEnglishEdit(before, before.en)).toEqual([]);
    expect(keepCurrent({ de: 'Abonnieren' }, ['de'])).toEqual({});
  });
});
