/**
 * Copy style checks for `check-locales`: one form of address per language (German "du",
 * Turkish "siz") and no word too long for a phone line. (One word per concept is the
 * glossary editors keep: schemas/glossary.ts.) They report drift as warnings, never errors:
 * copy stays publishable while an editor decides.
 */
import { getDictionary, type Namespace } from '@/schemas';
import type { Language } from '@/schemas/languages';
import type { ContentProblem } from '@/schemas/problems';
import { visitTexts } from '@/schemas/walk';

/**
 * Forms of address the site does not use. German copy says "du": a capitalised Sie/Ihr…
 * after a lower-case word or comma is the formal address (at a sentence start it may be
 * "they", so that is left alone). Turkish copy says "siz".
 */
const OTHER_ADDRESS: Partial<Record<Language, { pattern: RegExp; message: string }>> = {
  de: {
    pattern: /(?<=[\p{Ll},;]\s+)(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)(?!\p{L})/gu,
    message: 'formal address; the site says "du"',
  },
  tr: {
    pattern: /(?<!\p{L})(sen|seni|sana|senin|sende|senden|seninle)(?!\p{L})/giu,
    message: 'informal address; the site says "siz"',
  },
};

/**
 * The text as Turkish words are compared: in Turkish casing, where I lowers to ı and İ to i
 * (a regular expression's /i flag folds İ to nothing and I to i). Lowering keeps every
 * index in Turkish, so a match is shown as written. German and English compare as written:
 * the German form of address depends on capitals.
 */
function comparable(language: Language, text: string): string {
  if (language !== 'tr') return text;
  const lowered = text.toLocaleLowerCase('tr');
  return lowered.length === text.length ? lowered : text;
}

/** Longer than this, a word in body text cannot fit a 320 px phone line. */
const LONGEST_WORD = 26;
const LONG_WORD = new RegExp(`\\p{L}{${LONGEST_WORD + 1},}`, 'gu');

export function copyStyleWarnings(
  language: Language,
  namespace: Namespace,
  json: unknown,
  file: string,
): ContentProblem[] {
  const warnings: ContentProblem[] = [];
  visitTexts(getDictionary(namespace).root, json, (text, path, node) => {
    // Addresses are not prose; keywords may hold synonyms on purpose (search terms).
    if (!text || ['url', 'href', 'email', 'json'].includes(node.format)) return;
    if (path.startsWith('meta.keywords')) return;
    const compared = comparable(language, text);
    const address = OTHER_ADDRESS[language];
    for (const match of address ? compared.matchAll(address.pattern) : []) {
      const written = text.slice(match.index, match.index + match[0].length);
      warnings.push({ file, path, message: `"${written}": ${address!.message}` });
    }
    for (const match of text.matchAll(LONG_WORD)) {
      warnings.push({
        file,
        path,
        message: `"${match[0]}" has ${match[0].length} letters and cannot fit a phone line; split it`,
      });
    }
  });
  return warnings;
}
