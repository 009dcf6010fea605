/**
 * Replaces a file so that a reader, or a crash at any moment, sees either the old or the
 * new content, never a mix: the text goes to a temporary file beside it, is flushed to
 * disk, and then renamed over the target (a rename within one folder is atomic).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { isProcessRunning } from './process-alive.ts';

/**
 * The one name every temporary file of the project gets: `<file>.<pid>.<random>.tmp`, beside
 * the file it becomes (a rename or link must stay within one folder). The writer's process id
 * tells a later run whether it is a killed writer's leftover (that process no longer runs).
 */
export function temporaryPathFor(file: string): string {
  return `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

const TEMPORARY_NAME = /\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** Whether `name` is a temporary file (of `temporaryPathFor`) whose writer no longer runs. */
export function isStaleTemporary(name: string): boolean {
  const pid = Number(TEMPORARY_NAME.exec(name)?.[1]);
  return Number.isInteger(pid) && pid !== process.pid && !isProcessRunning(pid);
}

/** A file's text, or undefined when there is no such file (not yet written, or removed). */
export async function readTextIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function writeFileAtomically(
  file: string,
  text: string,
  /** Where the text goes first; it must be in the same folder as `file`. */
  temporary = temporaryPathFor(file),
): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // The file is chosen at run time (a dataset, a published folder): nothing for the build to trace.
  const handle = await open(/* turbopackIgnore: true */ temporary, 'w');
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** Removes temporary files a killed writer of `file` left behind; returns how many. */
export async function removeStaleTemporaries(file: string): Promise<number> {
  const base = path.basename(file);
  let names: string[];
  try {
    names = await readdir(path.dirname(file));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(`${base}.`) || !isStaleTemporary(name)) continue;
    await unlink(path.join(path.dirname(file), name)).catch(() => undefined);
    removed += 1;
  }
  return removed;
}
