/**
 * Writers of the local store take turns: two imports at once end in one of the two
 * inputs (never a merge of both), a writer that finds the lock taken waits or fails
 * naming the holder, and the lock of a killed process is taken over.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importLocales } from './import-locales';
import { exportLocales } from './export-locales';
import { LocalStore } from './local-store';
import { runScript } from './cli';
import { acquireStoreLock, lockFileOf, StoreLockError } from './store-lock';
import { makeTempProject, type TempProject } from './testing/temp-project';

// Servers and child processes on a machine shared with other builds: generous bounds.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

let project: TempProject;
beforeEach(async () => {
  project = await makeTempProject();
});
afterEach(() => project.cleanup());

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('node', ['--import', 'tsx', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

function holdLock(storeFile: string): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'content/testing/hold-lock.ts', storeFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`hold-lock exited (${code})`)));
  });
}

async function exported(storeFile: string, out: string): Promise<string> {
  await exportLocales(new LocalStore(storeFile), { out, strict: false });
  const read = (lang: string, ns: string) => readFile(path.join(out, lang, `${ns}.json`), 'utf8');
  return JSON.stringify([await read('de', 'hero'), await read('de', 'footer')]);
}

describe('the store lock', () => {
  it(
    'two imports at once: the result is one of the two inputs, never a merge',
    { timeout: 60_000 },
    async () => {
      // Input A changes the hero, input B the footer; a merge would hold both changes.
      const a = path.join(project.dir, 'a');
      const b = path.join(project.dir, 'b');
      await importLocales(new LocalStore(project.storeFile), {
        from: project.locales,
        dryRun: false,
      });
      const { cp } = await import('node:fs/promises');
      await cp(project.locales, a, { recursive: true });
      await cp(project.locales, b, { recursive: true });
      const edit = async (root: string, ns: string, key: string, value: string) => {
        const file = path.join(root, 'de', `${ns}.json`);
        const json = JSON.parse(await readFile(file, 'utf8'));
        json[key] = value;
        const { writeFile } = await import('node:fs/promises');
        await writeFile(file, JSON.stringify(json));
      };
      await edit(a, 'hero', 'eyebrow', 'Von A');
      await edit(b, 'footer', 'copyrightTemplate', 'Von B {year} {brand}');

      const env = { CONTENT_STORE_FILE: project.storeFile };
      const results = await Promise.all([
        run(['scripts/import-locales.ts', '--from', a], env),
        run(['scripts/import-locales.ts', '--from', b], env),
      ]);
      for (const result of results) expect(result.code, result.output).toBe(0);

      const onlyA = await exported(await storeOf(a), path.join(project.dir, 'out-a'));
      const onlyB = await exported(await storeOf(b), path.join(project.dir, 'out-b'));
      const actual = await exported(project.storeFile, path.join(project.dir, 'out'));
      expect([onlyA, onlyB]).toContain(actual);
      expect(existsSync(lockFileOf(project.storeFile))).toBe(false);
    },
  );

  it('a second writer waits up to a bound, then fails naming the holder', async () => {
    const holder = await holdLock(project.storeFile);
    try {
      const error = await acquireStoreLock(project.storeFile, {
        holder: 'second',
        waitMs: 300,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreLockError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `is being written by hold-lock test fixture \\(pid ${holder.pid}, since .+\\); waited 0 s`,
        ),
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('a script that finds the store taken prints who holds it, without a stack trace', async () => {
    const holder = await holdLock(project.storeFile);
    const printed: string[] = [];
    try {
      const code = await runScript(
        async () => {
          await acquireStoreLock(project.storeFile, { holder: 'second', waitMs: 300 });
        },
        { env: {}, log: () => undefined, error: (text) => printed.push(text) },
      );
      expect(code).toBe(1);
      expect(printed).toHaveLength(1);
      expect(printed[0]).toMatch(/is being written by hold-lock test fixture/);
      expect(printed[0]).not.toMatch(/\n\s+at /);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it(
    'takes over the lock of a writer that was killed (SIGKILL) while holding it',
    { timeout: 30_000 },
    async () => {
      const holder = await holdLock(project.storeFile);
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
      expect(existsSync(lockFileOf(project.storeFile))).toBe(true);
      const result = await importLocales(new LocalStore(project.storeFile), {
        from: project.locales,
        dryRun: false,
      });
      expect(result.written).toBeGreaterThan(0);
      expect(existsSync(lockFileOf(project.storeFile))).toBe(false);
    },
  );
});

/** A store holding exactly one input, to compare against. */
async function storeOf(locales: string): Promise<string> {
  const file = path.join(path.dirname(locales), `${path.basename(locales)}.ndjson`);
  await importLocales(new LocalStore(file), { from: locales, dryRun: false });
  return file;
}
