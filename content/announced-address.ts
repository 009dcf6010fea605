/**
 * How a running server tells this checkout's other processes where it is: a small JSON file
 * beside the dataset file it serves, with its address and process. The server writes it when it
 * listens and removes it when it stops; one left by a killed process does not count, so a crash
 * never sends anyone to a dead address. The site (content/site-address.ts) and the local API
 * (content/local-api-address.ts) each announce themselves this way. Free of path aliases: the
 * production server (server.ts) loads it directly.
 */
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { readTextIfPresent } from './atomic-file.ts';
import { isProcessRunning } from './process-alive.ts';

export interface Announced {
  /** e.g. `http://localhost:3001`. */
  readonly url: string;
  /** The server's process, to tell a file left by a killed one from a live one. */
  readonly pid: number;
}

export interface AnnouncedKind<T extends Announced> {
  /** Beside the store file: `<store file><suffix>`. */
  readonly suffix: string;
  /** Text fields besides `url` that must be present. */
  readonly required: readonly Exclude<keyof T & string, 'url' | 'pid'>[];
  /** What to run again once the file is deleted, for the message. */
  readonly restart: string;
  /** Readable by this user only (the file holds a token). */
  readonly private?: boolean;
}

export function announcedAddress<T extends Announced>(kind: AnnouncedKind<T>) {
  const fileOf = (storeFile: string) => `${storeFile}${kind.suffix}`;

  function parse(file: string, text: string | undefined): T | undefined {
    if (text === undefined) return undefined;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Error(`${file}: not JSON; delete it and restart ${kind.restart}`);
    }
    const wrong: string[] = [...kind.required, 'url'].filter(
      (field) => typeof value[field] !== 'string' || !value[field],
    );
    if (!wrong.includes('url') && !URL.canParse(value.url as string)) wrong.push('url');
    if (typeof value.pid !== 'number') wrong.push('pid');
    if (wrong.length)
      throw new Error(
        `${file}: ${wrong.join(', ')} missing or malformed; delete it and restart ${kind.restart}`,
      );
    return isProcessRunning(value.pid as number) ? (value as unknown as T) : undefined;
  }

  /**
   * The server serving `storeFile`, or undefined when none runs (no file, or one a killed
   * server left). A file that is not what `write` writes is an error naming it.
   */
  async function read(storeFile: string): Promise<T | undefined> {
    const file = fileOf(storeFile);
    return parse(file, await readTextIfPresent(file));
  }

  return {
    file: fileOf,
    read,
    /** `read` for settings read where nothing may wait (each preview request). */
    readNow(storeFile: string): T | undefined {
      const file = fileOf(storeFile);
      let text: string | undefined;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      return parse(file, text);
    },
    async write(storeFile: string, address: T): Promise<void> {
      await writeFile(fileOf(storeFile), `${JSON.stringify(address, null, 2)}\n`, {
        ...(kind.private ? { mode: 0o600 } : {}),
      });
    },
    async remove(storeFile: string, pid: number): Promise<void> {
      // Only our own: another server may have started on the same file since.
      const current = await read(storeFile).catch(() => undefined);
      if (current?.pid === pid) await rm(fileOf(storeFile), { force: true });
    },
  };
}
