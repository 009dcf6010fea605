/** What the content scripts share: clear failures, the coverage table, where output goes. */
import { ContentError } from '@/schemas/problems';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@/schemas/languages';
import type { Coverage } from './export-locales';
import { formatTable } from './report';
import { SettingsError } from './store-settings';
import { StoreLockError } from './store-lock';

/** Where a script reads its settings and writes its output: the process, or a test. */
export interface ScriptIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  log(text: string): void;
  error(text: string): void;
}

export const processIo: ScriptIo = {
  env: process.env,
  log: (text) => console.log(text),
  error: (text) => console.error(text),
};

/**
 * Characters a terminal would not print as themselves: controls (DEL and C1 too: U+009B is a
 * terminal's CSI), format characters (bidirectional overrides, zero-width) and the line and
 * paragraph separators.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** `\uXXXX` for each UTF-16 unit of the character (a surrogate pair for one beyond U+FFFF). */
function escaped(char: string): string {
  let out = '';
  for (let i = 0; i < char.length; i++)
    out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** Unprintable characters of a text as `\uXXXX`, the rest as it is. */
export function visible(text: string): string {
  return text.replace(UNPRINTABLE, escaped);
}

/**
 * A value as JSON whose every character prints as itself: JSON.stringify escapes only C0
 * controls, quotes and backslashes, so the rest of UNPRINTABLE is escaped here (still valid
 * JSON). A raw line break in the output is the indentation's.
 */
export function printableJson(
  value: unknown,
  replacer?: (key: string, value: unknown) => unknown,
  indent?: number,
): string {
  return JSON.stringify(value, replacer, indent).replace(UNPRINTABLE, (char) =>
    char === '\n' ? char : escaped(char),
  );
}

/**
 * A text as a script prints it: in double quotes, every character that would not print as
 * itself escaped, so what it shows is exactly what is stored and never a line of its own.
 */
export const quoted = (text: string | undefined) =>
  text === undefined ? '(none)' : printableJson(text);

/**
 * Runs a script body and returns its exit code: bad content or settings end it with 1
 * and a clear message (at most the first 50 problems, then how many more).
 */
export async function runScript(
  body: () => Promise<void>,
  io: ScriptIo = processIo,
  /** Follows the problem count: `3 problem(s); nothing was written.` */
  outcome = '; nothing was written',
): Promise<number> {
  try {
    await body();
    return 0;
  } catch (error) {
    if (error instanceof ContentError) {
      io.error(error.message);
      io.error(`\n${error.problems.length} problem(s)${outcome}.`);
    } else if (error instanceof SettingsError) {
      io.error(`Configuration error: ${error.message}`);
    } else if (error instanceof StoreLockError) {
      // Another writer holds the store: the message names it; a stack trace would only hide that.
      io.error(error.message);
    } else {
      io.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    }
    return 1;
  }
}

export function coverageTable(coverage: Coverage): string {
  // English is the source: it has nothing missing or outdated, so it gets one column.
  const cells = (entry: Coverage['languages'][Language], lang: Language) =>
    lang === DEFAULT_LANGUAGE
      ? [entry.texts]
      : [entry.texts - entry.missing, entry.missing, entry.outdated];
  const rows = Object.entries(coverage.namespaces).map(([namespace, perLanguage]) => [
    namespace,
    ...LANGUAGES.flatMap((lang) => cells(perLanguage[lang], lang)),
  ]);
  rows.push(['total', ...LANGUAGES.flatMap((lang) => cells(coverage.languages[lang], lang))]);
  return formatTable(
    [
      'namespace',
      ...LANGUAGES.flatMap((lang) =>
        lang === DEFAULT_LANGUAGE
          ? [`${lang} texts`]
          : [`${lang} texts`, `${lang} fallbacks`, `${lang} outdated`],
      ),
    ],
    rows,
  );
}
