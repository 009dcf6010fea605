/**
 * The translation queue's state, one for the Studio (every dictionary's header and the
 * Translations tool subscribe to it with React's `useSyncExternalStore`): the dictionaries
 * as last read, followed live while anything shows them, the rows derived from them, and
 * the gap waiting to be opened. No React and no Sanity here: ./translation-queue-timing.ts
 * holds what Sanity's timing asks of the queue.
 */
import type { Namespace } from '../schemas';
import {
  translationRows,
  type QueuePosition,
  type TranslationGap,
  type TranslationRow,
} from './translation-overview';

export type StoredDocument = { _id: string; _type?: string };

/** Starts following the documents: `read` with each new set, `failed` on an error; returns stop. */
export type FollowDocuments = (
  read: (documents: StoredDocument[]) => void,
  failed: () => void,
) => () => void;

/** A gap not opened by then was left for something else (the editor went elsewhere). */
export const WAITING_GAP_MS = 30_000;

export class TranslationQueueStore {
  private rows: TranslationRow[] | undefined;
  private readonly listeners = new Set<() => void>();
  private stop: (() => void) | undefined;
  private waiting: { namespace: Namespace; path: string; since: number } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The rows of every dictionary, published and draft; undefined until first read. Kept
   * when nothing follows them: a document's header is mounted anew for each path opened in
   * it (each step of the queue), and its steps work at once, not after a new query.
   */
  readonly getRows = (): TranslationRow[] | undefined => this.rows;

  /** The first subscriber starts following the documents with `follow`; the last stops. */
  subscribe(listener: () => void, follow: FollowDocuments): () => void {
    this.listeners.add(listener);
    this.stop ??= follow(
      (documents) => this.set(translationRows(documents)),
      () => this.set(translationRows([])),
    );
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0) return;
      this.stop?.();
      this.stop = undefined;
    };
  }

  /** Notes the gap whose dictionary is being opened, for that dictionary to open it. */
  awaitGap(gap: Pick<TranslationGap, 'namespace' | 'path'>): void {
    this.waiting = { namespace: gap.namespace, path: gap.path, since: this.now() };
  }

  /** The path waiting in this dictionary, once; none after WAITING_GAP_MS. */
  takeWaitingGap(namespace: Namespace): string | undefined {
    if (!this.waiting || this.waiting.namespace !== namespace) return undefined;
    const { path, since } = this.waiting;
    this.waiting = null;
    return this.now() - since < WAITING_GAP_MS ? path : undefined;
  }

  private set(rows: TranslationRow[]): void {
    this.rows = rows;
    for (const listener of this.listeners) listener();
  }
}

/**
 * Where a step from a dictionary starts: the editor's place in the queue if it is in this
 * dictionary, else the dictionary's start.
 */
export function stepStart(namespace: Namespace, remembered: QueuePosition | null): QueuePosition {
  if (remembered?.namespace === namespace) return remembered;
  return { namespace, text: -0.5, language: null };
}

export const translationQueueStore = new TranslationQueueStore();
