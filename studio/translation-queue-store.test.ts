/** The translation queue's state on its own (./translation-queue-store.ts): no Studio, no React. */
import { describe, expect, it } from 'vitest';
import { documentId } from '@/schemas';
import { translationRows } from './translation-overview';
import {
  stepStart,
  TranslationQueueStore,
  WAITING_GAP_MS,
  type FollowDocuments,
  type StoredDocument,
} from './translation-queue-store';

/** A stand-in for the Studio's live query: the test hands it documents. */
class DocumentsSource {
  started = 0;
  stopped = 0;
  read: ((documents: StoredDocument[]) => void) | undefined;
  failed: (() => void) | undefined;
  readonly follow: FollowDocuments = (read, failed) => {
    this.started += 1;
    this.read = read;
    this.failed = failed;
    return () => (this.stopped += 1);
  };
}

const HERO = [{ _id: documentId('hero'), _type: 'hero' }];

describe('TranslationQueueStore', () => {
  it('follows the documents once while anything shows them, and keeps the rows after', () => {
    const store = new TranslationQueueStore();
    const source = new DocumentsSource();
    let heard = 0;
    const first = store.subscribe(() => (heard += 1), source.follow);
    const second = store.subscribe(() => (heard += 1), source.follow);
    expect(source.started).toBe(1);
    expect(store.getRows()).toBeUndefined();

    source.read!(HERO);
    expect(heard).toBe(2);
    const rows = store.getRows();
    expect(rows).toEqual(translationRows(HERO));
    // The same rows until the documents change: React sees no change in between.
    expect(store.getRows()).toBe(rows);

    first();
    expect(source.stopped).toBe(0);
    second();
    expect(source.stopped).toBe(1);
    // A header mounted anew shows the rows at once, while following starts again.
    expect(store.getRows()).toBe(rows);
    store.subscribe(() => undefined, source.follow);
    expect(source.started).toBe(2);
  });

  it('shows every dictionary with nothing read when the query fails', () => {
    const store = new TranslationQueueStore();
    const source = new DocumentsSource();
    store.subscribe(() => undefined, source.follow);
    source.failed!();
    expect(store.getRows()).toEqual(translationRows([]));
  });

  it('opens a waiting gap once, in its own dictionary, and forgets it after 30 seconds', () => {
    let now = 0;
    const store = new TranslationQueueStore(() => now);
    store.awaitGap({ namespace: 'hero', path: 'title.main.de' });
    expect(store.takeWaitingGap('faq')).toBeUndefined();
    expect(store.takeWaitingGap('hero')).toBe('title.main.de');
    expect(store.takeWaitingGap('hero')).toBeUndefined();

    store.awaitGap({ namespace: 'hero', path: 'title.main.tr' });
    now = WAITING_GAP_MS;
    expect(store.takeWaitingGap('hero')).toBeUndefined();
  });
});

describe('stepStart', () => {
  it('steps from the remembered place in this dictionary, else from its start', () => {
    const place = { namespace: 'hero', text: 3, language: 'de' } as const;
    expect(stepStart('hero', place)).toBe(place);
    expect(stepStart('faq', place)).toEqual({ namespace: 'faq', text: -0.5, language: null });
    expect(stepStart('faq', null)).toEqual({ namespace: 'faq', text: -0.5, language: null });
  });
});
