/**
 * What other writers of the dataset file (an import, the site keeping a version) changed,
 * as transactions: on start, against the history kept from the last run; while running,
 * against the documents the store holds. Pure: the store reads the files and applies these.
 *
 * A changed document gets the transaction as its revision, whatever `_rev` the other
 * writer left in it, so the Studio's revision chain stays unbroken.
 */
import { isDeepStrictEqual } from 'node:util';
import type { DatasetEntry, StoredDocument } from './dataset-file';
import {
  SYSTEM_AUTHOR,
  type ApiDocument,
  type DocumentChange,
  type Transaction,
} from './transactions';

function withoutSystemFields(doc: StoredDocument | null): Record<string, unknown> | null {
  if (!doc) return null;
  const { _rev, _createdAt, _updatedAt, ...rest } = doc;
  return rest;
}

/** The served form of a stored document: its own system fields, else these. */
export function servedDocument(
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

/**
 * The documents as loaded from the file (`entries`, read at `timestamp`) and the history
 * entries loading adds after the `kept` ones: each document the history left unchanged is
 * served as it was, revision and all; what another writer changed while the API was stopped
 * is one `external` transaction (`ids.external`); a document the history never saw is
 * `load`ed under its own `_rev`, else `ids.load`: one entry per revision found, so every
 * document's `_rev` names a transaction the Studio can align its history with.
 */
export function changesWhileStopped(
  entries: ReadonlyMap<string, DatasetEntry>,
  kept: readonly Transaction[],
  timestamp: string,
  ids: { readonly load: string; readonly external: string },
): { documents: Map<string, ApiDocument>; transactions: Transaction[] } {
  const documents = new Map<string, ApiDocument>();
  const logged = new Map<string, ApiDocument | null>();
  for (const transaction of kept)
    for (const change of transaction.changes) logged.set(change.id, change.after);

  const byRevision = new Map<string, DocumentChange[]>();
  const external: DocumentChange[] = [];
  for (const [id, entry] of entries) {
    const last = logged.get(id);
    if (last && isDeepStrictEqual(withoutSystemFields(last), withoutSystemFields(entry.document))) {
      documents.set(id, last);
      continue;
    }
    if (last !== undefined) {
      const doc = {
        ...servedDocument(entry, ids.external, timestamp, last ?? undefined),
        _rev: ids.external,
        _updatedAt: timestamp,
      };
      documents.set(id, doc);
      external.push({ id, before: last, after: doc });
      continue;
    }
    const doc = servedDocument(entry, ids.load, timestamp, undefined);
    documents.set(id, doc);
    const group = byRevision.get(doc._rev) ?? [];
    group.push({ id, before: null, after: doc });
    byRevision.set(doc._rev, group);
  }
  for (const [id, last] of logged)
    if (last && !entries.has(id)) external.push({ id, before: last, after: null });

  const transactions: Transaction[] = [];
  for (const [revision, changes] of byRevision) {
    transactions.push({ id: revision, timestamp, author: SYSTEM_AUTHOR, kind: 'load', changes });
  }
  if (external.length)
    transactions.push({
      id: ids.external,
      timestamp,
      author: SYSTEM_AUTHOR,
      kind: 'external',
      changes: external,
    });
  return { documents, transactions };
}

/**
 * What another writer changed since the store last read or wrote the file, as one
 * `external` transaction `id` (undefined when nothing changed). `held.lines` are the file's
 * lines of the documents unchanged since they were read; a document whose line is one of
 * those, or what the store itself last wrote, or that differs only in its system fields,
 * did not change.
 */
export function changesByAnotherWriter(
  held: {
    readonly documents: ReadonlyMap<string, ApiDocument>;
    readonly lines: ReadonlyMap<string, string>;
  },
  entries: ReadonlyMap<string, DatasetEntry>,
  id: string,
  timestamp: string,
): Transaction | undefined {
  const changes: DocumentChange[] = [];
  const ids = new Set([...held.documents.keys(), ...entries.keys()]);
  for (const docId of ids) {
    const before = held.documents.get(docId) ?? null;
    const entry = entries.get(docId);
    const ownLine =
      entry !== undefined &&
      before !== null &&
      !held.lines.has(docId) &&
      JSON.stringify(before) === entry.line;
    if (entry && (held.lines.get(docId) === entry.line || ownLine)) continue;
    if (!entry && !before) continue;
    const after = entry
      ? {
          ...servedDocument(entry, id, timestamp, before ?? undefined),
          _rev: id,
          _updatedAt: timestamp,
        }
      : null;
    if (
      before &&
      after &&
      isDeepStrictEqual(withoutSystemFields(before), withoutSystemFields(after))
    )
      continue;
    changes.push({ id: docId, before, after });
  }
  if (changes.length === 0) return undefined;
  return { id, timestamp, author: SYSTEM_AUTHOR, kind: 'external', changes };
}
