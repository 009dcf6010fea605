/**
 * The store's history: the newest transactions in memory, oldest first, each also appended
 * to the history file (./history-file.ts) so it survives a restart. A history file that
 * cannot be written degrades to memory only, reported once: the dataset is written anyway.
 */
import type { HistoryFile } from './history-file';
import type { Transaction } from './transactions';

export class TransactionLog {
  private readonly transactions: Transaction[] = [];
  private readonly ids = new Set<string>();
  private fileFailed = false;

  constructor(
    private readonly limit: number,
    private readonly file: HistoryFile | undefined,
    private readonly log: (message: string) => void,
  ) {}

  /** Transactions oldest first. */
  get all(): readonly Transaction[] {
    return this.transactions;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Takes in the history kept from earlier runs, and returns it. */
  async readKept(): Promise<Transaction[]> {
    const kept = this.file ? await this.file.read() : [];
    for (const transaction of kept) this.record(transaction);
    return kept;
  }

  /** Adds applied transactions, and appends them to the file (under the store lock). */
  async add(transactions: readonly Transaction[]): Promise<void> {
    for (const transaction of transactions) this.record(transaction);
    await this.persist(transactions);
  }

  private record(transaction: Transaction): void {
    this.transactions.push(transaction);
    this.ids.add(transaction.id);
    this.trim(this.limit);
  }

  private trim(limit: number): void {
    while (this.transactions.length > limit) {
      const dropped = this.transactions.shift();
      if (dropped) this.ids.delete(dropped.id);
    }
  }

  /** Appends to the history file, rewriting it when it outgrew its bound. */
  private async persist(transactions: readonly Transaction[]): Promise<void> {
    if (!this.file || this.fileFailed || transactions.length === 0) return;
    try {
      await this.file.append(transactions);
      if (this.file.overgrown) {
        const kept = this.file.kept(this.transactions);
        await this.file.rewrite(kept);
        this.trim(kept.length);
      }
    } catch (error) {
      // The dataset is written; only the history's copy on disk is missing.
      this.fileFailed = true;
      this.log(
        `local API: could not keep the history in ${this.file.file} (${(error as Error).message}); it is kept in memory until the API stops.`,
      );
    }
  }
}
