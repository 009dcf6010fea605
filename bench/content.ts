/**
 * npm run bench:content — wall time of import and export (each a fresh process, so Node
 * start-up is included) for the bundled copy and for a generated copy with every list
 * repeated 100 times (about 76× the texts: texts outside lists stay single), texts per second, the ratio of the two export times, and the
 * strict dictionary reader's time against JSON.parse; then the translation checks
 * (schemas/checks.ts): the whole site's copy checked, and the seeded corpus caught.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readLocaleFolder } from '@/content/read-locales';
import { formatTable } from '@/content/report';
import { getDictionary, isNamespace } from '@/schemas';
import { parseDictionaryFile } from '@/schemas/json-file';
import type { Node } from '@/schemas/define';
import { checkLanguages, checkText } from '@/schemas/checks';
import { LANGUAGES, TRANSLATED_LANGUAGES } from '@/schemas/languages';
import { glossaryFrom } from '@/schemas/glossary';
import { SEEDED_DEFECTS, SEEDED_GLOSSARY } from '@/schemas/testing/check-corpus';
import { countTexts } from '@/schemas/walk';

const FACTOR = 100;

/** Repeats the outermost lists' items `factor` times (nested lists stay as they are). */
function scale(node: Node, value: unknown, factor: number): unknown {
  if (value === undefined) return value;
  if (node.kind === 'group') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      // A plural's forms (`message_one`) are keys of no field of their own: texts, kept as they are.
      Object.entries(record).map(([key, child]) => {
        const field = node.fields[key];
        return [key, field ? scale(field, child, factor) : child];
      }),
    );
  }
  if (node.kind === 'list') return Array.from({ length: factor }, () => value as unknown[]).flat();
  return value;
}

function makeCopy(factor: number): { dir: string; texts: number } {
  const dir = mkdtempSync(path.join(tmpdir(), `rg-bench-${factor}-`));
  let texts = 0;
  for (const language of LANGUAGES) {
    mkdirSync(path.join(dir, language));
    for (const file of readdirSync(path.join('locales', language))) {
      const namespace = file.replace(/\.json$/, '');
      if (!isNamespace(namespace)) continue;
      const dictionary = getDictionary(namespace);
      const bundled: unknown = JSON.parse(
        readFileSync(path.join('locales', language, file), 'utf8'),
      );
      // More copy, the same glossary: every text is checked against every term, so a glossary
      // repeated 100 times would measure 10,000 times the work of a larger site.
      const json = namespace === 'glossary' ? bundled : scale(dictionary.root, bundled, factor);
      texts += countTexts(dictionary, json);
      writeFileSync(path.join(dir, language, file), JSON.stringify(json));
    }
  }
  return { dir, texts };
}

function timed(script: string, args: string[], env: Record<string, string>): number {
  const start = process.hrtime.bigint();
  // The same command the npm scripts run (npm's own start-up is not counted).
  const result = spawnSync('node', ['--import', 'tsx', script, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) throw new Error(`${script} failed:\n${result.stdout}\n${result.stderr}`);
  return seconds;
}

/**
 * The strict reader (strict UTF-8, duplicate keys, limits) against `JSON.parse` with a
 * lossy decode, over every file of a copy: median of 5 passes each, interleaved.
 */
function readerTimes(dir: string): { strict: number; plain: number } {
  const files = LANGUAGES.flatMap((language) =>
    readdirSync(path.join(dir, language)).map((file) =>
      readFileSync(path.join(dir, language, file)),
    ),
  );
  const time = (read: (bytes: Buffer) => unknown) => {
    const start = process.hrtime.bigint();
    for (const bytes of files) read(bytes);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const strict: number[] = [];
  const plain: number[] = [];
  for (let pass = 0; pass < 5; pass += 1) {
    strict.push(time((bytes) => parseDictionaryFile(bytes, 'bench')));
    plain.push(time((bytes) => JSON.parse(bytes.toString('utf8'))));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
  return { strict: median(strict), plain: median(plain) };
}

function run(factor: number) {
  const { dir, texts } = makeCopy(factor);
  const reader = readerTimes(dir);
  const env = {
    CONTENT_STORE_FILE: path.join(dir, 'store.ndjson'),
    SANITY_PROJECT_ID: '',
    SANITY_DATASET: '',
    SANITY_API_TOKEN: '',
  };
  const importSeconds = timed('scripts/import-locales.ts', ['--from', dir], env);
  const exportSeconds = timed('scripts/export-locales.ts', ['--out', path.join(dir, 'out')], env);
  return { factor, texts, importSeconds, exportSeconds, reader };
}

const small = run(1);
const large = run(FACTOR);
const rows = [small, large].map((r) => [
  r.factor === 1 ? 'bundled' : `${r.factor}× generated`,
  r.texts,
  r.importSeconds.toFixed(2),
  Math.round(r.texts / r.importSeconds),
  r.exportSeconds.toFixed(2),
  Math.round(r.texts / r.exportSeconds),
]);
console.log(
  formatTable(
    ['copy', 'texts (3 langs)', 'import s', 'import texts/s', 'export s', 'export texts/s'],
    rows,
  ),
);
const ratio = large.exportSeconds / small.exportSeconds;
console.log(
  `\nexport time ratio (${FACTOR}× / bundled): ${ratio.toFixed(2)} for ${(large.texts / small.texts).toFixed(1)}× the texts`,
);
console.log(
  `bundled export under 1 s including Node start-up: ${small.exportSeconds < 1 ? 'yes' : 'NO'} (${small.exportSeconds.toFixed(2)} s)`,
);
console.log(`linear growth (ratio ≤ ${FACTOR}): ${ratio <= FACTOR ? 'yes' : 'NO'}`);
for (const r of [small, large]) {
  console.log(
    `reading ${r.factor === 1 ? 'the bundled' : `the ${r.factor}× generated`} files: strict reader ${r.reader.strict.toFixed(1)} ms, JSON.parse ${r.reader.plain.toFixed(1)} ms (${(r.reader.strict / r.reader.plain).toFixed(1)}×)`,
  );
}

/** The translation checks of every namespace in all languages: median of 5 runs. */
async function checkTimes(): Promise<{ ms: number; texts: number; problems: number }> {
  const dictionaries = await readLocaleFolder('locales');
  const texts = dictionaries.reduce(
    (sum, { namespace, files }) =>
      sum + LANGUAGES.reduce((s, l) => s + countTexts(getDictionary(namespace), files[l]), 0),
    0,
  );
  const glossary = glossaryFrom(dictionaries.find((d) => d.namespace === 'glossary')?.files ?? {});
  const runs: number[] = [];
  let problems = 0;
  for (let pass = 0; pass < 5; pass += 1) {
    const start = process.hrtime.bigint();
    problems = dictionaries.reduce(
      (sum, { namespace, files }) =>
        sum + checkLanguages(getDictionary(namespace), files, glossary).length,
      0,
    );
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ms: runs.sort((a, b) => a - b)[2]!, texts, problems };
}

const checks = await checkTimes();
console.log(
  `\ntranslation checks of the whole site (${checks.texts} texts, 3 languages): ${checks.ms.toFixed(1)} ms; under one second: ${checks.ms < 1000 ? 'yes' : 'NO'} (${(1000 / checks.ms).toFixed(0)}× headroom); ${checks.problems} raised before acceptances`,
);
const corpus = SEEDED_DEFECTS.flatMap((defect) =>
  TRANSLATED_LANGUAGES.flatMap((language) =>
    defect[language].map((text) =>
      checkText(defect, defect.path, { en: defect.en, [language]: text }, SEEDED_GLOSSARY).some(
        (problem) => problem.kind === defect.kind && problem.language === language,
      ),
    ),
  ),
);
const caught = corpus.filter(Boolean).length;
console.log(
  `seeded defects caught: ${caught} of ${corpus.length} (${((100 * caught) / corpus.length).toFixed(0)} %)`,
);
