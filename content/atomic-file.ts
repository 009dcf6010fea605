/**
 * Replaces a file so that a reader, or a crash at any moment, sees either the old or the
 * new content, never a mix: the text goes to a temporary file beside it, is flushed to
 * disk, and then renamed over the target (a rename within one folder is atomic).
 */
import { mkdir, open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

export async function writeFileAtomically(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  const handle = await open(temporary, 'w');
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

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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
    if (!name.startsWith(`${base}.`) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(base.length + 1).split('.')[0]);
    if (!Number.isInteger(pid) || isRunning(pid)) continue;
    await unlink(path.join(path.dirname(file), name)).catch(() => undefined);
    removed += 1;
  }
  return removed;
}
