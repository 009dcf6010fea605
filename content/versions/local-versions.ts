/**
 * Versions on the embedded store. The records are kept beside the dataset file, in
 * `<store file>.versions.ndjson` (the same NDJSON; the local API serves both files
 * as one dataset), so that the file every gate read parses and every Studio edit rewrites
 * stays the size of the dictionaries: with 50 versions of every dictionary kept (14 MB),
 * a gate read of the dataset file takes 2 ms instead of 300 ms, and an edit's write 15 ms
 * instead of 157 ms (measured on the 2-core machine). A restore rewrites the dictionaries
 * in the dataset file. Both under the store lock that import-locales, export-locales and
 * the local API take too, so a running Studio picks the change up like an
 * import's. The caller tells the site (content/notify-site).
 */
import { randomBytes } from 'node:crypto';
import { documentId, documentType, type Namespace } from '@/schemas';
import { LocalStore } from '../local-store';
import type { DictionaryDocument } from '../store';
import { revisionOf } from './content-hash';
import { recordChanges } from './keep';
import {
  isVersionSummary,
  newestFirst,
  VERSION_TYPE,
  type PublishedVersion,
  type VersionRecord,
  type VersionSummary,
} from './version-records';
import {
  RestoreRefused,
  type DictionaryState,
  type Replacement,
  type VersionsBackend,
} from './restore';

const DRAFTS_PREFIX = 'drafts.';

/** Where the embedded store keeps version records: beside its dataset file. */
export function versionsFileOf(storeFile: string): string {
  return `${storeFile}.versions.ndjson`;
}

function summaryOf(record: PublishedVersion): VersionSummary {
  const { content: _content, ...summary } = record;
  return summary;
}

function isRecord(doc: DictionaryDocument): doc is DictionaryDocument & PublishedVersion {
  return doc._type === VERSION_TYPE && isVersionSummary(doc) && typeof doc.content === 'object';
}

async function stateOf(
  documents: ReadonlyMap<string, DictionaryDocument>,
  namespace: Namespace,
): Promise<DictionaryState> {
  const document = documents.get(documentId(namespace));
  return {
    document,
    revision: document ? await revisionOf(document) : undefined,
    hasDraft: documents.has(`${DRAFTS_PREFIX}${documentId(namespace)}`),
  };
}

export class LocalVersions implements VersionsBackend {
  readonly description: string;
  private readonly kept: LocalStore;

  constructor(
    private readonly store: LocalStore,
    /** Who holds the store lock while writing, for a writer that has to wait. */
    private readonly holder: string,
  ) {
    this.description = store.description;
    this.kept = new LocalStore(versionsFileOf(store.file));
  }

  private async records(): Promise<PublishedVersion[]> {
    return (await this.kept.readAll()).filter(isRecord);
  }

  async list(namespace: Namespace | null): Promise<VersionSummary[]> {
    const records = await this.records();
    return newestFirst(
      records.filter((record) => namespace === null || record.namespace === namespace),
    ).map(summaryOf);
  }

  async get(ids: readonly string[]): Promise<PublishedVersion[]> {
    const wanted = new Set(ids);
    return (await this.records())
      .filter((record) => wanted.has(record._id))
      .map(
        ({ _id, namespace, revision, contentHash, liveAt, publishedAt, publishedBy, content }) => ({
          _id,
          namespace,
          revision,
          contentHash,
          liveAt,
          publishedAt,
          publishedBy,
          content,
        }),
      );
  }

  async state(namespaces: readonly Namespace[]): Promise<Map<Namespace, DictionaryState>> {
    const documents = new Map((await this.store.readAll()).map((doc) => [doc._id, doc]));
    const states = new Map<Namespace, DictionaryState>();
    for (const namespace of namespaces) states.set(namespace, await stateOf(documents, namespace));
    return states;
  }

  replace(replacements: readonly Replacement[]): Promise<void> {
    return this.store.exclusive(this.holder, async () => {
      const documents = new Map((await this.store.readAll()).map((doc) => [doc._id, doc]));
      const moved: Namespace[] = [];
      const drafts: Namespace[] = [];
      for (const { namespace, ifRevision } of replacements) {
        const state = await stateOf(documents, namespace);
        if (state.revision !== ifRevision) moved.push(namespace);
        if (state.hasDraft) drafts.push(namespace);
      }
      if (moved.length)
        throw new RestoreRefused({ reason: 'changed-meanwhile', namespaces: moved });
      if (drafts.length) throw new RestoreRefused({ reason: 'draft', namespaces: drafts });
      const now = new Date().toISOString();
      await this.store.commit(
        replacements.map(({ namespace, content }) => {
          const current = documents.get(documentId(namespace));
          return {
            ...content,
            _id: documentId(namespace),
            _type: documentType(namespace),
            // A new revision, as a store gives every write: the restore is a version of its own.
            _rev: randomBytes(16).toString('base64url').slice(0, 22),
            ...(typeof current?._createdAt === 'string' ? { _createdAt: current._createdAt } : {}),
            _updatedAt: now,
          };
        }),
      );
    });
  }

  record(records: readonly VersionRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    // The dataset's lock guards both files: the local API reads them as one.
    // One read and at most one write of the versions file, inside the lock.
    return this.store.exclusive(this.holder, async () => {
      const kept = (await this.kept.readAll()).filter(isRecord).map(summaryOf);
      const { create, remove } = recordChanges(kept, records);
      if (create.length || remove.length)
        await this.kept.commit(create as unknown as DictionaryDocument[], { remove });
    });
  }
}
