/**
 * The document history the Studio shows ("Review changes", revert, the event list), built
 * from the API's own transaction log. The log starts when the API loads the dataset: the
 * documents as loaded are the first entry, so every document's `_rev` is in it.
 */
import type { DocumentStore } from './document-store';
import type { ApiDocument, Transaction } from './transactions';
import { ApiError } from './http';
import { mendozaEffects } from './mendoza';

const DRAFTS_PREFIX = 'drafts.';

function withoutRev(doc: ApiDocument | null) {
  if (!doc) return null;
  const { _rev, ...rest } = doc;
  return rest;
}

function touches(transaction: Transaction, ids: ReadonlySet<string>): boolean {
  return transaction.changes.some((change) => ids.has(change.id));
}

function indexOf(list: readonly Transaction[], id: string | null, name: string): number {
  const index = list.findIndex((tx) => tx.id === id);
  if (index < 0) throw new ApiError(404, `${name}: transaction "${id}" is not in the history`);
  return index;
}

/** `GET /data/history/<ds>/transactions/<ids>`: NDJSON, one transaction per line. */
export function transactionsLog(store: DocumentStore, idList: string, search: URLSearchParams) {
  const ids = new Set(idList.split(',').filter(Boolean));
  const all = store.history().filter((tx) => touches(tx, ids));
  const from = search.get('fromTransaction');
  const to = search.get('toTransaction');
  const start = from ? indexOf(all, from, 'fromTransaction') : 0;
  const end = to ? indexOf(all, to, 'toTransaction') + 1 : all.length;
  let selected = all.slice(start, end);
  if (search.get('reverse') === 'true') selected = selected.reverse();
  const limit = Number(search.get('limit') ?? '');
  if (Number.isInteger(limit) && limit > 0) selected = selected.slice(0, limit);
  const onlyIdentified = search.get('includeIdentifiedDocumentsOnly') === 'true';
  const withMutations = search.get('excludeMutations') !== 'true';
  return selected
    .map((tx) => {
      const changes = tx.changes.filter((change) => !onlyIdentified || ids.has(change.id));
      return JSON.stringify({
        id: tx.id,
        timestamp: tx.timestamp,
        author: tx.author,
        documentIDs: changes.map((change) => change.id),
        effects: Object.fromEntries(
          changes.map((change) => [
            change.id,
            mendozaEffects(withoutRev(change.before), withoutRev(change.after)),
          ]),
        ),
        ...(withMutations
          ? {
              mutations: changes.map((change) =>
                change.after ? { createOrReplace: change.after } : { delete: { id: change.id } },
              ),
            }
          : {}),
      });
    })
    .join('\n');
}

/** A document as it was right after transaction `index` (or now, for the last one). */
function stateAfter(store: DocumentStore, id: string, index: number): ApiDocument | null {
  const later = store
    .history()
    .slice(index + 1)
    .flatMap((tx) => tx.changes)
    .find((change) => change.id === id);
  return later ? later.before : store.get(id);
}

/** `GET /data/history/<ds>/documents/<ids>?revision=…|time=…|lastRevision=true`. */
export function documentsAt(store: DocumentStore, idList: string, search: URLSearchParams) {
  const ids = idList.split(',').filter(Boolean);
  const history = store.history();
  let index: number;
  const revision = search.get('revision');
  const time = search.get('time');
  if (search.get('lastRevision') === 'true') {
    const documents = ids.flatMap((id) => {
      const current = store.get(id);
      if (current) return [current];
      // A removed document as it was last, with the revision that removed it as its `_rev`:
      // for a published release's changes that is the release's publish, which the Studio's
      // Revert release reads the history up to.
      const removal = history.findLast((tx) =>
        tx.changes.some((change) => change.id === id && change.before && !change.after),
      );
      const last = removal?.changes.find((change) => change.id === id)?.before;
      return last ? [{ ...last, _rev: removal.id }] : [];
    });
    return { documents };
  }
  if (revision) {
    index = history.findIndex((tx) => tx.id === revision);
    if (index < 0) throw new ApiError(404, `revision "${revision}" is not in the history`);
  } else {
    const at = time ? Date.parse(time) : Date.now();
    if (Number.isNaN(at)) throw new ApiError(400, `time "${time}" is not a date`);
    index = history.findLastIndex((tx) => Date.parse(tx.timestamp) <= at);
  }
  const documents = ids.flatMap((id) => {
    const doc = index < 0 ? null : stateAfter(store, id, index);
    return doc ? [doc] : [];
  });
  return { documents };
}

/**
 * `GET /data/history/<ds>/events/documents/<id>`: the lifecycle of a document (created,
 * published, discarded), newest first, in the shape of Sanity's events API.
 */
export function documentEvents(store: DocumentStore, id: string, search: URLSearchParams) {
  const publishedId = id.startsWith(DRAFTS_PREFIX) ? id.slice(DRAFTS_PREFIX.length) : id;
  const draftId = `${DRAFTS_PREFIX}${publishedId}`;
  const events: Record<string, unknown>[] = [];
  for (const tx of store.history()) {
    const published = tx.changes.find((change) => change.id === publishedId);
    const draft = tx.changes.find((change) => change.id === draftId);
    const base = { id: tx.id, timestamp: tx.timestamp, author: tx.author, documentId: publishedId };
    if (tx.kind === 'publish' && published?.after) {
      events.push({
        ...base,
        type: 'publishDocumentVersion',
        versionId: draftId,
        revisionId: tx.id,
        versionRevisionId: draft?.before?._rev,
        publishCause: 'document.publish',
      });
      continue;
    }
    const subject = id === draftId ? draft : published;
    if (!subject) continue;
    if (!subject.before && subject.after) {
      events.push({
        ...base,
        type: 'createDocumentVersion',
        versionId: subject.id,
        versionRevisionId: tx.id,
        ...(subject.id === publishedId ? { revisionId: tx.id } : {}),
      });
    } else if (subject.before && !subject.after) {
      events.push({
        ...base,
        type: 'deleteDocumentVersion',
        versionId: subject.id,
        versionRevisionId: subject.before._rev,
      });
    } else if (subject.id === publishedId && tx.kind !== 'edit') {
      // Published directly (an import or a plain mutation), not through a draft.
      events.push({
        ...base,
        type: 'publishDocumentVersion',
        versionId: publishedId,
        revisionId: tx.id,
        publishCause: 'document.publish',
      });
    }
  }
  const limit = Number(search.get('limit') ?? '100');
  const newestFirst = events.reverse().slice(0, Number.isInteger(limit) && limit > 0 ? limit : 100);
  return { events: { [id]: newestFirst }, nextCursor: '' };
}
