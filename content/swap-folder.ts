/**
 * Publishes a folder of files so that a reader always finds a complete copy, old or new,
 * even if the process is killed at any instant.
 *
 * The published folder is a symbolic link to a version folder beside it
 * (`public/locales` → `.locales.versions/<id>`). A new version is written completely,
 * then a new link is renamed over the old one: rename replaces a link atomically, so
 * at no instant is there no folder. The version it replaced stays until the next export,
 * for readers that resolved the link just before the swap; older versions are removed
 * then, and since the new copy is already live, a failure to remove one is a warning.
 *
 * A published folder that is a real directory (a mount point, or a folder from before
 * the link) cannot be replaced atomically: its files are replaced one by one (each by a
 * rename, so no file is ever half-written), then files the new copy lacks are removed.
 *
 * Leftovers of a killed run (an unlinked version, a temporary link or file) are removed
 * by the next run, once the process that made them is gone; every error path removes
 * its own.
 *
 * Only Node's own modules: the crash tests run this file directly in a child process.
 */
import { randomBytes } from 'node:crypto';
import {
  lstat,
  mkdir,
  readdir,
  readlink,
  rename,
  rm,
  rmdir,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
// Written with their extension: the crash tests run this module in plain Node (type stripping).
import { isStaleTemporary, temporaryPathFor, writeFileAtomically } from './atomic-file.ts';
import { isProcessRunning } from './process-alive.ts';

export interface PublishedFile {
  /** Path inside the published folder, with `/` separators: `de/hero.json`. */
  readonly file: string;
  readonly content: string;
}

export interface SwapResult {
  /** `link`: swapped atomically; `in-place`: files replaced one by one in a real folder. */
  readonly mode: 'link' | 'in-place';
  /** Things that went wrong after the new copy was live, or that the user should know. */
  readonly warnings: string[];
}

/** The folder holding the versions a published folder links to: `public/.locales.versions`. */
export function versionsFolder(out: string): string {
  return path.join(path.dirname(out), `.${path.basename(out)}.versions`);
}

/** Names made by this module carry the pid, so a later run knows whether they are stale. */
function uniqueId(): string {
  return `${Date.now().toString(36)}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

const PID_IN_NAME = /-(\d+)-[0-9a-f]{6}(?:\.tmp)?$/;

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

async function lstatOrUndefined(file: string) {
  try {
    return await lstat(file);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
}

async function listNames(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return [];
    throw error;
  }
}

async function writeAll(root: string, files: readonly PublishedFile[]): Promise<void> {
  for (const { file, content } of files) {
    const target = path.join(root, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content, 'utf8');
  }
}

/** Versions this process is writing right now: never anyone's to remove. */
const writing = new Set<string>();

/** Whether a name made by this module may go: its process has ended, or it is ours and done. */
function isRemovable(name: string): boolean {
  const pid = Number(PID_IN_NAME.exec(name)?.[1]);
  if (!Number.isInteger(pid)) return false;
  return pid === process.pid ? !writing.has(name) : !isProcessRunning(pid);
}

/**
 * Removes old versions and temporary links, keeping the live version and the one it
 * replaced: a reader that resolved the link just before the swap is still walking into
 * that one. Versions of a running export are left alone. Returns what could not go.
 */
async function removeOld(out: string, keep: readonly (string | undefined)[]): Promise<string[]> {
  const failures: string[] = [];
  const remove = async (file: string) => {
    try {
      await rm(file, { recursive: true, force: true });
    } catch (error) {
      failures.push(`${file} (${errorCode(error) ?? String(error)})`);
    }
  };
  const versions = versionsFolder(out);
  for (const name of await listNames(versions)) {
    if (!keep.includes(name) && isRemovable(name)) await remove(path.join(versions, name));
  }
  const linkPrefix = `.${path.basename(out)}.link-`;
  for (const name of await listNames(path.dirname(out))) {
    if (name.startsWith(linkPrefix) && isRemovable(name)) {
      await remove(path.join(path.dirname(out), name));
    }
  }
  return failures;
}

export async function swapFolder(
  out: string,
  files: readonly PublishedFile[],
): Promise<SwapResult> {
  const current = await lstatOrUndefined(out);
  if (current?.isDirectory()) return replaceInPlace(out, files);
  if (current && !current.isSymbolicLink()) {
    throw new Error(
      `${out} exists and is neither a folder nor a link; move it away and export again`,
    );
  }
  return swapLink(out, files, current ? await readlink(out) : undefined);
}

async function swapLink(
  out: string,
  files: readonly PublishedFile[],
  previousTarget: string | undefined,
): Promise<SwapResult> {
  const versions = versionsFolder(out);
  const previous = previousTarget ? path.resolve(path.dirname(out), previousTarget) : undefined;
  const previousName =
    previous !== undefined && path.dirname(previous) === versions
      ? path.basename(previous)
      : undefined;

  const id = uniqueId();
  const version = path.join(versions, id);
  const link = path.join(path.dirname(out), `.${path.basename(out)}.link-${id}`);
  writing.add(id);
  writing.add(path.basename(link));
  try {
    await mkdir(versions, { recursive: true });
    await writeAll(version, files);
    await symlink(path.relative(path.dirname(out), version), link, 'dir');
    await rename(link, out);
  } catch (error) {
    await rm(link, { force: true });
    await rm(version, { recursive: true, force: true });
    // The folder turned into a real directory since we looked (someone mounted it).
    if ((await lstatOrUndefined(out))?.isDirectory()) return replaceInPlace(out, files);
    throw error;
  } finally {
    writing.delete(id);
    writing.delete(path.basename(link));
  }

  // The new copy is live: what cannot be removed now is only a warning.
  const failures = await removeOld(out, [id, previousName]);
  const warnings = failures.length
    ? [
        `the new copy is live, but older copies could not be removed: ${failures.join(', ')}; delete them by hand`,
      ]
    : [];
  return { mode: 'link', warnings };
}

/** Every file below `dir`, as paths relative to it with `/` separators. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listFiles(dir, relative)));
    else found.push(relative);
  }
  return found;
}

async function replaceInPlace(out: string, files: readonly PublishedFile[]): Promise<SwapResult> {
  // Hidden (a leading dot), so a reader listing the folder never takes one for a dictionary.
  const temporaryOf = (target: string) =>
    temporaryPathFor(path.join(path.dirname(target), `.${path.basename(target)}`));
  const warnings = [
    `${out} is a folder, not the link export-locales makes (a mount point?): its files were ` +
      'replaced one by one, so a reader could see old and new files together for a moment. ' +
      'Unless it is a mount point, delete it once and later exports switch atomically.',
  ];

  // Temporary files of killed runs, first, so they are not mistaken for published files.
  for (const file of await listFiles(out)) {
    const name = path.posix.basename(file);
    if (name.startsWith('.') && isStaleTemporary(name)) {
      await rm(path.join(out, file), { force: true });
    }
  }

  let written = 0;
  let temporary: string | undefined;
  try {
    for (const { file, content } of files) {
      const target = path.join(out, file);
      temporary = temporaryOf(target);
      await writeFileAtomically(target, content, temporary);
      temporary = undefined;
      written += 1;
    }
  } catch (error) {
    if (temporary) await rm(temporary, { force: true });
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `publishing into ${out} failed after ${written} of ${files.length} files were replaced (${detail}); fix the cause and export again`,
      { cause: error },
    );
  }

  // The new copy is complete; what it lacks goes, and failing that is only a warning.
  const keep = new Set(files.map(({ file }) => file));
  try {
    for (const file of await listFiles(out)) {
      if (!keep.has(file)) await unlink(path.join(out, file));
    }
    await removeEmptyFolders(out, out);
  } catch (error) {
    warnings.push(
      `the new copy is live, but files of the previous one could not be removed from ${out} (${errorCode(error) ?? String(error)})`,
    );
  }
  return { mode: 'in-place', warnings };
}

async function removeEmptyFolders(dir: string, root: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await removeEmptyFolders(path.join(dir, entry.name), root);
  }
  if (dir !== root && (await readdir(dir)).length === 0) await rmdir(dir);
}
