/**
 * Publishing the locales folder: a reader always finds a complete copy (old or new),
 * whatever instant the export is killed at; a real folder or mount point is replaced in
 * place; every error path leaves no staging behind.
 */
import { spawn } from 'node:child_process';
import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  readlink,
  rm,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { swapFolder, versionsFolder, type PublishedFile } from './swap-folder';
import { snapshotFolder } from '@/testing/folder-snapshot';

const MODULE = path.resolve('content/swap-folder.ts');
const CHILD = path.resolve('content/testing/swap-child.mjs');

/** Two copies that differ in every file, in one added and one removed file. */
function fileSet(tag: 'A' | 'B'): PublishedFile[] {
  const files: PublishedFile[] = [];
  for (const language of ['en', 'de', 'tr']) {
    for (let i = 0; i < 23; i += 1) {
      if (tag === 'B' && language === 'de' && i === 0) continue;
      const content = JSON.stringify({ tag, language, i, text: `${tag}`.repeat(500) });
      files.push({ file: `${language}/namespace${i}.json`, content });
    }
  }
  if (tag === 'B') files.push({ file: 'tr/extra/added.json', content: '{"tag":"B"}' });
  files.push({ file: 'coverage.json', content: JSON.stringify({ tag }) });
  return files;
}

const A = fileSet('A');
const B = fileSet('B');
const asSnapshot = (files: PublishedFile[]) =>
  Object.fromEntries(files.map(({ file, content }) => [file, content]));

let dir: string;
let out: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-publish-'));
  out = path.join(dir, 'public', 'locales');
  await mkdir(path.dirname(out));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** What lies beside the published folder: the link, the versions, nothing else. */
async function leftovers() {
  return {
    beside: (await readdir(path.dirname(out))).sort(),
    versions: await readdir(versionsFolder(out)).catch(() => []),
  };
}

describe('swapFolder', () => {
  it('publishes a link to a complete version, swaps it for the next and keeps one previous version', async () => {
    const first = await swapFolder(out, A);
    expect(first).toEqual({ mode: 'link', warnings: [] });
    expect((await lstat(out)).isSymbolicLink()).toBe(true);
    expect(await snapshotFolder(out)).toEqual(asSnapshot(A));
    const firstTarget = await readlink(out);
    expect(path.isAbsolute(firstTarget)).toBe(false);

    await swapFolder(out, B);
    expect(await snapshotFolder(out)).toEqual(asSnapshot(B));
    const secondTarget = await readlink(out);
    expect(secondTarget).not.toBe(firstTarget);
    // The replaced version stays for readers that resolved the link just before the swap.
    expect((await leftovers()).versions.sort()).toEqual(
      [path.basename(firstTarget), path.basename(secondTarget)].sort(),
    );

    await swapFolder(out, A);
    expect(await snapshotFolder(out)).toEqual(asSnapshot(A));
    expect(await leftovers()).toEqual({
      beside: ['.locales.versions', 'locales'],
      versions: [path.basename(secondTarget), path.basename(await readlink(out))].sort(),
    });
  });

  it('replaces a real folder in place, removing what the new copy lacks, with a warning', async () => {
    for (const { file, content } of [...A, { file: 'old/stale.json', content: '{}' }]) {
      await mkdir(path.dirname(path.join(out, file)), { recursive: true });
      await writeFile(path.join(out, file), content);
    }
    const result = await swapFolder(out, B);
    expect(result.mode).toBe('in-place');
    expect(result.warnings).toEqual([expect.stringContaining('is a folder, not the link')]);
    expect((await lstat(out)).isDirectory()).toBe(true);
    expect(await snapshotFolder(out)).toEqual(asSnapshot(B));
    expect(await readdir(out)).not.toContain('old');
    expect(await leftovers()).toEqual({ beside: ['locales'], versions: [] });
  });

  it('leaves the published copy and no staging behind when writing fails', async () => {
    await swapFolder(out, A);
    const link = await readlink(out);
    const broken = [...B, { file: 'de/bad\u0000name.json', content: '{}' }];
    await expect(swapFolder(out, broken)).rejects.toThrow(/null bytes|NUL|\\0/i);
    expect(await readlink(out)).toBe(link);
    expect(await snapshotFolder(out)).toEqual(asSnapshot(A));
    expect(await leftovers()).toEqual({
      beside: ['.locales.versions', 'locales'],
      versions: [path.basename(link)],
    });
  });

  it('says how far an in-place replacement got when it fails, and leaves no temporary file', async () => {
    await mkdir(path.join(out, 'en', 'namespace3.json'), { recursive: true });
    await expect(swapFolder(out, A)).rejects.toThrow(
      /publishing into .*locales failed after 3 of 70 files were replaced/,
    );
    const names = (await readdir(out, { recursive: true })).map(String);
    expect(names.filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a file where the folder should be', async () => {
    await writeFile(out, 'not a folder');
    await expect(swapFolder(out, A)).rejects.toThrow(/neither a folder nor a link/);
    expect(await readFile(out, 'utf8')).toBe('not a folder');
    expect(await leftovers()).toEqual({ beside: ['locales'], versions: [] });
  });
});

/** The pid of a process that has ended (its leftovers are stale). */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

/** A child that publishes A, B, A, … until killed, and says when each publish is done. */
function startLoop(setsFile: string) {
  const child = spawn(process.execPath, [CHILD, 'loop', MODULE, out, setsFile], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const durations: number[] = [];
  let ready = false;
  let ended = false;
  let stderr = '';
  let pending = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (line === 'ready') ready = true;
      else if (line.startsWith('published ')) durations.push(Number(line.slice(10)));
    }
  });
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      ended = true;
      resolve();
    }),
  );
  /** Waits until the child is ready and has finished `count` publishes. */
  async function until(count: number): Promise<void> {
    while (!ready || durations.length < count) {
      if (ended) throw new Error(`the publishing child ended early: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
  /** Lets the child start publishing once it has loaded. */
  async function go(): Promise<void> {
    await until(0);
    child.stdin.write('go\n');
  }
  return { child, durations, until, go, exited };
}

describe('killed at random instants', () => {
  it(
    'leaves a complete copy, old or new, after each of 50 SIGKILLs during publishing',
    { timeout: 120_000 },
    async () => {
      const setsFile = path.join(dir, 'sets.json');
      await writeFile(setsFile, JSON.stringify({ A, B }));
      await swapFolder(out, A);
      const expected = [asSnapshot(A), asSnapshot(B)];
      const seen = { A: 0, B: 0 };
      let lastDuration = 20;

      // The next child starts loading while the current one runs, to save time; only the
      // current one publishes.
      let next = startLoop(setsFile);
      for (let kill = 0; kill < 50; kill += 1) {
        const { child, durations, until, go, exited } = next;
        await go();
        if (kill < 49) next = startLoop(setsFile);
        // A random instant of the first two publishes: while writing the new version,
        // swapping the link or removing the old version.
        const completed = Math.floor(Math.random() * 2);
        await until(completed);
        lastDuration = durations.at(-1) ?? lastDuration;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * lastDuration));
        child.kill('SIGKILL');
        await exited;
        const found = await snapshotFolder(out);
        expect(expected, `after kill ${kill + 1}`).toContainEqual(found);
        seen[found['coverage.json']?.includes('"B"') ? 'B' : 'A'] += 1;
      }
      console.log(
        `50 kills while publishing ${A.length} files (one publish ≈ ${lastDuration.toFixed(1)} ms in the child): found the old copy ${seen.A}×, the new one ${seen.B}×, never anything else`,
      );

      // The next export removes what the killed ones left; a running process's are kept.
      const stale = `${Date.now().toString(36)}-${await endedPid()}-abcdef`;
      const running = `${Date.now().toString(36)}-${process.ppid}-abcdef`;
      await mkdir(path.join(versionsFolder(out), stale));
      await mkdir(path.join(versionsFolder(out), running));
      const replaced = path.basename(await readlink(out));
      await swapFolder(out, B);
      expect(await snapshotFolder(out)).toEqual(asSnapshot(B));
      expect((await leftovers()).beside).toEqual(['.locales.versions', 'locales']);
      expect((await leftovers()).versions.sort()).toEqual(
        [path.basename(await readlink(out)), replaced, running].sort(),
      );
    },
  );
});

describe('read while publishing', () => {
  it(
    'a reader never finds the folder missing or a file half-written',
    { timeout: 60_000 },
    async () => {
      await swapFolder(out, A);
      // Another process reads files through the link in a tight loop while exports swap it,
      // each read resolving the link anew, as a server reading one file does. (A reader that
      // lists a folder and then opens its files may see the old copy being removed.)
      const reader = spawn(
        process.execPath,
        [
          '-e',
          `const fs = require('node:fs');
         const [out, ms] = process.argv.slice(1);
         const end = Date.now() + Number(ms);
         let reads = 0; const failures = [];
         while (Date.now() < end) {
           try {
             const tag = JSON.parse(fs.readFileSync(out + '/coverage.json', 'utf8')).tag;
             if (tag !== 'A' && tag !== 'B') failures.push('tag ' + tag);
             const page = JSON.parse(fs.readFileSync(out + '/en/namespace1.json', 'utf8'));
             if (page.text.length !== 500) failures.push('half-written');
             reads += 1;
           } catch (error) { failures.push(error.code || error.message); }
         }
         process.stdout.write(JSON.stringify({ reads, failures: failures.slice(0, 5), failed: failures.length }));`,
          out,
          '1500',
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let report = '';
      reader.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
      let done = false;
      const closed = new Promise<void>((resolve) =>
        reader.on('close', () => {
          done = true;
          resolve();
        }),
      );
      let publishes = 0;
      while (!done) {
        await swapFolder(out, publishes % 2 ? A : B);
        publishes += 1;
      }
      await closed;
      const { reads, failures, failed } = JSON.parse(report);
      console.log(
        `${publishes} publishes during ${reads} reads by another process: ${failed} failed`,
      );
      expect(failures).toEqual([]);
      expect(failed).toBe(0);
      expect(publishes).toBeGreaterThan(5);
      expect(reads).toBeGreaterThan(publishes);
    },
  );
});

describe('a published folder that is a mount point', { timeout: 30_000 }, () => {
  it('is replaced file by file; an old copy that cannot be removed is only a warning', async () => {
    const setsFile = path.join(dir, 'sets.json');
    await writeFile(setsFile, JSON.stringify({ A, B }));
    // A private mount namespace: the tmpfs mounts exist only for the child and vanish with it.
    const child = spawn(
      'unshare',
      [
        '--mount',
        '--propagation',
        'private',
        process.execPath,
        CHILD,
        'mount',
        MODULE,
        dir,
        setsFile,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code, `the child failed (mounting needs root; CI runs as root): ${stderr}`).toBe(0);
    const report = JSON.parse(stdout);

    expect(report.mountedDevice).toBe(true);
    // What made the old export fail: a mount point cannot be renamed away.
    expect(report.renameOfMountPoint).toBe('EBUSY');
    expect(report.inPlace.mode).toBe('in-place');
    expect(report.inPlace.files).toEqual(asSnapshot(B));
    expect(report.inPlace.warnings).toEqual([expect.stringContaining('(a mount point?)')]);
    expect(report.stillMounted).toBe(true);
    expect(report.versionsCreated).toBe(0);

    expect(report.busyPrevious.mode).toBe('link');
    expect(report.busyPrevious.files).toEqual(asSnapshot(A));
    expect(report.busyPrevious.warnings).toEqual([
      expect.stringMatching(
        /^the new copy is live, but older copies could not be removed: .*\.locales\.versions\/[^ ]+ \(EBUSY\)/,
      ),
    ]);
  });
});
