/**
 * Replaces a file so that a reader, or a crash at any moment, sees either the old or the
 * new content, never a mix: the text goes to a temporary file beside it, is flushed to
 * disk, and then renamed over the target (a rename within one folder is atomic).
 */
import { mkdir, open, rename, unlink } from 'node:fs/promises';
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
