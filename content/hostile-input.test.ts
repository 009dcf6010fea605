/**
 * Hostile and broken input through the content scripts: every bad file or text ends the
 * script with exit code 1 and a message naming the file and key path (or byte offset),
 * and leaves the content store and the published folder byte-identical.
 *
 * The table runs each script's command in-process (the same function the script runs,
 * with its own settings and captured output) to stay fast; the last block runs the real
 * scripts as child processes, as `npm run` does, for their exit codes and output.
 */
import { spawn } from 'node:child_process';
import { copyFile, readFile, readlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@/schemas/limits';
import { checkLocalesCommand, exportLocalesCommand, importLocalesCommand } from './locale-commands';
import { exportLocales } from './export-locales';
import { importLocales } from './import-locales';
import { LocalStore } from './local-store';
import { makeTempProject, type TempProject } from './testing/temp-project';
import { snapshotFolder } from '@/testing/folder-snapshot';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const SCRIPTS = {
  'check-locales': checkLocalesCommand,
  'import-locales': importLocalesCommand,
  'export-locales': exportLocalesCommand,
};
type Script = keyof typeof SCRIPTS;

function storeEnv(storeFile: string) {
  return {
    CONTENT_STORE_FILE: storeFile,
    SANITY_PROJECT_ID: '',
    SANITY_DATASET: '',
    SANITY_API_TOKEN: '',
  };
}

/** Runs a script's command in-process with its own store and captured output. */
async function run(script: Script, args: string[], storeFile: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await SCRIPTS[script](args, {
    env: storeEnv(storeFile),
    log: (text) => (stdout += `${text}\n`),
    error: (text) => (stderr += `${text}\n`),
  });
  return { code, stdout, stderr };
}

/** Runs the script the way `npm run` does: Node with tsx, in a child process. */
function runProcess(script: Script, args: string[], storeFile: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
      env: { ...process.env, ...storeEnv(storeFile), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Dictionaries are untyped JSON here; the edits reach into known fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let project: TempProject;
let cleanStore: string;
let runs = 0;

beforeAll(async () => {
  project = await makeTempProject();
  cleanStore = path.join(project.dir, 'clean.ndjson');
  await importLocales(new LocalStore(cleanStore), { from: project.locales, dryRun: false });
});
afterAll(() => project.cleanup());

/** A fresh copy of the bundled locales and of the imported store for one case. */
async function freshCase() {
  const dir = await makeTempProject();
  const storeFile = path.join(dir.dir, `store-${(runs += 1)}.ndjson`);
  await copyFile(cleanStore, storeFile);
  return { dir, storeFile };
}

const file = (p: TempProject, lang: string, ns: string) => path.join(p.locales, lang, `${ns}.json`);
const editFile = (p: TempProject, lang: string, ns: string, change: (json: Json) => void) =>
  p.edit(lang, ns, change);

/** A German file saved as Latin-1: every umlaut a single byte that is not UTF-8. */
async function saveAsLatin1(p: TempProject, lang: string, ns: string) {
  const text = await readFile(file(p, lang, ns), 'utf8');
  await writeFile(file(p, lang, ns), Buffer.from(text, 'latin1'));
}

async function saveAsUtf16(p: TempProject, lang: string, ns: string, bom: 'le' | 'be' | 'none') {
  const text = await readFile(file(p, lang, ns), 'utf8');
  const le = Buffer.from(text, 'utf16le');
  const body = bom === 'be' ? Buffer.from(le).swap16() : le;
  const mark = bom === 'le' ? [0xff, 0xfe] : bom === 'be' ? [0xfe, 0xff] : [];
  await writeFile(file(p, lang, ns), Buffer.concat([Buffer.from(mark), body]));
}

type Break = (p: TempProject) => Promise<void>;

/** [what, how the files are broken, what the message must say] — import-locales. */
const badFiles: [string, Break, RegExp][] = [
  // Files
  [
    'a German file saved as Latin-1',
    (p) => saveAsLatin1(p, 'de', 'hero'),
    /de\/hero\.json: is not valid UTF-8: byte 0x[0-9A-F]{2} at byte offset \d+ \(line \d+\)/,
  ],
  [
    'UTF-16 with a little-endian byte order mark',
    (p) => saveAsUtf16(p, 'tr', 'faq', 'le'),
    /tr\/faq\.json: starts with a UTF-16 \(little-endian\) byte-order mark/,
  ],
  [
    'UTF-16 with a big-endian byte order mark',
    (p) => saveAsUtf16(p, 'en', 'faq', 'be'),
    /en\/faq\.json: starts with a UTF-16 \(big-endian\) byte-order mark/,
  ],
  [
    'UTF-16 without a byte order mark',
    (p) => saveAsUtf16(p, 'de', 'faq', 'none'),
    /de\/faq\.json: has a NUL byte at byte offset 1 \(line 1\)/,
  ],
  [
    'a UTF-8 byte order mark',
    (p) => writeFile(file(p, 'de', 'hero'), '\uFEFF{}'),
    /de\/hero\.json: starts with a byte-order mark \(BOM\)/,
  ],
  [
    'a duplicate key',
    (p) =>
      writeFile(
        file(p, 'de', 'hero'),
        '{"eyebrow": "a", "title": {"main": "x", "main": "y"}, "eyebrow": "b"}',
      ),
    /de\/hero\.json → title\.main: duplicate key \(first at line 1, column 28, again at line 1, column 41\); keep one/,
  ],
  [
    'a file larger than the limit',
    (p) => writeFile(file(p, 'en', 'hero'), `{"eyebrow": "${'x'.repeat(LIMITS.fileBytes)}"}`),
    /en\/hero\.json: file is too large \(\d+ bytes; at most 2097152 bytes, 2 MiB\)/,
  ],
  [
    'nesting deeper than the limit',
    (p) => writeFile(file(p, 'en', 'hero'), `{"eyebrow": ${'['.repeat(100)}${']'.repeat(100)}}`),
    /en\/hero\.json → eyebrow(\[0\])+: nested more than 64 levels deep/,
  ],
  [
    'a text longer than the limit',
    (p) => editFile(p, 'de', 'hero', (j) => (j.subtitle = 'ä'.repeat(LIMITS.textLength + 1))),
    /de\/hero\.json → subtitle: text is too long \(10001 characters; at most 10000\)/,
  ],
  [
    'a list longer than the limit',
    (p) =>
      editFile(p, 'en', 'home', (j) => (j.meta.keywords = Array(LIMITS.listItems + 1).fill('k'))),
    /en\/home\.json → meta\.keywords: list is too long \(1001 items; at most 1000\)/,
  ],
  // Texts
  [
    'a required text that is only a zero-width space',
    (p) => editFile(p, 'en', 'common', (j) => (j.appName = '\u200B')),
    /en\/common\.json → appName: required text is missing/,
  ],
  [
    'a required text that is only a NUL',
    (p) => editFile(p, 'en', 'common', (j) => (j.brandName = '\u0000')),
    /en\/common\.json → brandName: required text is missing/,
  ],
  [
    'a required text of invisible characters (soft hyphen, word joiner, Hangul filler)',
    (p) => editFile(p, 'en', 'newsletter', (j) => (j.title = '\u00AD\u2060\u3164')),
    /en\/newsletter\.json → title: required text is missing/,
  ],
  [
    'a control character in a text',
    (p) => editFile(p, 'de', 'hero', (j) => (j.eyebrow = 'Studio\u0007 & Publisher')),
    /de\/hero\.json → eyebrow: contains a control character \(U\+0007, the character U\+0007\) at character 7/,
  ],
  [
    'a NUL inside an optional text',
    (p) => editFile(p, 'tr', 'hero', (j) => (j.title.highlight = 'özenle\u0000')),
    /tr\/hero\.json → title\.highlight: contains a control character \(U\+0000, a NUL character\)/,
  ],
  [
    'a line break in a single-line text',
    (p) => editFile(p, 'en', 'hero', (j) => (j.title.main = 'Games with\na point of view')),
    /en\/hero\.json → title\.main: contains a line break at character 11; this text has a single line/,
  ],
  [
    'a tab in a multi-line text',
    (p) => editFile(p, 'en', 'hero', (j) => (j.subtitle = 'RG is\ta studio.')),
    /en\/hero\.json → subtitle: contains a control character \(U\+0009, a tab\)/,
  ],
  [
    '{ year } with spaces in the copyright line',
    (p) => editFile(p, 'de', 'footer', (j) => (j.copyrightTemplate = '© { year } {brand}.')),
    /de\/footer\.json → copyrightTemplate: "\{ year \}" is not a placeholder the site fills here \(it accepts only \{brand\}, \{year\} and the facts, written exactly so\)/,
  ],
  [
    '{foo} in every language alike',
    (p) =>
      Promise.all(
        ['en', 'de', 'tr'].map((lang) =>
          editFile(p, lang, 'footer', (j) => (j.copyrightTemplate = '© {year} {brand} {foo}')),
        ),
      ).then(() => undefined),
    /en\/footer\.json → copyrightTemplate: "\{foo\}" is not a placeholder/,
  ],
  [
    'a placeholder in a text that has none',
    (p) => editFile(p, 'tr', 'hero', (j) => (j.title.main = '{seconds} oyun')),
    /tr\/hero\.json → title\.main: "\{seconds\}" is not a placeholder the site fills here \(it accepts only the facts/,
  ],
  [
    'an i18next-style {{year}}',
    (p) => editFile(p, 'en', 'footer', (j) => (j.copyrightTemplate = '© {{year}} {brand}')),
    /en\/footer\.json → copyrightTemplate: "\{", "\}" are not placeholders/,
  ],
  // Site paths
  [
    '/\\evil.example as the not-found redirect target',
    (p) => editFile(p, 'en', 'error', (j) => (j.redirect.target = '/\\evil.example')),
    /en\/error\.json → redirect\.target: "\/\\\\evil\.example" is not a site path \(\/…\) or an https:\/\/ URL: it contains a backslash/,
  ],
  [
    '/\\/evil.example as a call to action',
    (p) => editFile(p, 'de', 'hero', (j) => (j.ctas.primary.url = '/\\/evil.example')),
    /de\/hero\.json → ctas\.primary\.url: "\/\\\\\/evil\.example" is not a site path .*: it contains a backslash/,
  ],
  [
    'a tab in a header link path',
    (p) => editFile(p, 'tr', 'layout', (j) => (j.header.links[0].url = '/\t/evil.example')),
    /tr\/layout\.json → header\.links\[0\]\.url: "\/\\t\/evil\.example" is not a site path .*: it contains a tab/,
  ],
  [
    'a scheme-relative address',
    (p) => editFile(p, 'en', 'error', (j) => (j.cta.url = '//evil.example')),
    /en\/error\.json → cta\.url: "\/\/evil\.example" is not a site path .*: "\/\/" at the start leads to another site/,
  ],
  [
    'an empty path segment that becomes //host without its language',
    (p) => editFile(p, 'de', 'footer', (j) => (j.brand.homeUrl = '/de//evil.example')),
    /de\/footer\.json → brand\.homeUrl: "\/de\/\/evil\.example" is not a site path .*: it has an empty segment/,
  ],
  [
    'a zero-width space in a path',
    (p) => editFile(p, 'en', 'hero', (j) => (j.ctas.secondary.url = '/manifesto\u200B')),
    /en\/hero\.json → ctas\.secondary\.url: "\/manifesto\\u200b" is not a site path .*: it contains the character U\+200B/,
  ],
  [
    'a tab inside an https URL',
    (p) => editFile(p, 'en', 'hero', (j) => (j.ctas.primary.url = 'https://discord.gg/\trg')),
    /en\/hero\.json → ctas\.primary\.url: "https:\/\/discord\.gg\/\\trg" is not a site path/,
  ],
  // Plural texts
  [
    'a plural text with one form only',
    (p) => editFile(p, 'de', 'error', (j) => delete j.redirect.message_other),
    /de\/error\.json → redirect\.message_other: plural form is missing: message_one is given, so every form \(message_one, message_other\) is needed/,
  ],
  [
    'a plural form with a placeholder the site does not fill',
    (p) => editFile(p, 'tr', 'error', (j) => (j.redirect.message_one = '{count} saniye')),
    /tr\/error\.json → redirect\.message_one: "\{count\}" is not a placeholder the site fills here \(it accepts only \{seconds\}/,
  ],
  [
    'a plural form without the number in a translation',
    (p) => editFile(p, 'de', 'error', (j) => (j.redirect.message_other = 'Gleich geht es zurück')),
    /de\/error\.json → redirect\.message_other: placeholders differ from English: lacks \{seconds\}/,
  ],
  [
    'a zero-width space pasted into a German title',
    (p) => editFile(p, 'de', 'hero', (j) => (j.title.main = 'Spiele\u200bmit Haltung')),
    /de\/hero\.json → title\.main: contains invisible characters .*U\+200B zero-width space at character 7.*\[invisible\]/,
  ],
  [
    'a 5,000-character German FAQ question',
    (p) => editFile(p, 'de', 'faqPage', (j) => (j.faq.items[0].question = 'W'.repeat(5_000))),
    /de\/faqPage\.json → faq\.items\[0\]\.question: too long for where it is shown \(5000 characters; at most 180 for a heading\)/,
  ],
  [
    'a plural form the site languages do not have',
    (p) => editFile(p, 'en', 'error', (j) => (j.redirect.message_few = 'in {seconds} seconds')),
    /en\/error\.json → redirect\.message_few: unknown key/,
  ],
  [
    'a job opening whose English title is empty, shown in German and Turkish',
    (p) => editFile(p, 'en', 'contributions', (j) => (j.openings.positions[0].title = '')),
    /en\/contributions\.json → openings\.positions\[0\]: the item is shown in German and Turkish but dropped in English/,
  ],
  [
    'a plural text written as a single text',
    (p) => editFile(p, 'en', 'error', (j) => (j.redirect.message = 'in {seconds} seconds')),
    /en\/error\.json → redirect\.message: unknown key/,
  ],
];

describe(
  'import-locales refuses broken files: exit code 1, file and key path, store untouched',
  { timeout: 30_000 },
  () => {
    it.each(badFiles)('%s', async (_, breakIt, expected) => {
      const { dir, storeFile } = await freshCase();
      try {
        await breakIt(dir);
        const before = await readFile(storeFile);
        const result = await run('import-locales', ['--from', dir.locales], storeFile);
        expect(result.code, result.stdout + result.stderr).toBe(1);
        expect(result.stderr).toMatch(expected);
        expect(result.stderr).toMatch(/problem\(s\); nothing was written\./);
        expect(await readFile(storeFile)).toEqual(before);
      } finally {
        await dir.cleanup();
      }
    });
  },
);

describe('check-locales refuses what import refuses', { timeout: 30_000 }, () => {
  it.each([
    badFiles[0]!, // Latin-1
    badFiles.find(([what]) => what.startsWith('/\\evil'))!,
    badFiles.find(([what]) => what.startsWith('{ year }'))!,
    badFiles.find(([what]) => what.startsWith('a job opening'))!,
  ])('%s', async (_, breakIt, expected) => {
    const { dir, storeFile } = await freshCase();
    try {
      await breakIt(dir);
      const result = await run('check-locales', ['--from', dir.locales], storeFile);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(expected);
      expect(result.stderr).toMatch(/\d+ problem\(s\) found\./);
    } finally {
      await dir.cleanup();
    }
  });
});

describe('translation check warnings', { timeout: 30_000 }, () => {
  it('are printed by check-locales and import-locales, and refuse an import with --strict', async () => {
    const { dir, storeFile } = await freshCase();
    try {
      await editFile(dir, 'de', 'hero', (j) => (j.subtitle = `${j.subtitle}  `));
      const warning = /warning: .*de\/hero\.json → subtitle: has spaces at the end \[spaces\]/;
      const checked = await run('check-locales', ['--from', dir.locales], storeFile);
      expect(checked.code, checked.stderr).toBe(0);
      expect(checked.stderr).toMatch(warning);
      expect(checked.stdout).toMatch(/1 translation check warning\(s\)\./);
      expect(checked.stdout).toMatch(/eyebrow +52 +100 +51 +1 +\S*de\/hero\.json → eyebrow/);

      const before = await readFile(storeFile);
      const strict = await run('import-locales', ['--from', dir.locales, '--strict'], storeFile);
      expect(strict.code).toBe(1);
      expect(strict.stderr).toMatch(/de\/hero\.json → subtitle: has spaces at the end \[spaces\]/);
      expect(await readFile(storeFile)).toEqual(before);

      const imported = await run('import-locales', ['--from', dir.locales], storeFile);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stderr).toMatch(warning);
    } finally {
      await dir.cleanup();
    }
  });
});

/** [what, how the stored document is broken, what the message must say] — export-locales. */
const badDocuments: [string, (docs: Json[]) => void, RegExp][] = [
  [
    '/\\evil.example as the stored redirect target',
    (docs) => (byId(docs, 'error').redirect.target.de = '/\\evil.example'),
    /dictionary-error \(de\) → redirect\.target: "\/\\\\evil\.example" is not a site path .*backslash/,
  ],
  [
    'a zero-width space as a required English text',
    (docs) => (byId(docs, 'common').cookieBanner.accept.en = '\u200B'),
    /dictionary-common \(en\) → cookieBanner\.accept: required text is missing/,
  ],
  [
    '{ year } in the stored Turkish copyright line',
    (docs) => (byId(docs, 'footer').copyrightTemplate.tr = '© { year } {brand}'),
    /dictionary-footer \(tr\) → copyrightTemplate: "\{ year \}" is not a placeholder/,
  ],
  [
    'a NUL in a stored text',
    (docs) => (byId(docs, 'hero').eyebrow.tr = 'Stüdyo\u0000'),
    /dictionary-hero \(tr\) → eyebrow: contains a control character \(U\+0000/,
  ],
  [
    'a stored plural with one German form',
    (docs) => delete byId(docs, 'error').redirect.message.other.de,
    /dictionary-error \(de\) → redirect\.message_other: plural form is missing/,
  ],
  [
    'a stored text longer than the limit',
    (docs) => (byId(docs, 'hero').subtitle.en = 'x'.repeat(LIMITS.textLength + 1)),
    /dictionary-hero \(en\) → subtitle: text is too long/,
  ],
  [
    'a stored list longer than the limit',
    (docs) => {
      const keywords = byId(docs, 'home').meta.keywords as Json[];
      byId(docs, 'home').meta.keywords = Array.from({ length: LIMITS.listItems + 1 }, (_, i) => ({
        ...keywords[0],
        _key: `item${i}`,
      }));
    },
    /dictionary-home \(en\) → meta\.keywords: list is too long \(1001 items; at most 1000\)/,
  ],
];

function byId(docs: Json[], namespace: string): Json {
  return docs.find((doc) => doc._id === `dictionary-${namespace}`)!;
}

describe(
  'export-locales refuses bad stored copy: exit code 1, document and key path, published folder untouched',
  { timeout: 30_000 },
  () => {
    it.each(badDocuments)('%s', async (_, breakIt, expected) => {
      const { dir, storeFile } = await freshCase();
      try {
        const store = new LocalStore(storeFile);
        await exportLocales(store, { out: dir.out, strict: false });
        const docs = (await store.readAll()) as Json[];
        breakIt(docs);
        await writeFile(storeFile, `${docs.map((doc) => JSON.stringify(doc)).join('\n')}\n`);
        const published = await snapshotFolder(dir.out);
        const link = await readlink(dir.out);
        const result = await run('export-locales', ['--out', dir.out], storeFile);
        expect(result.code, result.stdout + result.stderr).toBe(1);
        expect(result.stderr).toMatch(expected);
        expect(await snapshotFolder(dir.out)).toEqual(published);
        expect(await readlink(dir.out)).toBe(link);
      } finally {
        await dir.cleanup();
      }
    });
  },
);

describe('the scripts as npm runs them (child processes)', { timeout: 60_000 }, () => {
  it('check-locales prints the first 50 of 100,000 unknown keys and how many more', async () => {
    const { dir, storeFile } = await freshCase();
    try {
      const keys = Array.from({ length: 100_000 }, (_, i) => `"k${i}":1`).join(',');
      await writeFile(file(dir, 'de', 'hero'), `{${keys}}`);
      const result = await runProcess('check-locales', ['--from', dir.locales], storeFile);
      expect(result.code).toBe(1);
      const problemLines = result.stderr.split('\n').filter((line) => line.includes(' → '));
      expect(problemLines).toHaveLength(LIMITS.problemsShown);
      expect(result.stderr).toContain('de/hero.json → k0: unknown key');
      expect(result.stderr).toMatch(/… and 99953 more problems\n\n100003 problem\(s\) found\./);
      expect(result.stderr.length).toBeLessThan(10_000);
    } finally {
      await dir.cleanup();
    }
  });

  it('import-locales exits with 1 on /\\evil.example and leaves the store byte-identical', async () => {
    const { dir, storeFile } = await freshCase();
    try {
      await editFile(dir, 'en', 'error', (j) => (j.redirect.target = '/\\evil.example'));
      const before = await readFile(storeFile);
      const result = await runProcess('import-locales', ['--from', dir.locales], storeFile);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/en\/error\.json → redirect\.target: .*backslash/);
      expect(result.stderr).toContain('problem(s); nothing was written.');
      expect(await readFile(storeFile)).toEqual(before);
    } finally {
      await dir.cleanup();
    }
  });

  it('export-locales exits with 1 on a stored bad text and leaves the published folder as it was', async () => {
    const { dir, storeFile } = await freshCase();
    try {
      const store = new LocalStore(storeFile);
      await exportLocales(store, { out: dir.out, strict: false });
      const docs = (await store.readAll()) as Json[];
      byId(docs, 'footer').copyrightTemplate.de = '© {jahr} {brand}';
      await writeFile(storeFile, `${docs.map((doc) => JSON.stringify(doc)).join('\n')}\n`);
      const published = await snapshotFolder(dir.out);
      const result = await runProcess('export-locales', ['--out', dir.out], storeFile);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/dictionary-footer \(de\) → copyrightTemplate: "\{jahr\}"/);
      expect(result.stderr).toContain('problem(s); the published files are as they were.');
      expect(await snapshotFolder(dir.out)).toEqual(published);
    } finally {
      await dir.cleanup();
    }
  });
});
