/**
 * The bodies of the content scripts (check-locales, import-locales, export-locales):
 * arguments in, exit code out. The files in scripts/ only hand them the process; tests
 * run them in-process with their own settings and output.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getDictionary } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { countTexts } from '@/schemas/walk';
import { ContentError, describeProblem } from '@/schemas/problems';
import { measureRoles, TEXT_ROLES, type LongestByRole, type TextRole } from '@/schemas/text-roles';
import { copyStyleWarnings } from './copy-style';
import { coverageTable, processIo, runScript, type ScriptIo } from './cli';
import { COVERAGE_FILE, DEFAULT_EXPORT_FOLDER, exportLocales } from './export-locales';
import { importLocales } from './import-locales';
import { checkLocaleFiles } from './locale-checks';
import { createPublishWebhookSender, describeDelivery } from './notify-site';
import { readLocaleFolder, type ImportedDictionary } from './read-locales';
import { formatTable } from './report';
import { documentId, documentType } from '@/schemas';
import { readContentSettings } from './store-settings';
import { openContentStore } from './store';

/** npm run check-locales -- [--from locales]: validates without touching any store. */
export function checkLocalesCommand(args: string[], io: ScriptIo = processIo): Promise<number> {
  const { values } = parseArgs({ args, options: { from: { type: 'string', default: 'locales' } } });
  return runScript(
    async () => {
      const dictionaries = await readLocaleFolder(values.from);
      const totals = Object.fromEntries(LANGUAGES.map((lang) => [lang, 0]));
      for (const { namespace, files: perLanguage } of dictionaries) {
        for (const lang of LANGUAGES)
          totals[lang]! += countTexts(getDictionary(namespace), perLanguage[lang]);
      }
      io.log(
        `${values.from}: ${dictionaries.length} namespaces valid; texts per language: ${LANGUAGES.map((l) => `${l} ${totals[l]}`).join(', ')}`,
      );
      const warnings = dictionaries.flatMap(({ namespace, files }) =>
        LANGUAGES.flatMap((lang) =>
          copyStyleWarnings(
            lang,
            namespace,
            files[lang],
            path.relative(process.cwd(), path.join(values.from, lang, `${namespace}.json`)),
          ),
        ),
      );
      for (const warning of warnings) io.error(`warning: ${describeProblem(warning)}`);
      io.log(`${warnings.length} copy style warning(s) (form of address, long words).`);
      reportChecks(dictionaries, values.from, io);
    },
    io,
    ' found',
  );
}

/**
 * The translation checks of the bundled copy (schemas/checks.ts): blocking ones are errors
 * (the gate would hold the copy back), warnings are printed; then each length role's
 * margin, from the longest text of the role to its soft length.
 */
function reportChecks(dictionaries: ImportedDictionary[], from: string, io: ScriptIo): void {
  const longest: LongestByRole = {};
  for (const { namespace, files } of dictionaries) {
    for (const language of LANGUAGES) {
      const file = path.relative(process.cwd(), path.join(from, language, `${namespace}.json`));
      measureRoles(getDictionary(namespace), files[language], file, longest);
    }
  }
  const { blocking, warnings } = checkLocaleFiles(dictionaries, from);
  for (const warning of warnings) io.error(`warning: ${describeProblem(warning)}`);
  io.log(`${warnings.length} translation check warning(s).`);
  io.log(
    formatTable(
      ['role', 'soft', 'hard', 'longest', 'margin to soft', 'longest text'],
      (Object.keys(TEXT_ROLES) as TextRole[]).map((role) => {
        const { soft, hard } = TEXT_ROLES[role];
        const found = longest[role];
        return [
          role,
          soft,
          hard,
          found?.length ?? 0,
          soft - (found?.length ?? 0),
          found?.where ?? '',
        ];
      }),
    ),
  );
  if (blocking.length) throw new ContentError(blocking);
}

/** npm run import-locales -- [--from <dir>] [--dry-run] [--strict] */
export function importLocalesCommand(args: string[], io: ScriptIo = processIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      from: { type: 'string', default: 'locales' },
      'dry-run': { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
    },
  });
  return runScript(async () => {
    const purpose = values['dry-run'] ? 'read' : 'write';
    const store = openContentStore(purpose, readContentSettings(io.env, purpose));
    // Read before writing, so a malformed setting stops the script before the store changes.
    const notifySite = createPublishWebhookSender(io.env);
    io.log(`content store: ${store.description}`);
    const result = await importLocales(store, {
      from: values.from,
      dryRun: values['dry-run'],
      strict: values.strict,
    });
    for (const warning of result.warnings) io.error(`warning: ${describeProblem(warning)}`);
    const header = [
      'namespace',
      ...LANGUAGES.flatMap((l) => [`${l} texts`, `${l} missing`, `${l} +/~/-`]),
    ];
    const rows = result.namespaces.map(({ namespace, languages }) => [
      namespace,
      ...LANGUAGES.flatMap((l) => {
        const { texts, missing, changes } = languages[l];
        return [texts, missing, `${changes.added}/${changes.changed}/${changes.removed}`];
      }),
    ]);
    io.log(formatTable(header, rows));
    const changed = result.namespaces.filter((n) => n.changed).map((n) => n.namespace);
    const texts = result.namespaces.reduce(
      (sum, n) =>
        sum +
        LANGUAGES.reduce(
          (s, l) =>
            s +
            n.languages[l].changes.added +
            n.languages[l].changes.changed +
            n.languages[l].changes.removed,
          0,
        ),
      0,
    );
    if (values['dry-run']) {
      io.log(
        `dry run: ${changed.length} document(s) would change (${texts} text changes); nothing written.`,
      );
    } else {
      io.log(
        `${result.written} document(s) written, ${texts} text changes${changed.length ? `: ${changed.join(', ')}` : ''}.`,
      );
      if (!changed.length) return;
      if (!notifySite) {
        io.log(
          'no SITE_REVALIDATE_URL: a running site shows the change within CONTENT_RECONCILE_SECONDS (30 s).',
        );
        return;
      }
      const deliveries = await notifySite(
        changed.map((namespace) => ({
          _id: documentId(namespace),
          _type: documentType(namespace),
        })),
      );
      io.log(`publish webhook to ${io.env.SITE_REVALIDATE_URL}:`);
      for (const delivery of deliveries) io.log(`  ${describeDelivery(delivery)}`);
      if (deliveries.some((delivery) => delivery.status !== 200))
        io.error(
          'the store is updated, but the site did not take every change (see above); a running site picks them up within CONTENT_RECONCILE_SECONDS (30 s).',
        );
    }
  }, io);
}

/** npm run export-locales -- [--out published/locales] [--strict] */
export function exportLocalesCommand(args: string[], io: ScriptIo = processIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      out: { type: 'string', default: DEFAULT_EXPORT_FOLDER },
      strict: { type: 'boolean', default: false },
    },
  });
  return runScript(
    async () => {
      const store = openContentStore('read', readContentSettings(io.env, 'read'));
      io.log(`content store: ${store.description}`);
      const coverage = await exportLocales(store, {
        out: values.out,
        strict: values.strict,
        onWarning: (message) => io.error(`warning: ${message}`),
      });
      io.log(coverageTable(coverage));
      io.log(
        `published to ${values.out}/<lang>/<namespace>.json; coverage report: ${path.join(values.out, COVERAGE_FILE)}`,
      );
    },
    io,
    '; the published files are as they were',
  );
}
