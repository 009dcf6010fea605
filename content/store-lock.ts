/**
 * One lock for every writer of the local content store: import-locales, export-locales and
 * the local API. A lock file beside the dataset names its holder and process id;
 * a second writer waits for it up to a bound, then fails naming the holder. A lock left by
 * a process that no longer runs (killed, crashed) is stale and is taken over.
 *
 * The lock file is created with `link()`, which is atomic and fails when the file exists,
 * so a reader never sees a half-written lock.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { temporaryPathFor } from './atomic-file';
import { isProcessRunning } from './process-alive';

export interface LockHolder {
  /** Who holds it, e.g. `import-locales`. */
  readonly holder: string;
  readonly pid: number;
  /** ISO time the lock was taken. */
  readonly since: string;
  /** Tells two holders with the same pid (a reused pid) apart. */
  readonly token: string;
}

export interface StoreLockOptions {
  /** Name shown to a writer that has to wait, e.g. `import-locales`. */
  readonly holder: string;
  /** How long to wait for another writer before failing (default 30 s). */
  readonly waitMs?: number | undefined;
  /** How often to look again while waiting. */
  readonly pollMs?: number | undefined;
}

export class StoreLockError extends Error {
  constructor(
    message: string,
    readonly current: LockHolder | undefined,
  ) {
    super(message);
    this.name = 'StoreLockError';
  }
}

export interface StoreLock {
  readonly file: string;
  readonly holder: LockHolder;
  release(): Promise<void>;
}

const DEFAULT_LOCK_WAIT_MS = 30_000;

export function lockFileOf(storeFile: string): string {
  return `${storeFile}.lock`;
}

async function readHolder(file: string): Promise<LockHolder | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.holder !== 'string') return undefined;
    return parsed as LockHolder;
  } catch {
    return undefined;
  }
}

/** Creates `file` holding `holder`, atomically; false when it already exists. */
async function createExclusive(file: string, holder: LockHolder): Promise<boolean> {
  const temporary = temporaryPathFor(file);
  await writeFile(temporary, `${JSON.stringify(holder)}\n`, 'utf8');
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

function describe(holder: LockHolder): string {
  return `${holder.holder} (pid ${holder.pid}, since ${holder.since})`;
}

/**
 * Removes a stale lock. A second file guards the take-over, so two writers that both saw
 * the same stale lock cannot remove each other's fresh one.
 */
async function takeOver(file: string, stale: LockHolder, me: LockHolder): Promise<void> {
  const guard = `${file}.takeover`;
  if (!(await createExclusive(guard, me))) {
    const guardHolder = await readHolder(guard);
    if (guardHolder && !isProcessRunning(guardHolder.pid))
      await unlink(guard).catch(() => undefined);
    return;
  }
  try {
    const current = await readHolder(file);
    if (current && current.token === stale.token) await unlink(file).catch(() => undefined);
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

export async function acquireStoreLock(
  storeFile: string,
  options: StoreLockOptions,
): Promise<StoreLock> {
  const file = lockFileOf(storeFile);
  const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const pollMs = options.pollMs ?? 50;
  const me: LockHolder = {
    holder: options.holder,
    pid: process.pid,
    since: new Date().toISOString(),
    token: randomUUID(),
  };
  await mkdir(path.dirname(file), { recursive: true });
  const deadline = Date.now() + waitMs;
  let seen: LockHolder | undefined;
  for (;;) {
    const attempt = { ...me, since: new Date().toISOString() };
    if (await createExclusive(file, attempt)) {
      return {
        file,
        holder: attempt,
        async release() {
          const current = await readHolder(file);
          if (current?.token === me.token) await unlink(file).catch(() => undefined);
        },
      };
    }
    seen = await readHolder(file);
    if (seen && !isProcessRunning(seen.pid)) {
      await takeOver(file, seen, me);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = seen ? describe(seen) : 'another writer';
      throw new StoreLockError(
        `The content store ${storeFile} is being written by ${who}; waited ${Math.round(waitMs / 1000)} s. ` +
          `Try again when it has finished. If no such process runs, delete ${file}.`,
        seen,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Runs `body` while holding the store lock, and releases it however `body` ends. */
export async function withStoreLock<T>(
  storeFile: string,
  options: StoreLockOptions,
  body: () => Promise<T>,
): Promise<T> {
  const lock = await acquireStoreLock(storeFile, options);
  try {
    return await body();
  } finally {
    await lock.release();
  }
}
