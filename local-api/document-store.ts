/**
 * The documents the API serves, kept in memory and written through to the dataset file
 * (./dataset-mirror.ts).
 *
 * Every write is one transaction: under the store lock that import-locales and
 * export-locales take too, the file is re-read if another writer replaced it
 * (./external-changes.ts), the change is applied, and the whole file is replaced
 * atomically. Only then do listeners hear of it. A transaction gives each document it
 * touches a new `_rev` (the transaction id), so the Studio can chain `previousRev` →
 * `resultRev`.
 *
 * Documents nobody changed are written back exactly as they were read: the API adds
 * `_rev`, `_createdAt` and `_updatedAt` only to what it serves and to what it writes.
 */
import { withStoreLock } from '@/content/store-lock';
import { DatasetMirror } from './dataset-mirror';
import { changesByAnotherWriter, changesWhileStopped } from './external-changes';
import { HISTORY_KEPT, HISTORY_MAX_BYTES, HistoryFile, historyFileOf } from './history-file';
import { ApiError } from './http';
import { TransactionLog } from './transaction-log';
import {
  newTransactionId,
  type ApiDocument,
  type DocumentChange,
  type DocumentReader,
  type PlannedChange,
  type Transaction,
  type TransactionKind,
} from './transactions';

export interface DocumentStoreOptions {
  readonly file: string;
  /** How long a write waits for another writer's lock before failing with 503. */
  readonly lockWaitMs?: number | undefined;
  /** How often the file is checked for changes by other writers. */
  readonly watchIntervalMs?: number | undefined;
  /** Transactions kept for the history (oldest dropped first). */
  readonly historyLimit?: number;
  /** Where the history is kept across restarts (default beside the dataset); null: memory only. */
  readonly historyFile?: string | null;
  readonly log?: (message: string) => void;
}

const LOCK_HOLDER = 'the local API';

export class DocumentStore {
  private documents = new Map<string, ApiDocument>();
  /** Lines of documents that are unchanged since they were read from the file. */
  private lines = new Map<string, string>();
  private readonly transactionLog: TransactionLog;
  private readonly subscribers = new Set<(transaction: Transaction) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Transactions applied but not yet announced to listeners (done once the lock is released). */
  private unannounced: Transaction[] = [];
  private readonly log: (message: string) => void;
  private readonly mirror: DatasetMirror;

  private constructor(private readonly options: DocumentStoreOptions) {
    this.log = options.log ?? ((message) => console.log(message));
    this.mirror = new DatasetMirror(options.file, this.log);
    const historyFile =
      options.historyFile === undefined ? historyFileOf(options.file) : options.historyFile;
    const limit = options.historyLimit ?? HISTORY_KEPT;
    this.transactionLog = new TransactionLog(
      limit,
      historyFile
        ? new HistoryFile(historyFile, this.log, { count: limit, bytes: HISTORY_MAX_BYTES })
        : undefined,
      this.log,
    );
  }

  /** Reads and checks the dataset file; a file that is not valid NDJSON throws, naming the line. */
  static async open(options: DocumentStoreOptions): Promise<DocumentStore> {
    const store = new DocumentStore(options);
    await withStoreLock(options.file, { holder: LOCK_HOLDER, waitMs: options.lockWaitMs }, () =>
      store.load(),
    );
    return store;
  }

  get file(): string {
    return this.options.file;
  }

  get(id: string): ApiDocument | null {
    return this.documents.get(id) ?? null;
  }

  all(): ApiDocument[] {
    return [...this.documents.values()];
  }

  /** Transactions oldest first. */
  history(): readonly Transaction[] {
    return this.transactionLog.all;
  }

  subscribe(listener: (transaction: Transaction) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /** Starts noticing when another writer (an import, the site keeping a version) writes. */
  watch(): void {
    this.mirror.watch(this.options.watchIntervalMs ?? 250, (file) => {
      void this.syncWithFile().catch((error: unknown) =>
        this.log(`local API: could not re-read ${file}: ${(error as Error).message}`),
      );
    });
  }

  close(): void {
    this.mirror.unwatch();
    this.subscribers.clear();
  }

  /** Picks up what another writer wrote, as one transaction its listeners hear of. */
  async syncWithFile(): Promise<void> {
    if (!(await this.mirror.changed())) return;
    await this.exclusively(() => this.reloadIfChanged());
  }

  /**
   * Applies one transaction. `plan` sees the current documents and returns the changes,
   * or throws an ApiError (nothing is written then).
   */
  async transact(
    author: string,
    plan: (read: DocumentReader) => {
      readonly kind: TransactionKind;
      readonly changes: readonly PlannedChange[];
    },
    transactionId?: string,
  ): Promise<Transaction> {
    return this.exclusively(async () => {
      await this.reloadIfChanged();
      const id = transactionId ?? newTransactionId();
      if (this.transactionLog.has(id))
        throw new ApiError(409, `transaction ${id} has already been applied`, 'conflict');
      const { kind, changes: planned } = plan((docId) => this.get(docId));
      const timestamp = new Date().toISOString();
      const changes = new Map<string, DocumentChange>();
      for (const { id: docId, after } of planned) {
        const before = changes.get(docId)?.before ?? this.get(docId);
        changes.set(docId, {
          id: docId,
          before,
          after: after && {
            ...after,
            _id: docId,
            _rev: id,
            _createdAt:
              before?._createdAt ??
              (typeof after._createdAt === 'string' ? after._createdAt : timestamp),
            _updatedAt: timestamp,
          },
        });
      }
      const transaction: Transaction = {
        id,
        timestamp,
        author,
        kind,
        changes: [...changes.values()].filter((c) => c.before !== null || c.after !== null),
      };
      // A plan with nothing to do (a scheduled release published meanwhile) writes nothing.
      if (transaction.changes.length === 0 && planned.length === 0) return transaction;
      await this.write(transaction);
      await this.transactionLog.add([transaction]);
      this.unannounced.push(transaction);
      return transaction;
    });
  }

  /** Runs `body` as the only writer (in this process and across processes), then notifies. */
  private async exclusively<T>(body: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() =>
      withStoreLock(
        this.file,
        { holder: LOCK_HOLDER, waitMs: this.options.lockWaitMs ?? 10_000 },
        body,
      ).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'StoreLockError')
          throw new ApiError(503, error.message, 'storeLocked');
        throw error;
      }),
    );
    this.queue = run.catch(() => undefined);
    try {
      return await run;
    } finally {
      const announce = this.unannounced;
      this.unannounced = [];
      for (const transaction of announce) this.notify(transaction);
    }
  }

  private notify(transaction: Transaction): void {
    for (const listener of this.subscribers) {
      try {
        listener(transaction);
      } catch (error) {
        this.log(`local API: a listener failed: ${(error as Error).message}`);
      }
    }
  }

  private async load(): Promise<void> {
    const { entries, modified } = await this.mirror.open();
    // The history kept from earlier runs, and each document as it leaves it.
    const kept = await this.transactionLog.readKept();
    const loaded = changesWhileStopped(entries, kept, modified.toISOString(), {
      load: newTransactionId(),
      external: newTransactionId(),
    });
    this.documents = loaded.documents;
    for (const [id, entry] of entries) this.lines.set(id, entry.line);
    await this.transactionLog.add(loaded.transactions);
  }

  /** Re-reads the file when another writer replaced it; returns what changed. */
  private async reloadIfChanged(): Promise<Transaction | undefined> {
    let read;
    try {
      read = await this.mirror.readIfChanged();
    } catch (error) {
      throw new ApiError(
        503,
        `${(error as Error).message}. Another writer left the store file invalid; fix it or run npm run import-locales, then try again.`,
        'storeInvalid',
      );
    }
    if (!read) return undefined;
    const transaction = changesByAnotherWriter(
      { documents: this.documents, lines: this.lines },
      read.entries,
      newTransactionId(),
      read.modified.toISOString(),
    );
    this.lines = new Map([...read.entries].map(([id, entry]) => [id, entry.line]));
    if (!transaction) return undefined;
    this.apply(transaction);
    await this.transactionLog.add([transaction]);
    this.unannounced.push(transaction);
    this.log(
      `local API: ${this.file} was changed by another writer; picked up ${transaction.changes.length} document(s).`,
    );
    return transaction;
  }

  private async write(transaction: Transaction): Promise<void> {
    const lines = new Map<string, string>();
    for (const [id, doc] of this.documents)
      lines.set(id, this.lines.get(id) ?? JSON.stringify(doc));
    for (const change of transaction.changes) {
      if (change.after) lines.set(change.id, JSON.stringify(change.after));
      else lines.delete(change.id);
    }
    await this.mirror.write(
      lines,
      transaction.changes.map((change) => change.id),
    );
    this.apply(transaction);
  }

  private apply(transaction: Transaction): void {
    for (const change of transaction.changes) {
      if (change.after) this.documents.set(change.id, change.after);
      else this.documents.delete(change.id);
      if (transaction.kind !== 'external') this.lines.delete(change.id);
    }
  }
}
