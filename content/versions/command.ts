/**
 * npm run versions -- list <namespace> | diff <namespace> <version> |
 * restore <namespace> <version> | restore-site --at <ISO time>
 *
 * The developers' way to what the Studio's Versions tool does. Against the local store it
 * rewrites the dataset file under the store lock (a running Studio picks it up) and sends
 * the site the publish webhook, as the local API does after a publish; against a
 * Sanity project it writes through the API and Sanity's own webhook takes it live. A
 * restore asks for confirmation on a terminal and proceeds when stdin is not one.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { documentId, documentType, getDictionary, isNamespace, NAMESPACES } from '@/schemas';
import type { Namespace } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { processIo, quoted, runScript, type ScriptIo } from '../cli';
import { localPublishNotifier } from '../notify-site';
import { formatTable } from '../report';
import { readContentSettings, type ContentSettings } from '../store-settings';
import { changedCount, compareWithLive, type Comparison } from './compare';
import { contentHash } from './content-hash';
import { openVersionsBackend } from './open';
import { contentOf, type VersionSummary } from './version-records';
import {
  applyRestore,
  findVersion,
  planRestore,
  planSiteRestore,
  RestoreRefused,
  type RestorePlan,
  type VersionsBackend,
} from './restore';

export interface VersionsIo extends ScriptIo {
  /** Asks a yes/no question on a terminal; true without one (stdin is not a TTY). */
  confirm(question: string): Promise<boolean>;
}

const USAGE = `Usage:
  npm run versions -- list <namespace>
  npm run versions -- diff <namespace> <version>
  npm run versions -- restore <namespace> <version> [--yes]
  npm run versions -- restore-site --at <ISO time> [--yes]
<version> is a number from the list (1 is the newest) or a revision.`;

/** A mistake in the arguments: the message says what to give instead. */
class UsageError extends Error {}

const title = (namespace: Namespace) => getDictionary(namespace).title ?? namespace;

function namespaceArgument(value: string | undefined): Namespace {
  if (!value) throw new UsageError(`Name a dictionary.\n${USAGE}`);
  if (!isNamespace(value))
    throw new UsageError(
      `"${value}" is not a dictionary. The dictionaries: ${NAMESPACES.join(', ')}.`,
    );
  return value;
}

/** The texts that differ, one line each: `de  title.main: "now" → "then"`. */
function changeLines(comparison: Comparison, indent = '  '): string[] {
  return LANGUAGES.flatMap((language) =>
    comparison[language]
      .filter((row) => row.changed)
      .map(
        (row) => `${indent}${language}  ${row.path}: ${quoted(row.live)} → ${quoted(row.version)}`,
      ),
  );
}

function describePlan(plan: RestorePlan, numbers: Map<string, number>): string[] {
  return plan.items.flatMap((item) => {
    const number = numbers.get(item.version._id);
    return [
      `${title(item.namespace)} (${item.namespace}) back to ${number ? `version #${number}` : 'the version'} that went live ${item.version.liveAt}: ${changedCount(item.comparison)} text(s) change`,
      ...changeLines(item.comparison),
    ];
  });
}

async function listCommand(io: VersionsIo, backend: VersionsBackend, namespace: Namespace) {
  const versions = await backend.list(namespace);
  if (versions.length === 0) {
    io.log(
      `${title(namespace)} (${namespace}): no version kept yet. Versions are kept by the site from the first publish that goes live.`,
    );
    return;
  }
  const state = (await backend.state([namespace])).get(namespace);
  const published = state?.document ? await contentHash(contentOf(state.document)) : undefined;
  // A restore repeats the texts of an older version: it names the oldest with those texts.
  const oldestWith = new Map<string, number>();
  versions.forEach((version, index) => oldestWith.set(version.contentHash, index + 1));
  const newestWith = new Map<string, number>();
  versions.forEach((version, index) => {
    if (!newestWith.has(version.contentHash)) newestWith.set(version.contentHash, index + 1);
  });
  io.log(`${title(namespace)} (${namespace}): ${versions.length} kept version(s), newest first`);
  io.log(
    formatTable(
      ['#', 'went live', 'revision', 'published by', ''],
      versions.map((version, index) => {
        const number = index + 1;
        const oldest = oldestWith.get(version.contentHash)!;
        const notes = [
          version.contentHash === published && newestWith.get(version.contentHash) === number
            ? 'published now'
            : '',
          oldest !== number ? `same texts as #${oldest}` : '',
        ].filter(Boolean);
        return [
          String(index + 1),
          version.liveAt,
          version.revision,
          version.publishedBy ?? '—',
          notes.join('; '),
        ];
      }),
    ),
  );
}

function versionNumbers(versions: readonly VersionSummary[]): Map<string, number> {
  return new Map(versions.map((version, index) => [version._id, index + 1]));
}

async function diffCommand(
  io: VersionsIo,
  backend: VersionsBackend,
  namespace: Namespace,
  reference: string,
) {
  const versions = await backend.list(namespace);
  const summary = findVersion(versions, reference);
  const [version] = summary ? await backend.get([summary._id]) : [];
  if (!version)
    throw new RestoreRefused(
      versions.length
        ? { reason: 'unknown-version', namespace, reference }
        : { reason: 'no-versions', namespace },
    );
  const state = (await backend.state([namespace])).get(namespace);
  const comparison = compareWithLive(
    namespace,
    version.content,
    state?.document ? contentOf(state.document) : undefined,
  );
  const number = versionNumbers(versions).get(version._id);
  const changed = changedCount(comparison);
  io.log(
    `${title(namespace)} (${namespace}), version #${number} (went live ${version.liveAt}, revision ${version.revision}) beside the published texts: ${changed} text(s) differ (published → version)`,
  );
  for (const line of changeLines(comparison)) io.log(line);
  if (changed) io.log(`Restore it with: npm run versions -- restore ${namespace} ${number}`);
}

async function restoreCommand(
  io: VersionsIo,
  backend: VersionsBackend,
  settings: ContentSettings,
  plan: RestorePlan,
  numbers: Map<string, number>,
  question: string,
) {
  for (const line of describePlan(plan, numbers)) io.log(line);
  if (!(await io.confirm(question))) {
    io.log('Nothing was changed.');
    return;
  }
  await applyRestore(backend, plan);
  io.log(
    `restored: ${plan.items.map((item) => `${item.namespace} (${changedCount(item.comparison)} text(s))`).join(', ')}; published as one transaction.`,
  );
  if (settings.kind === 'sanity') {
    io.log("Sanity's publish webhook takes it to the site; the site keeps it as a new version.");
    return;
  }
  // As the local API does after a publish: the site's webhook, one line per document.
  const notifier = localPublishNotifier(io.env, { storeFile: settings.file, log: io.log });
  const publishedBy = `npm run versions (${userInfo().username})`;
  await notifier.onPublished(
    plan.items.map((item) => ({
      _id: documentId(item.namespace),
      _type: documentType(item.namespace),
      publishedBy,
    })),
  );
}

const ACTIONS = ['list', 'diff', 'restore', 'restore-site'];

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: { at: { type: 'string' }, yes: { type: 'boolean', default: false } },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
}

async function run(args: string[], io: VersionsIo): Promise<void> {
  const { values, positionals } = parse(args);
  const [action, first, second] = positionals;
  if (!action || !ACTIONS.includes(action))
    throw new UsageError(
      action ? `Unknown action "${action}".\n${USAGE}` : `Name an action.\n${USAGE}`,
    );
  const confirmingIo: VersionsIo = values.yes ? { ...io, confirm: async () => true } : io;
  const settings = readContentSettings(io.env, 'read');
  const backend = openVersionsBackend(settings, 'npm run versions');
  io.log(`content store: ${backend.description}`);
  switch (action) {
    case 'list':
      return await listCommand(io, backend, namespaceArgument(first));
    case 'diff': {
      if (!second) throw new UsageError(`Name the version to compare.\n${USAGE}`);
      return await diffCommand(io, backend, namespaceArgument(first), second);
    }
    case 'restore': {
      const namespace = namespaceArgument(first);
      if (!second) throw new UsageError(`Name the version to restore.\n${USAGE}`);
      const plan = await planRestore(backend, namespace, second);
      const numbers = versionNumbers(await backend.list(namespace));
      const number = numbers.get(plan.items[0]!.version._id);
      return await restoreCommand(
        confirmingIo,
        backend,
        settings,
        plan,
        numbers,
        `Restore ${title(namespace)} to version #${number}? It is published at once and goes live within seconds. [y/N] `,
      );
    }
    case 'restore-site': {
      if (!values.at) throw new UsageError(`Give the time: --at <ISO time>.\n${USAGE}`);
      const at = new Date(values.at);
      if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(values.at))
        throw new UsageError(
          `--at "${values.at}" is not a time: give an ISO time such as 2026-11-25T10:00:00Z (npm run versions -- list <namespace> prints the times versions went live).`,
        );
      const plan = await planSiteRestore(backend, at);
      const numbers = new Map<string, number>();
      for (const item of plan.items)
        for (const [id, number] of versionNumbers(await backend.list(item.namespace)))
          numbers.set(id, number);
      io.log(`The site as it was at ${plan.at}: ${plan.items.length} dictionary(ies) change.`);
      return await restoreCommand(
        confirmingIo,
        backend,
        settings,
        plan,
        numbers,
        `Restore these ${plan.items.length} dictionaries as they were at ${plan.at}? They are published at once, together. [y/N] `,
      );
    }
  }
}

export async function versionsCommand(args: string[], io: VersionsIo): Promise<number> {
  let refused = false;
  const code = await runScript(async () => {
    try {
      await run(args, io);
    } catch (error) {
      // A refusal or a wrong argument: its message says what to do; no stack trace.
      if (!(error instanceof RestoreRefused || error instanceof UsageError)) throw error;
      io.error(error.message);
      refused = true;
    }
  }, io);
  return refused ? 1 : code;
}

/** The process's io: a question on a terminal, none otherwise. */
export const processVersionsIo: VersionsIo = {
  ...processIo,
  async confirm(question) {
    if (!process.stdin.isTTY) return true;
    const { createInterface } = await import('node:readline/promises');
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return /^y(es)?$/i.test((await prompt.question(question)).trim());
    } finally {
      prompt.close();
    }
  },
};
