import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every file below `dir` with its text, keyed by its path from `dir` (with `/`). */
export async function snapshotFolder(
  dir: string,
  /** Files left out by name, e.g. a report written beside the files. */
  leaveOut: readonly string[] = [],
): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || leaveOut.includes(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file).split(path.sep).join('/')] = await readFile(file, 'utf8');
  }
  return files;
}
