/** The bundled copy: every file valid, the three languages identical in shape and placeholders. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLocaleFolder } from '@/content/read-locales';
import { getDictionary, NAMESPACES } from './index';
import { LANGUAGES } from './languages';
import { placeholdersOf } from './rules';
import { parseDictionary } from './validator';
import { visitTexts } from './walk';

function read(lang: string, namespace: string): unknown {
  return JSON.parse(readFileSync(`locales/${lang}/${namespace}.json`, 'utf8'));
}

/** The shape of a JSON value: keys, list lengths and non-text values, with texts blanked. */
function shapeOf(value: unknown): unknown {
  if (typeof value === 'string') return 'text';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  }
  return value;
}

describe.each(NAMESPACES)('bundled %s', (namespace) => {
  it.each(LANGUAGES)('validates in %s', (lang) => {
    expect(() =>
      parseDictionary(namespace, read(lang, namespace), `locales/${lang}/${namespace}.json`),
    ).not.toThrow();
  });

  it('has identical shapes in en, de and tr', () => {
    const english = shapeOf(read('en', namespace));
    for (const lang of LANGUAGES) expect(shapeOf(read(lang, namespace)), lang).toEqual(english);
  });

  it('has identical placeholder sets and a translation of every English text', () => {
    const texts = Object.fromEntries(
      LANGUAGES.map((lang) => {
        const found = new Map<string, string | undefined>();
        visitTexts(getDictionary(namespace).root, read(lang, namespace), (text, path) =>
          found.set(path, text),
        );
        return [lang, found];
      }),
    );
    for (const [path, english] of texts.en!) {
      for (const lang of LANGUAGES) {
        const translated = texts[lang]!.get(path) ?? '';
        expect(placeholdersOf(translated), `${lang} ${path}`).toEqual(
          placeholdersOf(english ?? ''),
        );
        if (english?.trim())
          expect(translated.trim(), `${lang} ${path} is translated`).not.toBe('');
      }
    }
  });
});

describe('the bundled folder', () => {
  it('merges into one document per namespace without problems', async () => {
    const dictionaries = await readLocaleFolder('locales');
    expect(dictionaries.map((d) => d.namespace)).toEqual(NAMESPACES);
  });

  // Per file, so one file typed without its letters (ae for ä, s for ş) fails: across the
  // bundled copy German has about 1.3 % umlauts and ß among its letters, Turkish 8–17 % of
  // ç ğ ı İ ş ö ü. A file with little text (a few labels) is left out.
  it.each([
    ['de', /[äöüßÄÖÜ]/gu, 0.003],
    ['tr', /[çğıİşöüÇĞŞÖÜ]/gu, 0.03],
  ] as const)('writes %s with its own letters in every file', (lang, letters, share) => {
    for (const namespace of NAMESPACES) {
      const texts: string[] = [];
      visitTexts(getDictionary(namespace).root, read(lang, namespace), (text) => {
        if (text) texts.push(text);
      });
      const all = texts.join(' ');
      const total = all.match(/\p{L}/gu)?.length ?? 0;
      if (total < 150) continue;
      const own = all.match(letters)?.length ?? 0;
      expect(own / total, `locales/${lang}/${namespace}.json`).toBeGreaterThan(share);
    }
  });
});
