/** What other writers changed, as transactions: pure, no files (./external-changes.ts). */
import { describe, expect, it } from 'vitest';
import type { DatasetEntry, StoredDocument } from './dataset-file';
import { changesByAnotherWriter, changesWhileStopped } from './external-changes';
import type { ApiDocument, Transaction } from './transactions';

const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';

function served(id: string, title: string, rev = 'r1'): ApiDocument {
  return { _id: id, _type: 'hero', title, _rev: rev, _createdAt: T0, _updatedAt: T0 };
}

function file(...documents: StoredDocument[]): Map<string, DatasetEntry> {
  return new Map(
    documents.map((document) => [document._id, { document, line: JSON.stringify(document) }]),
  );
}

function stored(doc: ApiDocument): StoredDocument {
  const { _rev, _createdAt, _updatedAt, ...rest } = doc;
  return rest;
}

describe('changesByAnotherWriter', () => {
  const a = served('a', 'Hello');
  const b = served('b', 'World');
  /** Both as read from the file: their lines are what the file holds. */
  const held = {
    documents: new Map([
      ['a', a],
      ['b', b],
    ]),
    lines: new Map([
      ['a', JSON.stringify(stored(a))],
      ['b', JSON.stringify(stored(b))],
    ]),
  };

  it('finds nothing when the file holds the lines the store read', () => {
    expect(changesByAnotherWriter(held, file(stored(a), stored(b)), 'tx', T1)).toBeUndefined();
  });

  it('finds nothing in what the store itself wrote, or in changed system fields only', () => {
    const written = { documents: held.documents, lines: new Map() };
    const entries = new Map([
      ['a', { document: a, line: JSON.stringify(a) }],
      ['b', { document: { ...b, _rev: 'other' }, line: JSON.stringify({ ...b, _rev: 'other' }) }],
    ]);
    expect(changesByAnotherWriter(written, entries, 'tx', T1)).toBeUndefined();
  });

  it('makes a changed, an added and a removed document one external transaction', () => {
    const transaction = changesByAnotherWriter(
      held,
      file(
        { ...stored(a), title: 'Hallo', _rev: 'left-by-the-writer' },
        { _id: 'c', _type: 'hero' },
      ),
      'tx',
      T1,
    );
    expect(transaction).toMatchObject({
      id: 'tx',
      timestamp: T1,
      author: 'system',
      kind: 'external',
    });
    expect(transaction?.changes).toEqual([
      {
        id: 'a',
        before: a,
        // The transaction is the revision, whatever the writer left; created stays.
        after: { ...a, title: 'Hallo', _rev: 'tx', _updatedAt: T1 },
      },
      { id: 'b', before: b, after: null },
      {
        id: 'c',
        before: null,
        after: { _id: 'c', _type: 'hero', _rev: 'tx', _createdAt: T1, _updatedAt: T1 },
      },
    ]);
  });
});

describe('changesWhileStopped', () => {
  const a = served('a', 'Hello', 'r1');
  const b = served('b', 'World', 'r1');
  const kept: Transaction[] = [
    {
      id: 'r1',
      timestamp: T0,
      author: 'editor',
      kind: 'publish',
      changes: [
        { id: 'a', before: null, after: a },
        { id: 'b', before: null, after: b },
      ],
    },
  ];
  const ids = { load: 'loaded', external: 'outside' };

  it('serves what the history left unchanged as it was, revision and all, adding nothing', () => {
    const { documents, transactions } = changesWhileStopped(
      file(stored(a), stored(b)),
      kept,
      T1,
      ids,
    );
    expect(documents.get('a')).toBe(a);
    expect(transactions).toEqual([]);
  });

  it('makes what another writer changed while stopped one external entry', () => {
    const { documents, transactions } = changesWhileStopped(
      file({ ...stored(a), title: 'Hallo' }),
      kept,
      T1,
      ids,
    );
    const after = { ...a, title: 'Hallo', _rev: 'outside', _updatedAt: T1 };
    expect(documents.get('a')).toEqual(after);
    expect(transactions).toEqual([
      {
        id: 'outside',
        timestamp: T1,
        author: 'system',
        kind: 'external',
        changes: [
          { id: 'a', before: a, after },
          { id: 'b', before: b, after: null },
        ],
      },
    ]);
  });

  it('loads documents the history never saw, one entry per revision found', () => {
    const { transactions } = changesWhileStopped(
      file({ _id: 'x', _type: 'hero' }, { _id: 'y', _type: 'hero', _rev: 'theirs' }),
      [],
      T1,
      ids,
    );
    expect(transactions.map((t) => [t.id, t.kind, t.changes.map((c) => c.id)])).toEqual([
      ['loaded', 'load', ['x']],
      ['theirs', 'load', ['y']],
    ]);
  });
});
