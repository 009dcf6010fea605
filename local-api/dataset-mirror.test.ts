/** The store's two files (./dataset-mirror.ts): what goes where, and noticing other writers. */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { versionRecordId } from '@/content/versions/version-records';
import { DatasetMirror } from './dataset-mirror';

const RECORD = versionRecordId('hero', 'r1');
let dir: string;
let mirror: DatasetMirror;
const logged: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-mirror-'));
  mirror = new DatasetMirror(path.join(dir, 'store.ndjson'), (line) => logged.push(line));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const line = (id: string, type = 'hero') => JSON.stringify({ _id: id, _type: type });

describe('DatasetMirror', () => {
  it('writes version records beside the dataset, and only the files a write changes', async () => {
    expect((await mirror.open()).entries.size).toBe(0);
    const lines = new Map([
      ['hero', line('hero')],
      [RECORD, line(RECORD, 'version')],
    ]);
    await mirror.write(lines, ['hero', RECORD]);
    expect(await readFile(mirror.file, 'utf8')).toBe(`${line('hero')}\n`);
    expect(await readFile(mirror.versionsFile, 'utf8')).toBe(`${line(RECORD, 'version')}\n`);
    const versionsBefore = (await stat(mirror.versionsFile, { bigint: true })).ino;
    await mirror.write(new Map([...lines, ['hero', line('hero', 'heroV2')]]), ['hero']);
    expect((await stat(mirror.versionsFile, { bigint: true })).ino).toBe(versionsBefore);
    expect(await mirror.changed()).toBe(false);
  });

  it('notices another writer once, and reads both files as one dataset', async () => {
    await mirror.open();
    await mirror.write(new Map([[RECORD, line(RECORD, 'version')]]), [RECORD]);
    expect(await mirror.readIfChanged()).toBeUndefined();
    await writeFile(mirror.file, `${line('hero')}\n`);
    expect(await mirror.changed()).toBe(true);
    const read = await mirror.readIfChanged();
    expect([...(read?.entries.keys() ?? [])].sort()).toEqual(['hero', RECORD]);
    expect(await mirror.readIfChanged()).toBeUndefined();
  });

  it('moves version records written into the dataset file beside it on the next write', async () => {
    await writeFile(mirror.file, `${line('hero')}\n${line(RECORD, 'version')}\n`);
    const { entries } = await mirror.open();
    await mirror.write(new Map([...entries].map(([id, entry]) => [id, entry.line])), []);
    expect(await readFile(mirror.file, 'utf8')).toBe(`${line('hero')}\n`);
    expect(await readFile(mirror.versionsFile, 'utf8')).toBe(`${line(RECORD, 'version')}\n`);
  });
});
