/**
 * Rules for single texts, shared by the zod validators, the import/export walk and the
 * Studio's field validation, so that the Studio and the export can never disagree.
 */
import type { TextFormat, TextNode } from './define';
import { LANGUAGES, TRANSLATED_LANGUAGES, type Language } from './languages';
import { FACT_NAMES } from './dictionaries/facts';
import { LIMITS } from './limits';
import { hasUnsafeAddressCharacter, isFragmentLink, isSitePath } from './site-path';

/** How a text is checked: its format, whether it is required and what it may contain. */
export type TextRules = Pick<TextNode, 'format' | 'required' | 'placeholders'>;

/**
 * Characters that show nothing by themselves: white space, control and format
 * characters (zero-width space, joiners, bidirectional marks), other default-ignorable
 * code points (Hangul fillers), combining marks without a base, the blank Braille
 * pattern, unpaired surrogates, private-use and unassigned code points.
 */
const VISIBLE =
  /[^\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/u;

/** A text counts as present only if it has at least one visible character. */
export function isPresentText(value: unknown): value is string {
  return typeof value === 'string' && VISIBLE.test(value);
}

/** `{name}`: what a placeholder looks like (no spaces, letters, digits and `_`). */
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** The `{placeholder}` names a text uses, sorted. */
export function placeholdersOf(value: string): string[] {
  return [...new Set(Array.from(value.matchAll(PLACEHOLDER), (match) => match[1] ?? ''))].sort();
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;

function isHttpsUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/** What an address is, or undefined when it is none the site may link to. */
export type HrefKind = 'path' | 'fragment' | 'https' | 'mailto';

/**
 * Classifies an address: a path of this site, a fragment of the current page, an https
 * URL or a mailto: address. Anything with a character browsers reinterpret or drop
 * (backslash, white space, control or invisible characters) is none of them.
 */
export function hrefKind(value: string): HrefKind | undefined {
  if (isSitePath(value)) return 'path';
  if (isFragmentLink(value)) return 'fragment';
  if (hasUnsafeAddressCharacter(value)) return undefined;
  if (isHttpsUrl(value)) return 'https';
  if (value.startsWith('mailto:') && EMAIL.test(value.slice('mailto:'.length))) return 'mailto';
  return undefined;
}

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

const CHARACTER_NAMES: Readonly<Record<string, string>> = {
  '\\': 'a backslash (browsers read it as "/")',
  ' ': 'a space',
  '\t': 'a tab',
  '\n': 'a line break',
  '\r': 'a carriage return',
  '\0': 'a NUL character',
};

function characterName(char: string): string {
  return CHARACTER_NAMES[char] ?? `the character ${codePoint(char)}`;
}

/** Why an address that looks like a site path is not one, for the message. */
function pathReason(value: string): string {
  const unsafe = /[\\\s\p{Z}\p{Cc}\p{Cf}\p{Cs}]/u.exec(value);
  if (unsafe) return `: it contains ${characterName(unsafe[0])}`;
  if (value.startsWith('//')) return ': "//" at the start leads to another site';
  if (value.startsWith('/') && value.split(/[?#]/, 1)[0]!.includes('//'))
    return ': it has an empty segment ("//")';
  return '';
}

/** A value as shown in a message: quoted, escaped (invisible characters too), cut when long. */
function shown(value: string): string {
  const cut = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return JSON.stringify(cut).replace(
    /(?! )[\p{Cf}\p{Z}]/gu,
    (char) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}

/** Checks a present text against its format; returns what is wrong, or null. */
export function formatProblem(format: TextFormat, value: string): string | null {
  switch (format) {
    case 'url': {
      const kind = hrefKind(value);
      return kind === 'path' || kind === 'fragment' || kind === 'https'
        ? null
        : `${shown(value)} is not a site path (/…) or an https:// URL${pathReason(value)}`;
    }
    case 'href':
      return hrefKind(value)
        ? null
        : `${shown(value)} is not a site path (/…), an https:// URL or a mailto: address${pathReason(value)}`;
    case 'email':
      return EMAIL.test(value) && !hasUnsafeAddressCharacter(value)
        ? null
        : `${shown(value)} is not an e-mail address`;
    case 'json': {
      try {
        const parsed: unknown = JSON.parse(value);
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

/** Control characters a format allows: line breaks where a text has several lines. */
const ALLOWED_CONTROLS: Readonly<Record<TextFormat, string>> = {
  plain: '',
  url: '',
  href: '',
  email: '',
  multiline: '\n\r',
  // JSON's own white space.
  json: '\n\r\t',
};

const CONTROL = /[\p{Cc}\p{Cs}]/gu;

/** A control character (or unpaired surrogate) the format does not allow, or null. */
export function controlProblem(format: TextFormat, value: string): string | null {
  for (const match of value.matchAll(CONTROL)) {
    const char = match[0];
    if (ALLOWED_CONTROLS[format].includes(char)) continue;
    const where = `at character ${match.index + 1}`;
    if (/\p{Cs}/u.test(char)) return `contains an unpaired surrogate (${codePoint(char)}) ${where}`;
    if (char === '\n' || char === '\r')
      return `contains a line break ${where}; this text has a single line`;
    return `contains a control character (${codePoint(char)}, ${characterName(char)}) ${where}`;
  }
  return null;
}

/** Braces a text may hold: `{name}` placeholders, and anything else with a brace. */
const BRACED = /\{[^{}]*\}|[{}]/g;

/**
 * A placeholder the site does not fill for this text (`{foo}`, `{ year }`, a lone
 * brace): visitors would see it as written. JSON texts hold braces of their own. Prose
 * (plain and multi-line texts) may name any fact as well (./dictionaries/facts.ts).
 */
export function placeholderUseProblem(
  node: Pick<TextRules, 'format' | 'placeholders'>,
  value: string,
): string | null {
  if (node.format === 'json') return null;
  const prose = node.format === 'plain' || node.format === 'multiline';
  const wrong = new Set<string>();
  for (const [fragment] of value.matchAll(BRACED)) {
    const name = /^\{([A-Za-z0-9_]+)\}$/.exec(fragment)?.[1];
    if (name === undefined) wrong.add(fragment);
    else if (!node.placeholders.includes(name) && !(prose && FACT_NAMES.includes(name)))
      wrong.add(fragment);
  }
  if (wrong.size === 0) return null;
  const list = [...wrong].map((fragment) => JSON.stringify(fragment)).join(', ');
  const accepted = node.placeholders.length
    ? `it accepts only ${node.placeholders.map((name) => `{${name}}`).join(', ')}${prose ? ' and the facts' : ''}, written exactly so`
    : prose
      ? `it accepts only the facts: ${FACT_NAMES.map((name) => `{${name}}`).join(', ')}`
      : 'it has no placeholders; braces are for placeholders only';
  return `${list} ${wrong.size === 1 ? 'is not a placeholder' : 'are not placeholders'} the site fills here (${accepted})`;
}

/**
 * Everything wrong with one text in one language on its own: too long, a control
 * character, a malformed address, a placeholder the site does not fill. Whether a
 * required text is present is the caller's question (it depends on the language).
 */
export function textValueProblems(node: TextRules, value: string): string[] {
  if (value.length > LIMITS.textLength) {
    return [`text is too long (${value.length} characters; at most ${LIMITS.textLength})`];
  }
  const problems: string[] = [];
  const control = controlProblem(node.format, value);
  if (control) problems.push(control);
  if (!isPresentText(value)) return problems;
  const format = formatProblem(node.format, value);
  if (format) problems.push(format);
  const placeholder = placeholderUseProblem(node, value);
  if (placeholder) problems.push(placeholder);
  return problems;
}

/** The warning on an empty translation of a present English text. */
export const MISSING_TRANSLATION = 'translation is missing';

export type Localized = Partial<Record<Language, string | undefined>>;

export interface TextProblem {
  readonly level: 'error' | 'warning';
  /** The language the problem is in; absent when it concerns the text as a whole. */
  readonly language?: Language;
  readonly message: string;
}

/** Placeholder parity: a translation must use exactly English's placeholders. */
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
 * a text that breaks the rules of its format (error), and a missing German or Turkish
 * translation of a present English text (warning). Placeholders that differ between the
 * languages are a translation check (./checks.ts), which names the text that changed.
 */
export function checkLocalizedText(node: TextRules, value: Localized | undefined): TextProblem[] {
  const problems: TextProblem[] = [];
  const english = value?.en;
  if (node.required && !isPresentText(english)) {
    problems.push({ level: 'error', language: 'en', message: 'required text is missing' });
  }
  for (const language of LANGUAGES) {
    const text = value?.[language];
    if (typeof text !== 'string') continue;
    for (const message of textValueProblems(node, text))
      problems.push({ level: 'error', language, message });
  }
  if (!isPresentText(english)) return problems;
  for (const language of TRANSLATED_LANGUAGES) {
    const text = value?.[language];
    if (!isPresentText(text))
      problems.push({ level: 'warning', language, message: MISSING_TRANSLATION });
  }
  return problems;
}

/**
 * A plural text needs all its forms in a language or none: `message_one` without
 * `message_other` would leave some numbers without words. Returns the forms missing
 * while another is present, or [] when complete or absent.
 */
export function missingPluralForms<F extends string>(
  forms: readonly F[],
  present: (form: F) => boolean,
): F[] {
  const given = forms.filter(present);
  return given.length === 0 ? [] : forms.filter((form) => !given.includes(form));
}
