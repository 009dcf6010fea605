/**
 * The local API's history, kept beside the dataset (`<store file>.history.ndjson`)
 * so the Studio's History ("Review changes", the event list, "Revert to revision") survives
 * a restart. One transaction per line, appended under the store lock as it is applied.
 * Bounded: the newest HISTORY_KEPT transactions, and no more than HISTORY_MAX_BYTES of
 * them; the file is rewritten (atomically) once it grows a quarter past either bound.
 */
import { appendFile } from 'node:fs/promises';
import {
  readTextIfPresent,
  removeStaleTemporaries,
  writeFileAtomically,
} from '@/content/atomic-file';
import type { Transaction } from './transactions';

export const HISTORY_KEPT = 2_000;
export const HISTORY_MAX_BYTES = 64 * 1024 * 1024;

export function historyFileOf(storeFile: string): string {
  return `${storeFile}.history.ndjson`;
}

function isTransaction(value: unknown): value is Transaction {
  const tx = value as Partial<Transaction> | null;
  return (
    typeof tx === 'object' &&
    tx !== null &&
    typeof tx.id === 'string' &&
    typeof tx.timestamp === 'string' &&
    typeof tx.author === 'string' &&
    typeof tx.kind === 'string' &&
    Array.isArray(tx.changes)
  );
}

export class HistoryFile {
  private lines = 0;
  private bytes = 0;

  constructor(
    readonly file: string,
    private readonly log: (line: string) => void,
    private readonly limits = { count: HISTORY_KEPT, bytes: HISTORY_MAX_BYTES },
  ) {}

  /** The kept transactions, oldest first; a line cut short by a killed writer is skipped. */
  async read(): Promise<Transaction[]> {
    await removeStaleTemporaries(this.file);
    const text = await readTextIfPresent(this.file);
    if (text === undefined) return [];
    const transactions: Transaction[] = [];
    let skipped = 0;
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const value: unknown = JSON.parse(line);
        if (isTransaction(value)) transactions.push(value);
        else skipped += 1;
      } catch {
        skipped += 1;
      }
    }
    if (skipped)
      this.log(`local API: skipped ${skipped} unreadable line(s) of the history in ${this.file}.`);
    this.lines = transactions.length + skipped;
    this.bytes = Buffer.byteLength(text);
    return transactions;
  }

  async append(transactions: readonly Transaction[]): Promise<void> {
    if (transactions.length === 0) return;
    const text = transactions.map((tx) => `${JSON.stringify(tx)}\n`).join('');
    await appendFile(this.file, text, 'utf8');
    this.lines += transactions.length;
    this.bytes += Buffer.byteLength(text);
  }

  /** Whether the file has grown a quarter past a bound and should be rewritten. */
  get overgrown(): boolean {
    return this.lines > this.limits.count * 1.25 || this.bytes > this.limits.bytes * 1.25;
  }

  /** The newest transactions within both bounds, oldest first. */
  kept(transactions: readonly Transaction[]): Transaction[] {
    const kept: Transaction[] = [];
    let bytes = 0;
    for (let index = transactions.length - 1; index >= 0; index -= 1) {
      const size = Buffer.byteLength(JSON.stringify(transactions[index])) + 1;
      if (kept.length >= this.limits.count || bytes + size > this.limits.bytes) break;
      kept.push(transactions[index]!);
      bytes += size;
    }
    return kept.reverse();
  }

  /** Replaces the file with `transactions` (already within the bounds). */
  async rewrite(transactions: readonly Transaction[]): Promise<void> {
    const text = transactions.map((tx) => `${JSON.stringify(tx)}\n`).join('');
    await writeFileAtomically(this.file, text);
    this.lines = transactions.length;
    this.bytes = Buffer.byteLength(text);
  }
}
