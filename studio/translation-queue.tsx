/**
 * Stepping through the translation queue (./translation-overview.ts): Previous and Next, in
 * the Translations tool and in every dictionary's header, and the same two steps from the
 * keyboard (Alt+Page Down, Alt+Page Up). A step starts where the editor was last: the field
 * last focused or the gap last opened; from a dictionary that holds neither, at its start.
 * Each opens the gap's dictionary at the field to fill, focused, ready to type.
 */
import { ArrowDownIcon } from '@sanity/icons/ArrowDown';
import { ArrowUpIcon } from '@sanity/icons/ArrowUp';
import { Badge, Button, Flex, Text } from '@sanity/ui';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import {
  listenQuery,
  useClient,
  useDocumentOperation,
  useDocumentStore,
  useTranslation,
  type Path,
} from 'sanity';
import { useRouter } from 'sanity/router';
import { useDocumentPane, usePaneRouter } from 'sanity/structure';
import {
  documentId,
  documentType,
  namespaceOfDocumentType,
  NAMESPACES,
  type Namespace,
} from '../schemas';
import {
  editingContext,
  isTranslatedLanguage,
  rememberEditing,
  useEditingContext,
} from './editing-context';
import { EDITOR_NAMESPACE } from './editor-i18n';
import {
  positionOf,
  stepQueue,
  storedPathString,
  translationQueue,
  translationRows,
  type QueuePosition,
  type TranslationGap,
  type TranslationRow,
} from './translation-overview';

const IDS = NAMESPACES.flatMap((namespace) => [
  documentId(namespace),
  `drafts.${documentId(namespace)}`,
]);

type StoredDocument = { _id: string; _type?: string };

/**
 * The documents as last read. A document's header is mounted anew for each path opened in
 * it (each step of the queue): with these, its steps work at once, not after a new query.
 */
let lastRead: StoredDocument[] | undefined;

/** Every dictionary, published and draft, followed live; undefined while loading. */
export function useTranslationRows(): TranslationRow[] | undefined {
  const client = useClient({ apiVersion: '2025-02-19' });
  const [documents, setDocuments] = useState<StoredDocument[] | undefined>(lastRead);
  useEffect(() => {
    const subscription = listenQuery(
      client,
      '*[_id in $ids]',
      { ids: IDS },
      { perspective: 'raw', throttleTime: 500, tag: 'translation-queue' },
    ).subscribe({
      next: (read: StoredDocument[]) => {
        lastRead = read;
        setDocuments(read);
      },
      error: () => setDocuments([]),
    });
    return () => subscription.unsubscribe();
  }, [client]);
  return useMemo(() => (documents ? translationRows(documents) : undefined), [documents]);
}

/** The document a step starts in (a dictionary's header): it opens its own gaps itself. */
export interface StepSource {
  readonly namespace: Namespace;
  /** Opens a field of this document, in place. */
  open(path: string): void;
  /** Resolves once this document's edits are saved, before it is left. */
  saved(): Promise<void>;
}

/**
 * A gap whose dictionary is being opened: its field opens once the form takes typing
 * (DocumentQueueNav). Sanity focuses a path given with the intent as soon as the document
 * has loaded, while its inputs are still read-only for 80-210 ms: keys typed at once, as
 * the field showed its focus, were lost.
 */
let waitingGap: { namespace: Namespace; path: string; since: number } | null = null;
/** A gap not opened by then was left for something else (the editor went elsewhere). */
const WAITING_GAP_MS = 30_000;

function takeWaitingGap(namespace: Namespace): string | undefined {
  if (!waitingGap || waitingGap.namespace !== namespace) return undefined;
  const { path, since } = waitingGap;
  waitingGap = null;
  return Date.now() - since < WAITING_GAP_MS ? path : undefined;
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
        waitingGap = { namespace: gap.namespace, path: gap.path, since: Date.now() };
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
function useSaveEdits(id: string, type: string): () => Promise<void> {
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
 * The step a key press asks for: Alt+Page Down the next gap, Alt+Page Up the previous one (as
 * in Weblate). Typing a text is followed by the next one without leaving the keyboard: the
 * header's buttons are a dozen Shift+Tabs back, through fields that would move the place
 * the step starts from.
 */
function stepOfKey(event: KeyboardEvent): 1 | -1 | undefined {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.repeat) return;
  if (event.key === 'PageDown') return 1;
  if (event.key === 'PageUp') return -1;
}

/** The ARIA names of the two keys (aria-keyshortcuts). */
const NEXT_KEYS = 'Alt+PageDown';
const PREVIOUS_KEYS = 'Alt+PageUp';

/** The part of the page a document's header belongs to: the one that also holds its form. */
function documentOf(header: HTMLElement): HTMLElement | null {
  for (let node = header.parentElement; node; node = node.parentElement)
    if (node.querySelector('[data-testid="document-panel-scroller"]')) return node;
  return null;
}

/**
 * Previous and Next over the queue. `from` is read at the click: the place to step from.
 * `compact` draws icons only (a document's header), with the names as labels and tooltips.
 * The keys step too: in a document's header (`compact`), from inside that document only (a
 * split pane shows two); in the tool, from anywhere in it.
 */
export function QueueButtons({
  rows,
  from,
  source,
  compact = false,
}: {
  rows: readonly TranslationRow[];
  from: () => QueuePosition | null;
  /** The document the buttons are in. */
  source?: StepSource;
  compact?: boolean;
}) {
  const root = useRef<HTMLDivElement>(null);
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const { queueLanguage } = useEditingContext();
  const queue = useMemo(() => translationQueue(rows, queueLanguage), [rows, queueLanguage]);
  const open = useOpenGap(source);
  const language = isTranslatedLanguage(queueLanguage)
    ? t(`language.${queueLanguage}`)
    : t('queue.all-languages');
  const step = (direction: 1 | -1) => {
    const gap = stepQueue(queue, from(), direction);
    if (gap) open(gap);
  };
  const disabled = queue.length === 0;
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const direction = stepOfKey(event);
    if (!direction || disabled) return;
    if (compact) {
      const edited = root.current && documentOf(root.current);
      if (!edited || !(event.target instanceof Node) || !edited.contains(event.target)) return;
    }
    event.preventDefault();
    step(direction);
  });
  useEffect(() => {
    // Capturing: an input's own key handling comes after.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  const count = disabled ? t('queue.empty') : t('queue.count', { count: queue.length });
  const previous = t('queue.previous-title', { language });
  const next = t('queue.next-title', { language });
  return (
    <Flex align="center" gap={1} data-testid="translation-queue" ref={root}>
      <Button
        mode={compact ? 'bleed' : 'ghost'}
        icon={ArrowUpIcon}
        {...(compact ? { 'aria-label': previous } : { text: t('queue.previous') })}
        title={`${previous} (${t('queue.previous-keys')})`}
        aria-keyshortcuts={PREVIOUS_KEYS}
        disabled={disabled}
        onClick={() => step(-1)}
        data-testid="queue-previous"
      />
      <Button
        mode={compact ? 'bleed' : 'ghost'}
        icon={ArrowDownIcon}
        {...(compact ? { 'aria-label': next } : { text: t('queue.next') })}
        title={`${next} (${t('queue.next-keys')})`}
        aria-keyshortcuts={NEXT_KEYS}
        disabled={disabled}
        onClick={() => step(1)}
        data-testid="queue-next"
      />
      {compact ? (
        queue.length > 0 && (
          <Badge
            fontSize={1}
            tone="caution"
            title={count}
            data-testid="queue-count"
            data-count={queue.length}
          >
            {queue.length}
          </Badge>
        )
      ) : (
        <Text size={1} muted data-testid="queue-count" data-count={queue.length}>
          {count}
        </Text>
      )}
    </Flex>
  );
}

/** Sanity's focus path as the queue writes stored paths. */
function pathString(path: Path): string {
  return storedPathString(
    path.map((segment) =>
      typeof segment === 'string' || typeof segment === 'number'
        ? segment
        : '_key' in segment
          ? { _key: segment._key }
          : String(segment),
    ),
  );
}

/**
 * In a dictionary's header: Previous and Next missing translation, from the field the editor
 * is (or was last) in. Also notes the dictionary as the one being edited (for Presentation).
 */
export function DocumentQueueNav() {
  const pane = useDocumentPane();
  const { focusPath } = pane;
  const namespace = namespaceOfDocumentType(pane.documentType);
  const rows = useTranslationRows();
  const saved = useSaveEdits(pane.documentId, pane.documentType);
  const row = rows?.find((r) => r.namespace === namespace);
  // Read at a focus change only: the rows change as the editor types, and must not move
  // the place back to a field the editor has left.
  const currentRow = useRef(row);
  useEffect(() => {
    currentRow.current = row;
  }, [row]);
  // The place to step from is the field the editor is (or was last) in, kept when a button
  // takes the focus. A step sets it too (useOpenGap), at once: the opened field gets the
  // focus a moment later, and a second key press in between steps on from the opened gap.
  useEffect(() => {
    const focusedRow = currentRow.current;
    if (focusPath.length === 0 || !focusedRow) return;
    const language = focusPath.at(-1);
    rememberEditing({
      queuePosition: positionOf(
        focusedRow,
        pathString(focusPath),
        isTranslatedLanguage(language) ? language : null,
      ),
    });
  }, [focusPath]);

  useEffect(() => {
    if (namespace) rememberEditing({ namespace });
  }, [namespace]);
  const focusedLanguage = focusPath.at(-1);
  useEffect(() => {
    if (focusedLanguage === 'en' || isTranslatedLanguage(focusedLanguage))
      rememberEditing({ language: focusedLanguage });
  }, [focusedLanguage]);

  const open = useOpenPath();
  // The form takes typing: loaded, writable, connected (as Sanity decides its inputs' readOnly).
  const writable =
    pane.ready &&
    pane.editState?.ready === true &&
    pane.formState !== null &&
    !pane.formState.readOnly &&
    pane.connectionState !== 'reconnecting';
  useEffect(() => {
    if (!writable || !namespace) return;
    const path = takeWaitingGap(namespace);
    if (path) open(path);
  }, [writable, namespace, open]);
  const source = useMemo(
    () => (namespace ? { namespace, open, saved } : undefined),
    [namespace, open, saved],
  );

  if (!rows || !row || !namespace || !source) return null;
  const from = (): QueuePosition => {
    const { queuePosition } = editingContext();
    if (queuePosition?.namespace === namespace) return queuePosition;
    return { namespace, text: -0.5, language: null };
  };
  return <QueueButtons rows={rows} from={from} source={source} compact />;
}

/**
 * Opens a path of the pane's document as Sanity's own links to a field do: the pane's `path`
 * parameter, which Sanity resolves (list indexes to keys), shows (its tab, the list entries
 * around it) and focuses. The same path again is cleared first: Sanity acts on a change.
 */
function useOpenPath(): (path: string) => void {
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
