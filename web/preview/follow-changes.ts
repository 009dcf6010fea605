/**
 * The framed preview follows every change that ends a draft or changes what is published.
 *
 * Sanity's Presentation tool asks the page to refresh when the document it has open gets a
 * new revision, but not when that document's draft disappears (⋯ → Discard changes: it
 * posts a refresh only for a document that exists), and a restore in the Versions tool or
 * a publish by someone else changes documents it does not have open. It does forward every
 * change of the dataset to the page, for the overlay's optimistic state
 * (`presentation/snapshot-event`, listener `mutation` events): the page refreshes on each
 * that removes a dictionary's draft or changes a published dictionary.
 */
import { DICTIONARY_ID_PREFIX } from '@/schemas';

const SNAPSHOT_EVENT = 'presentation/snapshot-event';
/** One transaction (a publish: the draft goes, the published document changes) refreshes once. */
const SETTLE_MS = 100;

interface MutationEvent {
  readonly type: 'mutation';
  readonly documentId: string;
  readonly transition: 'update' | 'appear' | 'disappear';
}

function changeOf(message: unknown): MutationEvent | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, data } = message as { type?: unknown; data?: { event?: Partial<MutationEvent> } };
  const event = data?.event;
  if (type !== SNAPSHOT_EVENT || event?.type !== 'mutation') return undefined;
  return typeof event.documentId === 'string' ? (event as MutationEvent) : undefined;
}

/** Whether the page may now show other texts than it does: a draft gone, a publish. */
export function changesWhatIsShown(event: MutationEvent): boolean {
  const draft = event.documentId.startsWith('drafts.');
  const id = draft ? event.documentId.slice('drafts.'.length) : event.documentId;
  if (!id.startsWith(DICTIONARY_ID_PREFIX)) return false;
  return draft ? event.transition === 'disappear' : true;
}

/** Calls `refresh` after each such change the Studio around `frame` reports; returns the stop. */
export function followStudioChanges(frame: Window, refresh: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onMessage = (message: MessageEvent) => {
    // Only the Studio the page is framed in speaks for the dataset.
    if (message.source !== frame.parent || frame.parent === frame) return;
    const event = changeOf(message.data);
    if (!event || !changesWhatIsShown(event)) return;
    clearTimeout(timer);
    timer = setTimeout(refresh, SETTLE_MS);
  };
  frame.addEventListener('message', onMessage);
  return () => {
    clearTimeout(timer);
    frame.removeEventListener('message', onMessage);
  };
}
