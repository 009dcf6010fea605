/**
 * The translation checks: every seeded defect caught in German and Turkish, the bundled copy
 * quiet (its few accepted warnings aside), each message in every language, and the rules
 * that decide who is blamed (placeholders), what is one number (1.000 in German) and how
 * Turkish casing compares.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLocaleFolder } from '@/content/read-locales';
import { ACCEPTED_CHECKS } from '@/content/published';
import { getDictionary } from '.';
import {
  addressesOf,
  checkDocument,
  checkLanguages,
  checkText,
  CHECKS,
  numbersOf,
  withoutAccepted,
  type CheckProblem,
} from './checks';
import { LANGUAGES, TRANSLATED_LANGUAGES, type Language } from './languages';
import { glossaryFrom, glossaryFromDocument } from './glossary';
import { SEEDED_DEFECTS, SEEDED_GLOSSARY, SEEDED_PLURALS } from './testing/check-corpus';
import { mergeLanguages } from './walk';

const kinds = (problems: readonly CheckProblem[]) => problems.map((problem) => problem.kind);

describe('the seeded corpus', () => {
  for (const defect of SEEDED_DEFECTS) {
    for (const language of TRANSLATED_LANGUAGES) {
      it(`catches every ${language} ${defect.kind} defect`, () => {
        expect(defect[language]).toHaveLength(5);
        for (const text of defect[language]) {
          const problems = checkText(
            defect,
            defect.path,
            { en: defect.en, [language]: text },
            SEEDED_GLOSSARY,
          );
          expect(
            problems.filter((problem) => problem.language === language).map((p) => p.kind),
            text,
          ).toContain(defect.kind);
        }
      });
    }
    it(`finds nothing of kind ${defect.kind} in its English alone`, () => {
      expect(kinds(checkText(defect, defect.path, { en: defect.en }, SEEDED_GLOSSARY))).toEqual([]);
    });
  }

  it('catches every plural defect in German and Turkish', () => {
    const error = getDictionary('error');
    for (const language of TRANSLATED_LANGUAGES) {
      for (const forms of SEEDED_PLURALS[language]) {
        const json = (one: string, other: string) => ({
          redirect: { seconds: 5, target: '/', message_one: one, message_other: other },
        });
        const problems = checkLanguages(error, {
          en: json(SEEDED_PLURALS.en.one, SEEDED_PLURALS.en.other),
          [language]: json(forms.one, forms.other),
        });
        expect(
          problems.filter((p) => p.kind === 'pluralForms' && p.language === language),
          forms.other,
        ).toHaveLength(1);
      }
    }
  });

  it('covers every check', () => {
    const seeded = new Set([...SEEDED_DEFECTS.map((defect) => defect.kind), 'pluralForms']);
    expect(Object.keys(CHECKS).filter((kind) => !seeded.has(kind as never))).toEqual([]);
  });
});

describe('the bundled copy', () => {
  it('raises no check problem but the accepted ones, and each acceptance is still used', async () => {
    const left: CheckProblem[] = [];
    let raised = 0;
    const dictionaries = await readLocaleFolder('locales');
    const glossary = glossaryFrom(dictionaries.find((d) => d.namespace === 'glossary')!.files);
    expect(glossary.length).toBeGreaterThan(5);
    for (const { namespace, files } of dictionaries) {
      const problems = checkLanguages(getDictionary(namespace), files, glossary);
      raised += problems.length;
      left.push(...withoutAccepted(problems, ACCEPTED_CHECKS[namespace]));
    }
    expect(left).toEqual([]);
    const accepted = Object.values(ACCEPTED_CHECKS).flat();
    expect(raised).toBe(accepted.length);
    for (const entry of accepted) expect(entry.reason.length).toBeGreaterThan(20);
  });
});

describe('messages', () => {
  it('word every problem in English, German and Turkish', () => {
    const problems = SEEDED_DEFECTS.flatMap((defect) =>
      checkText(
        defect,
        defect.path,
        { en: defect.en, de: defect.de[0], tr: defect.tr[0] },
        SEEDED_GLOSSARY,
      ),
    );
    expect(problems.length).toBeGreaterThan(SEEDED_DEFECTS.length);
    for (const { message } of problems) {
      for (const language of LANGUAGES) expect(message[language].length).toBeGreaterThan(5);
      expect(new Set(Object.values(message)).size).toBe(3);
    }
  });
});

describe('placeholders', () => {
  const template = { format: 'plain' as const };
  it('blame English when it was changed and both translations agree', () => {
    const problems = checkText(template, 'copyrightTemplate', {
      en: '© {brand}. All rights reserved.',
      de: '© {year} {brand}. Alle Rechte vorbehalten.',
      tr: '© {year} {brand}. Tüm hakları saklıdır.',
    });
    expect(problems.map((p) => [p.language, p.kind, p.message.en])).toEqual([
      ['en', 'placeholders', 'placeholders differ from German: {year}'],
    ]);
  });

  it('blame the translation that differs from English', () => {
    const problems = checkText(template, 'copyrightTemplate', {
      en: '© {year} {brand}. All rights reserved.',
      de: '© {brand}. Alle Rechte vorbehalten.',
      tr: '© {year} {brand}. Tüm hakları saklıdır.',
    });
    expect(problems.map((p) => [p.language, p.kind])).toEqual([['de', 'placeholders']]);
  });
});

describe('numbers', () => {
  it("read each language's format", () => {
    expect(numbersOf('en', '1,000 players, 2.5 hours, 48k fans')).toEqual([2.5, 1000, 48_000]);
    expect(numbersOf('de', '1.000 Spieler, 2,5 Stunden, 48 Tsd. Fans')).toEqual([
      2.5, 1000, 48_000,
    ]);
    expect(numbersOf('tr', '1.000 oyuncu, 2,5 saat, 48 bin hayran')).toEqual([2.5, 1000, 48_000]);
    expect(numbersOf('de', 'In {seconds} Sekunden')).toEqual([]);
  });

  it('take 1,000 and 1.000 as the same number in English and German', () => {
    const texts = { en: '1,000 players', de: '1.000 Spieler', tr: '1.000 oyuncu' };
    expect(checkText({ format: 'plain' }, 'label', texts)).toEqual([]);
  });
});

describe('addresses', () => {
  it('finds URLs and e-mail addresses, without the full stop after them', () => {
    expect(addressesOf('See https://a.example/x. Or mail me@a.example.')).toEqual([
      'https://a.example/x',
      'me@a.example',
    ]);
  });
});

describe('repeated words', () => {
  it('compare Turkish words with Turkish casing (İ and ı)', () => {
    const found = (tr: string) =>
      kinds(checkText({ format: 'plain' }, 'label', { en: 'A game', tr })).includes('repeatedWord');
    expect(found('BİR bir oyun')).toBe(true);
    // "ılık ILIK" is the same word in Turkish casing; "KIR kir" is not (kır, kir).
    expect(found('Ve VE oyun')).toBe(true);
    expect(found('KIR kir oyun')).toBe(false);
    // Doubled content words are Turkish grammar: zaman zaman, adım adım.
    expect(found('zaman zaman oyun')).toBe(false);
  });

  it('let German say "die die" (an article before a relative pronoun)', () => {
    const found = (de: string) =>
      kinds(checkText({ format: 'plain' }, 'label', { en: 'A game', de })).includes('repeatedWord');
    expect(found('Regeln, für die die Verordnung gilt')).toBe(false);
    expect(found('Spiele Spiele')).toBe(true);
  });
});

describe('lengths', () => {
  it('warn over the soft length of the role and block over the hard one, in English too', () => {
    const at = (en: string) =>
      checkText({ format: 'plain' }, 'hero.eyebrow', { en }).map((p) => [p.kind, p.severity]);
    expect(at('E'.repeat(52))).toEqual([]);
    expect(at('E'.repeat(53))).toEqual([['long', 'warn']]);
    expect(at('E'.repeat(101))).toEqual([['tooLong', 'block']]);
  });

  it('leave addresses and JSON to the general limit', () => {
    expect(checkText({ format: 'url' }, 'cta.url', { en: `/${'a'.repeat(3000)}` })).toEqual([]);
  });
});

describe('a stored document, as the Studio checks it', () => {
  function stored(namespace: 'faqPage') {
    const files = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        JSON.parse(readFileSync(`locales/${language}/${namespace}.json`, 'utf8')) as unknown,
      ]),
    ) as Record<Language, unknown>;
    return mergeLanguages(getDictionary(namespace), files, (language) => language).body as {
      faq: { items: { question: Record<Language, string> }[] };
    };
  }

  it('names the stored field of each problem, in the language asked for', () => {
    const doc = stored('faqPage');
    doc.faq.items[1]!.question.de = `${doc.faq.items[1]!.question.de}\u200b`;
    doc.faq.items[1]!.question.tr = `${doc.faq.items[1]!.question.tr}  `;
    const german = checkDocument('faqPage', doc, 'de');
    expect(german.map(({ kind, path, storedPath }) => [kind, path, storedPath])).toEqual([
      ['invisible', 'faq.items[1].question', ['faq', 'items', { _key: 'item1' }, 'question', 'de']],
    ]);
    expect(checkDocument('faqPage', doc).map((problem) => problem.language)).toEqual(['de', 'tr']);
  });
});

describe('facts in texts', () => {
  it('measure a fact as the number it shows, not as its placeholder', () => {
    // 170 letters, a space and a year: 175 shown, 181 written.
    const en = `${'a'.repeat(170)} {foundedYear}`;
    expect(kinds(checkText({ format: 'plain' }, 'meta.description', { en }))).toEqual([]);
    expect(
      kinds(checkText({ format: 'plain' }, 'meta.description', { en: `${en}xxxxxx` })),
    ).toEqual(['long']);
  });
});

describe('the glossary', () => {
  const glossaryOf = (de: string) => (text: string) =>
    checkText({ format: 'plain' }, 'title', { en: 'Our press kit', de: text }, [
      { term: { en: 'press kit', de }, keep: false, avoid: { de: ['Pressemappe'] } },
    ]).map((problem) => problem.message.en);

  it('passes the right words, with any ending, and addresses', () => {
    const check = (language: Language, en: string, text: string) =>
      kinds(
        checkText({ format: 'multiline' }, 'body', { en, [language]: text }, SEEDED_GLOSSARY),
      ).filter((kind) => kind === 'glossary');
    expect(check('de', 'Our press kit', 'Unsere Pressekits, per E-Mail-Adresse')).toEqual([]);
    expect(check('tr', 'Our press kit', 'Basın kitimiz burada')).toEqual([]);
    const privacy = { term: { en: 'privacy policy', tr: 'gizlilik politikası' }, keep: false };
    const ours = checkText(
      { format: 'plain' },
      'title',
      {
        en: 'Our privacy policy',
        tr: 'Gizlilik politikamız',
      },
      [{ ...privacy, avoid: {} }],
    );
    expect(ours).toEqual([]);
    expect(check('tr', 'Email us', 'Bize e-postayla yazın: basin@email.example')).toEqual([]);
  });

  it('names the word to use, and leaves keywords and its own texts alone', () => {
    expect(glossaryOf('Pressekit')('Unsere Pressemappe')).toEqual([
      '"Pressemappe" is a word the glossary avoids; use "Pressekit"',
      'English says "press kit"; in German the glossary says "Pressekit"',
    ]);
    const keyword = checkText(
      { format: 'plain' },
      'meta.keywords[0]',
      {
        en: 'press kit',
        de: 'Pressemappe',
      },
      SEEDED_GLOSSARY,
    );
    expect(kinds(keyword)).toEqual([]);
    const own = { en: { terms: [{ term: 'email', avoid: 'e-mail' }] } };
    expect(checkLanguages(getDictionary('glossary'), own, glossaryFrom(own))).toEqual([]);
  });

  it('reads the glossary document as the Studio and the store hold it', () => {
    const files = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        JSON.parse(readFileSync(`locales/${language}/glossary.json`, 'utf8')) as unknown,
      ]),
    );
    const doc = mergeLanguages(getDictionary('glossary'), files as never, (l) => l).body;
    expect(glossaryFromDocument(doc)).toEqual(glossaryFrom(files));
  });
});
