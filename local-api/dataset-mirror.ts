/**
 * The store's files: the dataset file and the kept versions beside it
 * (content/versions/local-versions.ts), read as one dataset. Version records are written to
 * their own file, so an edit rewrites only the dictionaries' file. Each file is replaced
 * atomically; the files' stamp tells when another writer replaced one.
 */
import { unwatchFile, watchFile } from 'node:fs';
import { removeStaleTemporaries, writeFileAtomically } from '@/content/atomic-file';
import { lockFileOf } from '@/content/store-lock';
import { versionsFileOf } from '@/content/versions/local-versions';
import { isVersionRecordId } from '@/content/versions/version-records';
import { fileStamp, readDataset, serializeDataset, type DatasetEntry } from './dataset-file';

export interface DatasetRead {
  readonly entries: Map<string, DatasetEntry>;
  /** When the newer of the two files was last written. */
  readonly modified: Date;
}

export class DatasetMirror {
  /** The files' stamp as last read or written by this mirror. */
  private stamp = 'missing';
  private recordsInDatasetFile = false;
  private watching = false;

  constructor(
    readonly file: string,
    private readonly log: (message: string) => void,
  ) {}

  get versionsFile(): string {
    return versionsFileOf(this.file);
  }

  /** The first read: clears what a killed writer left, then reads both files. */
  async open(): Promise<DatasetRead> {
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
    return this.readFiles();
  }

  /** Whether another writer replaced a file since this mirror last read or wrote them. */
  async changed(): Promise<boolean> {
    return (await this.stampNow()) !== this.stamp;
  }

  /** Both files when another writer replaced one, else undefined; a bad file throws. */
  async readIfChanged(): Promise<DatasetRead | undefined> {
    const stamp = await this.stampNow();
    if (stamp === this.stamp) return undefined;
    const read = await this.readFiles();
    this.stamp = stamp;
    return read;
  }

  /**
   * Writes every document's line (`lines`) to its file; `changed` names the documents this
   * write changes, so a file none of them lives in is left alone.
   */
  async write(lines: ReadonlyMap<string, string>, changed: readonly string[]): Promise<void> {
    const isRecord = ([id]: [string, string]) => isVersionRecordId(id);
    const records = changed.filter((id) => isVersionRecordId(id));
    if (records.length || this.recordsInDatasetFile)
      await writeFileAtomically(this.versionsFile, serializeDataset([...lines].filter(isRecord)));
    if (records.length < changed.length || records.length === 0 || this.recordsInDatasetFile)
      await writeFileAtomically(
        this.file,
        serializeDataset([...lines].filter((line) => !isRecord(line))),
      );
    this.recordsInDatasetFile = false;
    this.stamp = await this.stampNow();
  }

  /** Calls `onChange` with the file when either file's metadata changes (polled). */
  watch(intervalMs: number, onChange: (file: string) => void): void {
    if (this.watching) return;
    this.watching = true;
    for (const file of [this.file, this.versionsFile])
      watchFile(file, { interval: intervalMs }, () => onChange(file));
  }

  unwatch(): void {
    if (this.watching) for (const file of [this.file, this.versionsFile]) unwatchFile(file);
    this.watching = false;
  }

  private async stampNow(): Promise<string> {
    return `${await fileStamp(this.file)}|${await fileStamp(this.versionsFile)}`;
  }

  private async readFiles(): Promise<DatasetRead> {
    const main = await readDataset(this.file);
    const kept = await readDataset(this.versionsFile);
    // Records found in the dataset file (written there by hand) move beside it on the next write.
    this.recordsInDatasetFile = [...main.entries.keys()].some(isVersionRecordId);
    if (kept.entries.size === 0) return main;
    const entries = new Map(main.entries);
    for (const [id, entry] of kept.entries) if (isVersionRecordId(id)) entries.set(id, entry);
    return { entries, modified: kept.modified > main.modified ? kept.modified : main.modified };
  }
}
