/**
 * What the local API's store is made of: the documents it serves and the transactions that
 * change them (the history, the listeners' events and the history file all hold these).
 */
import { randomBytes } from 'node:crypto';
import type { StoredDocument } from './dataset-file';

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

export const SYSTEM_AUTHOR = 'system';
/** Who publishes a scheduled release at its time: no editor, and the Studio should say so. */
export const SCHEDULER_AUTHOR = 'scheduler';

export function newTransactionId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}
