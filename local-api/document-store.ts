/**
 * The documents the API serves, kept in memory and written through to the dataset file.
 *
 * Every write is one transaction: under the store lock that import-locales and
 * export-locales take too, the file is re-read if another writer replaced it, the change
 * is applied, and the whole file is replaced atomically. Only then do listeners hear of it.
 * A transaction gives each document it touches a new `_rev` (the transaction id), so the
 * Studio can chain `previousRev` → `resultRev`.
 *
 * Documents nobody changed are written back exactly as they were read: the API adds
 * `_rev`, `_createdAt` and `_updatedAt` only to what it serves and to what it writes.
 */
import { randomBytes } from 'node:crypto';
import { unwatchFile, watchFile } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { removeStaleTemporaries, writeFileAtomically } from '@/content/atomic-file';
import { lockFileOf, withStoreLock } from '@/content/store-lock';
import {
  fileStamp,
  readDataset,
  serializeDataset,
  type DatasetEntry,
  type StoredDocument,
} from './dataset-file';
import { isVersionRecordId } from '@/content/versions/records';
import { versionsFileOf } from '@/content/versions/local-versions';
import { HISTORY_KEPT, HISTORY_MAX_BYTES, HistoryFile, historyFileOf } from './history-file';
import { ApiError } from './http';

export interface ApiDocument extends StoredDocument {
  _rev: string;
  _createdAt: string;
  _updatedAt: string;
}

export interface DocumentChange {
  readonly id: string;
  readonly before: ApiDocument | null;
  readonly after: ApiDocument | null;
}

/** What a transaction was, for the history's lifecycle events. */
export type TransactionKind = 'load' | 'external' | 'edit' | 'publish' | 'discard' | 'mutate';

export interface Transaction {
  readonly id: string;
  readonly timestamp: string;
  /** User id of the author; `system` for loading and for other writers of the file. */
  readonly author: string;
  readonly kind: TransactionKind;
  readonly changes: readonly DocumentChange[];
}

/** A document's new content (system fields are set by the store), or null to delete it. */
export interface PlannedChange {
  readonly id: string;
  readonly after: StoredDocument | null;
}

export type DocumentReader = (id: string) => ApiDocument | null;

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

export const SYSTEM_AUTHOR = 'system';
const LOCK_HOLDER = 'the local API';

export function newTransactionId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

function withoutSystemFields(doc: StoredDocument | null): Record<string, unknown> | null {
  if (!doc) return null;
  const { _rev, _createdAt, _updatedAt, ...rest } = doc;
  return rest;
}

export class DocumentStore {
  private documents = new Map<string, ApiDocument>();
  /** Lines of documents that are unchanged since they were read from the file. */
  private lines = new Map<string, string>();
  private stamp = 'missing';
  private readonly transactions: Transaction[] = [];
  private readonly transactionIds = new Set<string>();
  private readonly subscribers = new Set<(transaction: Transaction) => void>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Transactions applied but not yet announced to listeners (done once the lock is released). */
  private unannounced: Transaction[] = [];
  private watching = false;
  private readonly log: (message: string) => void;
  private readonly historyFile: HistoryFile | undefined;
  private historyFailed = false;
  private recordsInDatasetFile = false;

  private constructor(private readonly options: DocumentStoreOptions) {
    this.log = options.log ?? ((message) => console.log(message));
    const historyFile =
      options.historyFile === undefined ? historyFileOf(options.file) : options.historyFile;
    this.historyFile = historyFile
      ? new HistoryFile(historyFile, this.log, {
          count: options.historyLimit ?? HISTORY_KEPT,
          bytes: HISTORY_MAX_BYTES,
        })
      : undefined;
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
    return this.transactions;
  }

  subscribe(listener: (transaction: Transaction) => void): () => void {
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /** Starts noticing when another writer (an import, the site keeping a version) writes. */
  watch(): void {
    if (this.watching) return;
    this.watching = true;
    for (const file of [this.file, this.versionsFile])
      watchFile(file, { interval: this.options.watchIntervalMs ?? 250 }, () => {
        void this.syncWithFile().catch((error: unknown) =>
          this.log(`local API: could not re-read ${file}: ${(error as Error).message}`),
        );
      });
  }

  close(): void {
    if (this.watching) for (const file of [this.file, this.versionsFile]) unwatchFile(file);
    this.watching = false;
    this.subscribers.clear();
  }

  /**
   * The dataset file and the kept versions beside it (content/versions/local-versions.ts):
   * served as one dataset; version records are written to their own file, so an edit
   * rewrites only the dictionaries' file.
   */
  private get versionsFile(): string {
    return versionsFileOf(this.file);
  }

  private async stampNow(): Promise<string> {
    return `${await fileStamp(this.file)}|${await fileStamp(this.versionsFile)}`;
  }

  private async readFiles(): Promise<{ entries: Map<string, DatasetEntry>; modified: Date }> {
    const main = await readDataset(this.file);
    const kept = await readDataset(this.versionsFile);
    // Records found in the dataset file (written there by hand) move beside it on the next write.
    this.recordsInDatasetFile = [...main.entries.keys()].some(isVersionRecordId);
    if (kept.entries.size === 0) return main;
    const entries = new Map(main.entries);
    for (const [id, entry] of kept.entries) if (isVersionRecordId(id)) entries.set(id, entry);
    return { entries, modified: kept.modified > main.modified ? kept.modified : main.modified };
  }

  /** Picks up what another writer wrote, as one transaction its listeners hear of. */
  async syncWithFile(): Promise<void> {
    if ((await this.stampNow()) === this.stamp) return;
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
      if (this.transactionIds.has(id))
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
      await this.write(transaction);
      this.record(transaction);
      await this.persist([transaction]);
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
    // A writer killed while taking the store lock leaves the lock's temporary file too.
    const leftovers =
      (await removeStaleTemporaries(this.file)) +
      (await removeStaleTemporaries(this.versionsFile)) +
      (await removeStaleTemporaries(lockFileOf(this.file)));
    if (leftovers)
      this.log(
        `local API: removed ${leftovers} temporary file(s) a killed writer left beside ${this.file}.`,
      );
    this.stamp = await this.stampNow();
    const { entries, modified } = await this.readFiles();
    const timestamp = modified.toISOString();
    // The history kept from earlier runs, and each document as it leaves it.
    const kept = this.historyFile ? await this.historyFile.read() : [];
    for (const transaction of kept) this.record(transaction);
    const logged = new Map<string, ApiDocument | null>();
    for (const transaction of kept)
      for (const change of transaction.changes) logged.set(change.id, change.after);

    const loadId = newTransactionId();
    const externalId = newTransactionId();
    const byRevision = new Map<string, DocumentChange[]>();
    const external: DocumentChange[] = [];
    for (const [id, entry] of entries) {
      this.lines.set(id, entry.line);
      const last = logged.get(id);
      if (
        last &&
        isDeepStrictEqual(withoutSystemFields(last), withoutSystemFields(entry.document))
      ) {
        // Unchanged since the history's last entry: served as it was, revision and all.
        this.documents.set(id, last);
        continue;
      }
      if (last !== undefined) {
        // Written by another writer while the API was stopped (an import, the site).
        const doc = {
          ...this.served(entry, externalId, timestamp, last ?? undefined),
          _rev: externalId,
          _updatedAt: timestamp,
        };
        this.documents.set(id, doc);
        external.push({ id, before: last, after: doc });
        continue;
      }
      const doc = this.served(entry, loadId, timestamp, undefined);
      this.documents.set(id, doc);
      const group = byRevision.get(doc._rev) ?? [];
      group.push({ id, before: null, after: doc });
      byRevision.set(doc._rev, group);
    }
    for (const [id, last] of logged)
      if (last && !entries.has(id)) external.push({ id, before: last, after: null });

    // The history starts with the documents as loaded: one entry per revision found, so
    // every document's `_rev` names a transaction the Studio can align its history with.
    const added: Transaction[] = [];
    for (const [revision, changes] of byRevision) {
      added.push({ id: revision, timestamp, author: SYSTEM_AUTHOR, kind: 'load', changes });
    }
    if (external.length)
      added.push({
        id: externalId,
        timestamp,
        author: SYSTEM_AUTHOR,
        kind: 'external',
        changes: external,
      });
    for (const transaction of added) this.record(transaction);
    await this.persist(added);
  }

  /** The served form of a stored document: its own system fields, else these. */
  private served(
    entry: DatasetEntry,
    revision: string,
    timestamp: string,
    previous: ApiDocument | undefined,
  ): ApiDocument {
    const doc = entry.document;
    return {
      ...doc,
      _rev: typeof doc._rev === 'string' && doc._rev ? doc._rev : revision,
      _createdAt:
        typeof doc._createdAt === 'string' ? doc._createdAt : (previous?._createdAt ?? timestamp),
      _updatedAt: typeof doc._updatedAt === 'string' ? doc._updatedAt : timestamp,
    };
  }

  /** Re-reads the file when another writer replaced it; returns what changed. */
  private async reloadIfChanged(): Promise<Transaction | undefined> {
    const stamp = await this.stampNow();
    if (stamp === this.stamp) return undefined;
    let entries: Map<string, DatasetEntry>;
    let modified: Date;
    try {
      ({ entries, modified } = await this.readFiles());
    } catch (error) {
      throw new ApiError(
        503,
        `${(error as Error).message}. Another writer left the store file invalid; fix it or run npm run import-locales, then try again.`,
        'storeInvalid',
      );
    }
    const id = newTransactionId();
    const timestamp = modified.toISOString();
    const changes: DocumentChange[] = [];
    const ids = new Set([...this.documents.keys(), ...entries.keys()]);
    for (const docId of ids) {
      const before = this.get(docId);
      const entry = entries.get(docId);
      if (entry && (this.lines.get(docId) === entry.line || this.isOwnLine(docId, entry))) {
        this.lines.set(docId, entry.line);
        continue;
      }
      if (!entry && !before) continue;
      // A changed document gets this transaction as its revision, whatever `_rev` the
      // other writer left in it, so the revision chain stays unbroken.
      const after = entry
        ? {
            ...this.served(entry, id, timestamp, before ?? undefined),
            _rev: id,
            _updatedAt: timestamp,
          }
        : null;
      if (
        before &&
        after &&
        isDeepStrictEqual(withoutSystemFields(before), withoutSystemFields(after))
      ) {
        if (entry) this.lines.set(docId, entry.line);
        continue;
      }
      changes.push({ id: docId, before, after });
      if (entry) this.lines.set(docId, entry.line);
      else this.lines.delete(docId);
    }
    this.stamp = stamp;
    if (changes.length === 0) return undefined;
    const transaction: Transaction = {
      id,
      timestamp,
      author: SYSTEM_AUTHOR,
      kind: 'external',
      changes,
    };
    this.apply(transaction);
    this.record(transaction);
    await this.persist([transaction]);
    this.unannounced.push(transaction);
    this.log(
      `local API: ${this.file} was changed by another writer; picked up ${changes.length} document(s).`,
    );
    return transaction;
  }

  /** Whether the file's line is what this API itself last wrote for the document. */
  private isOwnLine(id: string, entry: DatasetEntry): boolean {
    const current = this.get(id);
    return current !== null && !this.lines.has(id) && JSON.stringify(current) === entry.line;
  }

  private async write(transaction: Transaction): Promise<void> {
    const lines = new Map<string, string>();
    for (const [id, doc] of this.documents)
      lines.set(id, this.lines.get(id) ?? JSON.stringify(doc));
    for (const change of transaction.changes) {
      if (change.after) lines.set(change.id, JSON.stringify(change.after));
      else lines.delete(change.id);
    }
    const isRecord = ([id]: [string, string]) => isVersionRecordId(id);
    const records = transaction.changes.filter((change) => isVersionRecordId(change.id));
    if (records.length || this.recordsInDatasetFile)
      await writeFileAtomically(this.versionsFile, serializeDataset([...lines].filter(isRecord)));
    if (
      records.length < transaction.changes.length ||
      records.length === 0 ||
      this.recordsInDatasetFile
    )
      await writeFileAtomically(
        this.file,
        serializeDataset([...lines].filter((line) => !isRecord(line))),
      );
    this.recordsInDatasetFile = false;
    this.stamp = await this.stampNow();
    this.apply(transaction);
  }

  private apply(transaction: Transaction): void {
    for (const change of transaction.changes) {
      if (change.after) this.documents.set(change.id, change.after);
      else this.documents.delete(change.id);
      if (transaction.kind !== 'external') this.lines.delete(change.id);
    }
  }

  private record(transaction: Transaction): void {
    this.transactions.push(transaction);
    this.transactionIds.add(transaction.id);
    this.trimHistory(this.options.historyLimit ?? HISTORY_KEPT);
  }

  private trimHistory(limit: number): void {
    while (this.transactions.length > limit) {
      const dropped = this.transactions.shift();
      if (dropped) this.transactionIds.delete(dropped.id);
    }
  }

  /** Appends to the history file (under the store lock), rewriting it when it outgrew its bound. */
  private async persist(transactions: readonly Transaction[]): Promise<void> {
    if (!this.historyFile || this.historyFailed || transactions.length === 0) return;
    try {
      await this.historyFile.append(transactions);
      if (this.historyFile.overgrown) {
        const kept = this.historyFile.kept(this.transactions);
        await this.historyFile.rewrite(kept);
        this.trimHistory(kept.length);
      }
    } catch (error) {
      // The dataset is written; only the history's copy on disk is missing.
      this.historyFailed = true;
      this.log(
        `local API: could not keep the history in ${this.historyFile.file} (${(error as Error).message}); it is kept in memory until the API stops.`,
      );
    }
  }
}
