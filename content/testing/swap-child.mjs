/**
 * A child process for the crash tests of content/swap-folder.ts, run by Node itself
 * (Node strips the module's types), so it starts in a few tens of milliseconds.
 *
 *   node publish-child.mjs loop <module> <out> <sets.json>
 *     prints "ready", waits for a line on stdin, then publishes set A, then B, then A …
 *     until it is killed, printing "published <milliseconds>" after each publish.
 *   node publish-child.mjs mount <module> <dir> <sets.json>
 *     inside a private mount namespace (run under `unshare -m`): publishes into a tmpfs
 *     mount point, and past an old version that holds a mount point; prints a report.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const [mode, modulePath, target, setsFile] = process.argv.slice(2);
const { swapFolder, versionsFolder } = await import(pathToFileURL(modulePath).href);
const sets = JSON.parse(await readFile(setsFile, 'utf8'));

async function snapshot(dir) {
  const files = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(dir, file).split(path.sep).join('/')] = await readFile(file, 'utf8');
    }
  }
  return files;
}

if (mode === 'loop') {
  // Started ahead of time: load everything, then wait for "go" on stdin.
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  for (let round = 0; ; round += 1) {
    const started = performance.now();
    await swapFolder(target, round % 2 ? sets.B : sets.A);
    process.stdout.write(`published ${performance.now() - started}\n`);
  }
}

if (mode === 'mount') {
  const report = {};
  // 1. The published folder is a mount point holding the old copy.
  const out = path.join(target, 'mounted', 'locales');
  await mkdir(out, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', 'rg-test', out]);
  for (const { file, content } of sets.A) {
    await mkdir(path.dirname(path.join(out, file)), { recursive: true });
    await writeFile(path.join(out, file), content);
  }
  report.mountedDevice = (await stat(out)).dev !== (await stat(path.dirname(out))).dev;
  report.renameOfMountPoint = await rename(out, `${out}.moved`).then(
    () => 'renamed',
    (error) => error.code,
  );
  const published = await swapFolder(out, sets.B);
  report.inPlace = { ...published, files: await snapshot(out) };
  report.stillMounted = (await stat(out)).dev !== (await stat(path.dirname(out))).dev;
  report.versionsCreated = await readdir(versionsFolder(out)).then(
    (names) => names.length,
    () => 0,
  );

  // 2. An old version cannot be removed (it holds a mount point): a warning only. It is
  // kept through the next export (readers may still walk into it) and removed by the one after.
  const linked = path.join(target, 'linked', 'locales');
  await mkdir(path.dirname(linked), { recursive: true });
  await swapFolder(linked, sets.A);
  const [old] = await readdir(versionsFolder(linked));
  const busy = path.join(versionsFolder(linked), old, 'busy');
  await mkdir(busy);
  execFileSync('mount', ['-t', 'tmpfs', 'rg-test', busy]);
  await swapFolder(linked, sets.B);
  const swapped = await swapFolder(linked, sets.A);
  report.busyPrevious = { ...swapped, files: await snapshot(linked) };
  process.stdout.write(JSON.stringify(report));
}
