/** The store's history (./transaction-log.ts): bounded, and kept in memory if the file fails. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistoryFile } from './history-file';
import { TransactionLog } from './transaction-log';
import type { Transaction } from './transactions';

const transaction = (id: string): Transaction => ({
  id,
  timestamp: '2026-01-01T00:00:00.000Z',
  author: 'editor',
  kind: 'edit',
  changes: [],
});

describe('TransactionLog', () => {
  it('keeps the newest transactions, forgetting the ids of those it dropped', async () => {
    const log = new TransactionLog(2, undefined, () => undefined);
    await log.add(['a', 'b', 'c'].map(transaction));
    expect(log.all.map((t) => t.id)).toEqual(['b', 'c']);
    expect([log.has('a'), log.has('c')]).toEqual([false, true]);
  });

  it('appends to the history file and reads it back after a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rg-log-'));
    try {
      const file = path.join(dir, 'store.ndjson.history.ndjson');
      const noLog = () => undefined;
      await new TransactionLog(10, new HistoryFile(file, noLog), noLog).add([transaction('a')]);
      expect(await readFile(file, 'utf8')).toContain('"id":"a"');
      const restarted = new TransactionLog(10, new HistoryFile(file, noLog), noLog);
      expect((await restarted.readKept()).map((t) => t.id)).toEqual(['a']);
      expect(restarted.has('a')).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the history in memory when its file cannot be written, saying so once', async () => {
    const lines: string[] = [];
    const unwritable = new HistoryFile('/nonexistent-dir/history.ndjson', () => undefined);
    const log = new TransactionLog(10, unwritable, (line) => lines.push(line));
    await log.add([transaction('a')]);
    await log.add([transaction('b')]);
    expect(log.all.map((t) => t.id)).toEqual(['a', 'b']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/could not keep the history in \/nonexistent-dir\/history\.ndjson/);
  });
});
