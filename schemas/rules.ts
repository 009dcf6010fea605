/**
 * Rules for single texts, shared by the zod validators, the import/export walk and the
 * Studio's field validation, so that the Studio and the export can never disagree.
 */
import type { TextFormat, TextNode } from './define';
import { LANGUAGES, TRANSLATED_LANGUAGES, type Language } from './languages';

/** §5: a text counts as present only if it is non-empty after trimming. */
export function isPresentText(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** The `{placeholder}` names a text uses, sorted. */
export function placeholdersOf(value: string): string[] {
  return [...new Set(Array.from(value.matchAll(PLACEHOLDER), (match) => match[1] ?? ''))].sort();
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

function isInternalPath(value: string): boolean {
  // "/about", "/de/faq?x=1#top", "#newsletter"; not protocol-relative "//host".
  return (/^\/(?!\/)/.test(value) || value.startsWith('#')) && !/\s/.test(value);
}

function isHttpsUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Checks a present text against its format; returns what is wrong, or null. */
export function formatProblem(format: TextFormat, value: string): string | null {
  const trimmed = value.trim();
  switch (format) {
    case 'url':
      return isInternalPath(trimmed) || isHttpsUrl(trimmed)
        ? null
        : `"${trimmed}" is not a site path (/…) or an https:// URL`;
    case 'href':
      return isInternalPath(trimmed) ||
        isHttpsUrl(trimmed) ||
        (trimmed.startsWith('mailto:') && EMAIL.test(trimmed.slice('mailto:'.length)))
        ? null
        : `"${trimmed}" is not a site path (/…), an https:// URL or a mailto: address`;
    case 'email':
      return EMAIL.test(trimmed) ? null : `"${trimmed}" is not an e-mail address`;
    case 'json': {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        return parsed !== null && typeof parsed === 'object' ? null : 'must be a JSON object';
      } catch {
        return 'is not valid JSON';
      }
    }
    case 'plain':
    case 'multiline':
      return null;
  }
}

export type Localized = Partial<Record<Language, string | undefined>>;

export interface TextProblem {
  readonly level: 'error' | 'warning';
  /** The language the problem is in; absent when it concerns the text as a whole. */
  readonly language?: Language;
  readonly message: string;
}

/** Placeholder parity (§ issue 2, 3, 4): a translation must use exactly English's placeholders. */
export function placeholderProblem(english: string, translated: string): string | null {
  const expected = placeholdersOf(english);
  const actual = placeholdersOf(translated);
  const missing = expected.filter((name) => !actual.includes(name));
  const extra = actual.filter((name) => !expected.includes(name));
  const parts = [
    ...(missing.length ? [`lacks ${missing.map((n) => `{${n}}`).join(', ')}`] : []),
    ...(extra.length ? [`has ${extra.map((n) => `{${n}}`).join(', ')} that English lacks`] : []),
  ];
  return parts.length ? `placeholders differ from English: ${parts.join('; ')}` : null;
}

/**
 * Every problem of one text in all languages: English missing where required (error),
 * a malformed address (error), placeholders that differ from English (error), and a
 * missing German or Turkish translation of a present English text (warning).
 */
export function checkLocalizedText(node: TextNode, value: Localized | undefined): TextProblem[] {
  const problems: TextProblem[] = [];
  const english = value?.en;
  if (node.required && !isPresentText(english)) {
    problems.push({ level: 'error', language: 'en', message: 'required text is missing' });
  }
  for (const language of LANGUAGES) {
    const text = value?.[language];
    if (!isPresentText(text)) continue;
    const format = formatProblem(node.format, text);
    if (format) problems.push({ level: 'error', language, message: format });
  }
  if (!isPresentText(english)) return problems;
  for (const language of TRANSLATED_LANGUAGES) {
    const text = value?.[language];
    if (!isPresentText(text)) {
      problems.push({ level: 'warning', language, message: 'translation is missing' });
      continue;
    }
    const placeholders = placeholderProblem(english, text);
    if (placeholders) problems.push({ level: 'error', language, message: placeholders });
  }
  return problems;
}
