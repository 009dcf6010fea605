/**
 * The last good version of every namespace, one JSON file per namespace in a folder of
 * the site's build output. The build writes it (a build only succeeds when every
 * dictionary passes), the running site advances it each time a newer version passes the
 * gate, and it survives a restart. When the store holds copy that fails, the site serves
 * this version instead, and the file records why the newer one is held back.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NAMESPACES, type DictionaryOf, type Namespace } from '@/schemas';
import type { Language } from '@/schemas/languages';
import type { ContentProblem } from '@/schemas/problems';
import { readTextIfPresent, temporaryPathFor } from './atomic-file';
import type { DictionaryDocument } from './store';

export interface HeldBack {
  /** The revision of the stored document that failed. */
  readonly revision: string;
  /** When the site first refused it (ISO time). */
  readonly since: string;
  readonly problems: readonly ContentProblem[];
  /**
   * The revisions of the set it was decided with (the namespaces that changed together, a
   * release): the decision stands while every one of them keeps its revision.
   */
  readonly set?: Readonly<Partial<Record<Namespace, string>>>;
}

export interface SnapshotEntry<N extends Namespace = Namespace> {
  readonly namespace: N;
  /** The revision of the stored document the languages come from. */
  readonly revision: string;
  readonly savedAt: string;
  readonly languages: Record<Language, DictionaryOf<N>>;
  /** The stored document itself, so the version it replaces can be kept (content/versions). */
  readonly document?: DictionaryDocument | undefined;
  readonly heldBack: HeldBack | null;
}

/**
 * Where the gate keeps the last good versions and the held-back records: this folder on a
 * single instance, Redis when several instances share it (web/shared-cache/gate-snapshot.ts).
 */
export interface SnapshotStore {
  /** Named in errors: e.g. the folder, or the Redis address. */
  readonly description: string;
  read<N extends Namespace>(namespace: N): Promise<SnapshotEntry<N> | undefined>;
  /** Makes `entry` its namespace's record: a version that passed, or one held back. */
  save(entry: SnapshotEntry): Promise<void>;
  list(): Promise<SnapshotEntry[]>;
}

/**
 * The record of a version that passed: it becomes the last good one and nothing is held
 * back. Keeps the stored document too, so the version it replaces can be kept
 * (content/versions). A held-back record is the previous entry with `heldBack` set.
 */
export function goodEntry<N extends Namespace>(
  namespace: N,
  revision: string,
  languages: Record<Language, DictionaryOf<N>>,
  document?: DictionaryDocument,
): SnapshotEntry<N> {
  return {
    namespace,
    revision,
    savedAt: new Date().toISOString(),
    languages,
    document,
    heldBack: null,
  };
}

export class Snapshot implements SnapshotStore {
  constructor(readonly dir: string) {}

  get description(): string {
    return this.dir;
  }

  private file(namespace: Namespace): string {
    return path.join(this.dir, `${namespace}.json`);
  }

  async read<N extends Namespace>(namespace: N): Promise<SnapshotEntry<N> | undefined> {
    const text = await readTextIfPresent(this.file(namespace));
    return text === undefined ? undefined : (JSON.parse(text) as SnapshotEntry<N>);
  }

  /** Every namespace that has a snapshot, in registry order. */
  async list(): Promise<SnapshotEntry[]> {
    const entries = await Promise.all(NAMESPACES.map((namespace) => this.read(namespace)));
    return entries.filter((entry): entry is SnapshotEntry => entry !== undefined);
  }

  /** Temporary file, then rename: a reader never sees half a file, even across processes. */
  async save(entry: SnapshotEntry): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = this.file(entry.namespace);
    const temporary = temporaryPathFor(target);
    await writeFile(temporary, JSON.stringify(entry), 'utf8');
    await rename(temporary, target);
  }
}
