/**
 * What Sanity's timing asks of the translation queue (./translation-queue-store.ts holds its
 * state): a dictionary's edits are saved before a step leaves it, a gap opens only once its
 * form takes typing, and the same field opens again on a second step to it.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useDocumentOperation, useDocumentStore } from 'sanity';
import { useRouter } from 'sanity/router';
import { usePaneRouter, type useDocumentPane } from 'sanity/structure';
import { documentId, documentType, type Namespace } from '../schemas';
import { rememberEditing } from './editing-context';
import type { TranslationGap } from './translation-overview';
import { translationQueueStore } from './translation-queue-store';

/** The document a step starts in (a dictionary's header): it opens its own gaps itself. */
export interface StepSource {
  readonly namespace: Namespace;
  /** Opens a field of this document, in place. */
  open(path: string): void;
  /** Resolves once this document's edits are saved, before it is left. */
  saved(): Promise<void>;
}

/**
 * Opens a gap: its dictionary at the field to fill, focused. In the document the step
 * starts in, the field opens in place. Another dictionary opens once the edits of the one
 * left are saved: Sanity sends edits up to a second after the last key, and leaving within
 * that second dropped them (the last words typed before a step were never stored, though
 * the form showed them). The place in the queue moves at once, so a second step while
 * waiting steps on from the first one's gap; only the last step opens.
 */
export function useOpenGap(source?: StepSource): (gap: TranslationGap) => void {
  const router = useRouter();
  const latest = useRef(0);
  return useCallback(
    (gap) => {
      rememberEditing({
        queuePosition: { namespace: gap.namespace, text: gap.text, language: gap.language },
      });
      const step = ++latest.current;
      if (source?.namespace === gap.namespace) return source.open(gap.path);
      const open = () => {
        if (step !== latest.current) return;
        translationQueueStore.awaitGap(gap);
        router.navigateIntent('edit', {
          id: documentId(gap.namespace),
          type: documentType(gap.namespace),
        });
      };
      if (source) void source.saved().then(open);
      else open();
    },
    [router, source],
  );
}

/**
 * Saves the open document's edits now (Sanity otherwise sends them up to a second after the
 * last key) and resolves once the document store has them all, as Publish waits for it.
 */
export function useSaveEdits(id: string, type: string): () => Promise<void> {
  const { commit } = useDocumentOperation(id, type);
  const store = useDocumentStore();
  return useCallback(() => {
    commit.execute();
    return new Promise<void>((resolve) => {
      let saved = false;
      const subscription = store.pair.consistencyStatus(id, type).subscribe((consistent) => {
        if (!consistent || saved) return;
        saved = true;
        resolve();
        // Once `subscribe` has returned: the first value may already be the answer.
        queueMicrotask(() => subscription.unsubscribe());
      });
    });
  }, [commit, store, id, type]);
}

/**
 * Opens the gap waiting in this dictionary (useOpenGap) once its form takes typing: loaded,
 * writable, connected (as Sanity decides its inputs' readOnly). Sanity focuses a path given
 * with the intent as soon as the document has loaded, while its inputs are still read-only
 * for 80-210 ms: keys typed at once, as the field showed its focus, were lost.
 */
export function useOpenWaitingGap(
  pane: ReturnType<typeof useDocumentPane>,
  namespace: Namespace | undefined,
  open: (path: string) => void,
): void {
  const writable =
    pane.ready &&
    pane.editState?.ready === true &&
    pane.formState !== null &&
    !pane.formState.readOnly &&
    pane.connectionState !== 'reconnecting';
  useEffect(() => {
    if (!writable || !namespace) return;
    const path = translationQueueStore.takeWaitingGap(namespace);
    if (path) open(path);
  }, [writable, namespace, open]);
}

/**
 * Opens a path of the pane's document as Sanity's own links to a field do: the pane's `path`
 * parameter, which Sanity resolves (list indexes to keys), shows (its tab, the list entries
 * around it) and focuses. The same path again is cleared first: Sanity acts on a change.
 */
export function useOpenPath(): (path: string) => void {
  const { params, setParams } = usePaneRouter();
  const again = useRef<string | null>(null);
  useEffect(() => {
    if (again.current === null || params?.path !== undefined) return;
    const path = again.current;
    again.current = null;
    setParams({ ...params, path });
  }, [params, setParams]);
  return useCallback(
    (path: string) => {
      const { path: current, ...others } = params ?? {};
      if (current !== path) return setParams({ ...others, path });
      again.current = path;
      setParams(others);
    },
    [params, setParams],
  );
}
