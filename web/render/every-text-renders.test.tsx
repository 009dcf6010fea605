/**
 * Every text the content rules accept renders: generated texts (invisible and formatting
 * characters, combining marks, emoji and other astral characters, right-to-left text,
 * very long words, markup characters) in every text field of every dictionary, derived
 * from schemas/, pass the gate's validation and then render on every page in every
 * language, with the page head, structured data, link-preview image and press kit. The
 * invisible characters the translation checks block (schemas/invisible.ts) never reach a
 * page, so they are fixed away here, and texts stay within their role's hard length.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { checkedDictionaries } from '@/content/published';
import {
  dictionaries,
  documentId,
  documentType,
  NAMESPACES,
  type DictionaryOf,
  type Namespace,
} from '@/schemas';
import { pluralKey, PLURAL_FORMS, type Node, type TextNode } from '@/schemas/define';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { describeProblem } from '@/schemas/problems';
import { checkText } from '@/schemas/checks';
import { fixInvisible } from '@/schemas/invisible';
import { isPresentText, textValueProblems } from '@/schemas/rules';
import { mergeLanguages } from '@/schemas/walk';
import type { LoadDictionary } from '../site/page-source';
import { renderSite } from './render-check';
import { renderHtml } from '../site/testing/render-html';

// A marker package that throws outside Next's server bundles; it has no behaviour to keep.
vi.mock('server-only', () => ({}));

type PerLanguage = Record<Language, unknown>;

/** Characters that have broken text handling somewhere, mixed with ordinary letters. */
const TRICKY = [
  // Zero-width, joiners, word joiner, BOM, soft hyphen, grapheme joiner, Mongolian separator.
  ...'\u200b\u200c\u200d\u2060\ufeff\u00ad\u034f\u180e',
  // Bidirectional embeddings, overrides, isolates and marks; Arabic number sign.
  ...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c\u200e\u200f\u0600',
  // Combining marks, variation selector, language tag; line and paragraph separators.
  ...'\u0301\u0308\u20dd\ufe0f\u{e0001}\u2028\u2029',
  // No-break, figure, narrow and ideographic spaces; Hangul fillers; blank Braille.
  ...'\u00a0\u2007\u202f\u3000\u115f\u3164\u2800',
  // Astral, private-use, noncharacters, replacement character; other scripts; case oddities.
  ...'😀𝐀𠜎\ue000\u{f0000}\u{10fffd}\ufffd\uffffשעبﷺ中ㅎİıßẞŉﬃǅΩÅ',
  ...'<>&"\'`/-—‐\\%$=?#@',
  '👨‍👩‍👧',
  '🇩🇪',
  '🏳️‍🌈',
];
/** No control characters (refused), no braces (placeholders are checked separately). */
const allowed = (char: string) => !/[\p{Cc}\p{Cs}{}]/u.test(char);
const character = fc
  .oneof(
    { weight: 4, arbitrary: fc.constantFrom(...TRICKY) },
    { weight: 4, arbitrary: fc.constantFrom(...'aeinrstuäöüğşçAEINRSTU ') },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  )
  .filter(allowed);
const word = fc.string({ unit: character, maxLength: 30 });
/** A very long word: no space for lines to break at. */
const longWord = fc
  .tuple(fc.constantFrom(...TRICKY), fc.integer({ min: 60, max: 400 }))
  .map(([char, length]) => `Donaudampfschiff${char}`.repeat(Math.ceil(length / 17)));
const prose = fc.oneof(
  { weight: 6, arbitrary: fc.array(word, { maxLength: 6 }).map((words) => words.join(' ')) },
  { weight: 1, arbitrary: longWord },
);

/** A path segment, a host label or a mailbox: no character an address may not contain. */
const addressPart = fc
  .string({ unit: character, minLength: 1, maxLength: 12 })
  .map((part) => fixInvisible(part).replace(/[\\\s\p{Z}\p{Cc}\p{Cf}\p{Cs}/?#@<>()[\],;:"%]/gu, ''))
  .filter((part) => part.length > 0);
const sitePath = fc
  .tuple(fc.array(addressPart, { maxLength: 3 }), fc.option(addressPart))
  .map(([segments, fragment]) => `/${segments.join('/')}${fragment ? `#${fragment}` : ''}`);
const httpsUrl = fc
  .tuple(addressPart, addressPart)
  .map(([host, page]) => `https://${host}.example/${page}`);
const email = fc.tuple(addressPart, addressPart).map(([box, host]) => `${box}@${host}.example`);

/** Whether the translation checks let a text through (as English, so nothing to compare). */
const passesChecks = (node: TextNode, path: string) => (value: string) =>
  !checkText(node, path, { en: value }).some((problem) => problem.severity === 'block');

function textArbitrary(node: TextNode, path: string): fc.Arbitrary<string> {
  const placeholders = node.placeholders.map((name) => ` {${name}}`).join('');
  const valid = (value: string) => textValueProblems(node, value).length === 0;
  switch (node.format) {
    case 'url':
      return fc.oneof(sitePath, httpsUrl).filter(valid);
    case 'href':
      return fc
        .oneof(
          sitePath,
          httpsUrl,
          email.map((a) => `mailto:${a}`),
        )
        .filter(valid);
    case 'email':
      return email.filter(valid);
    case 'json':
      return prose
        .map(fixInvisible)
        .map((name) => JSON.stringify({ '@context': 'https://schema.org', name }));
    case 'plain':
    case 'multiline': {
      const text =
        node.format === 'multiline'
          ? fc.array(prose, { maxLength: 3 }).map((lines) => lines.join('\n'))
          : prose;
      // A required text needs one visible character; placeholders as the site fills them.
      return text
        .map(fixInvisible)
        .map(
          (value) =>
            `${isPresentText(value) || !node.required ? value : `A${value}`}${placeholders}`,
        )
        .filter(passesChecks(node, path));
    }
  }
}

const perLanguage = <T,>(arbitrary: fc.Arbitrary<T>) =>
  fc
    .tuple(...LANGUAGES.map(() => arbitrary))
    .map(
      (values) =>
        Object.fromEntries(LANGUAGES.map((language, i) => [language, values[i]])) as PerLanguage,
    );

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Generated texts in every text field of `node`; other values (flags, choices…) from `base`. */
function nodeArbitrary(node: Node, base: PerLanguage, path = ''): fc.Arbitrary<PerLanguage> {
  const below = (key: string) => (path ? `${path}.${key}` : key);
  const at = (key: string | number) =>
    Object.fromEntries(
      LANGUAGES.map((language) => {
        const value = base[language];
        return [
          language,
          isRecord(value) || Array.isArray(value) ? (value as never)[key] : undefined,
        ];
      }),
    ) as PerLanguage;
  switch (node.kind) {
    case 'text':
      return perLanguage(textArbitrary(node, path));
    case 'group': {
      const fields: Record<string, fc.Arbitrary<PerLanguage>> = {};
      for (const [key, child] of Object.entries(node.fields)) {
        if (child.kind === 'plural') {
          for (const form of PLURAL_FORMS)
            fields[pluralKey(key, form)] = perLanguage(
              textArbitrary(child.form, below(pluralKey(key, form))),
            );
        } else {
          fields[key] = nodeArbitrary(child, at(key), below(key));
        }
      }
      return fc.record(fields).map((values) => {
        const out: Record<string, Record<string, unknown>> = Object.fromEntries(
          LANGUAGES.map((language) => [language, {}]),
        );
        for (const [key, value] of Object.entries(values))
          for (const language of LANGUAGES)
            if (value[language] !== undefined) out[language]![key] = value[language];
        return out as PerLanguage;
      });
    }
    case 'list': {
      const length = Math.max(
        1,
        ...LANGUAGES.map((language) =>
          Array.isArray(base[language]) ? (base[language] as unknown[]).length : 0,
        ),
      );
      return fc
        .tuple(
          ...Array.from({ length }, (_, index) =>
            nodeArbitrary(node.of, at(index), `${path}[${index}]`),
          ),
        )
        .map(
          (items) =>
            Object.fromEntries(
              LANGUAGES.map((language) => [language, items.map((item) => item[language])]),
            ) as PerLanguage,
        );
    }
    default:
      return fc.constant(base);
  }
}

const bundled = (namespace: Namespace, language: Language): unknown =>
  JSON.parse(readFileSync(path.join('locales', language, `${namespace}.json`), 'utf8'));

type Site = { [N in Namespace]: Record<Language, DictionaryOf<N>> };

/** One whole site of generated copy, passed through the gate's own split and validation. */
const site: fc.Arbitrary<Site> = fc
  .record(
    Object.fromEntries(
      NAMESPACES.map((namespace) => [
        namespace,
        nodeArbitrary(
          dictionaries[namespace].root,
          Object.fromEntries(LANGUAGES.map((l) => [l, bundled(namespace, l)])) as PerLanguage,
        ),
      ]),
    ),
  )
  .map(
    (values) =>
      Object.fromEntries(
        NAMESPACES.map((namespace) => {
          const merged = mergeLanguages(
            dictionaries[namespace],
            values[namespace] as never,
            (l) => l,
          );
          const doc = {
            _id: documentId(namespace),
            _type: documentType(namespace),
            ...merged.body,
          };
          const published = checkedDictionaries(namespace, doc, {
            strict: false,
            storeDescription: 'test',
          });
          const problems = [...merged.problems, ...published.problems];
          // The generator must make valid copy: the property is about copy the gate lets through.
          if (problems.length) throw new Error(problems.map(describeProblem).join('\n'));
          return [namespace, published.languages];
        }),
      ) as Site,
  );

describe('every text the rules accept renders', () => {
  it('renders every page in every language with generated texts in every field', async () => {
    const result = await fc.check(
      fc.asyncProperty(site, async (copy) => {
        const load: LoadDictionary = async (language, namespace) => copy[namespace][language];
        const failures = await renderSite(load, async (tree) => void (await renderHtml(tree)));
        expect(
          failures.map(
            ({ language, part, error }) => `${language ?? ''} ${part}: ${String(error)}`,
          ),
        ).toEqual([]);
      }),
      // A run renders the whole site (about a second): a failure is reported as found, with
      // the page, language and error, instead of shrinking a whole site's copy for minutes.
      { numRuns: 6, endOnFailure: true },
    );
    // The counterexample is a whole site's copy (hundreds of KB): the failures say enough.
    expect(
      result.failed ? `seed ${result.seed}: ${String(result.errorInstance)}` : null,
    ).toBeNull();
  }, 120_000);
});
