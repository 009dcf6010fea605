/**
 * Stepping through the translation queue (./translation-overview.ts): Previous and Next, in
 * the Translations tool and in every dictionary's header, and the same two steps from the
 * keyboard (Alt+Page Down, Alt+Page Up). A step starts where the editor was last: the field
 * last focused or the gap last opened; from a dictionary that holds neither, at its start.
 * Each opens the gap's dictionary at the field to fill, focused, ready to type. The queue's
 * state is ./translation-queue-store.ts; Sanity's timing, ./translation-queue-timing.ts.
 */
import { ArrowDownIcon } from '@sanity/icons/ArrowDown';
import { ArrowUpIcon } from '@sanity/icons/ArrowUp';
import { Badge, Button, Flex, Text } from '@sanity/ui';
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { listenQuery, useClient, useTranslation, type Path } from 'sanity';
import { useDocumentPane } from 'sanity/structure';
import { documentId, namespaceOfDocumentType, NAMESPACES } from '../schemas';
import { storedPathString } from '../schemas/walk';
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
  translationQueue,
  type QueuePosition,
  type TranslationRow,
} from './translation-overview';
import {
  stepStart,
  translationQueueStore,
  type FollowDocuments,
  type StoredDocument,
} from './translation-queue-store';
import {
  useOpenGap,
  useOpenPath,
  useOpenWaitingGap,
  useSaveEdits,
  type StepSource,
} from './translation-queue-timing';

const IDS = NAMESPACES.flatMap((namespace) => [
  documentId(namespace),
  `drafts.${documentId(namespace)}`,
]);

/** Every dictionary, published and draft, followed live; undefined while loading. */
export function useTranslationRows(): TranslationRow[] | undefined {
  const client = useClient({ apiVersion: '2025-02-19' });
  const subscribe = useCallback(
    (listener: () => void) => {
      const follow: FollowDocuments = (read, failed) => {
        const subscription = listenQuery(
          client,
          '*[_id in $ids]',
          { ids: IDS },
          { perspective: 'raw', throttleTime: 500, tag: 'translation-queue' },
        ).subscribe({ next: (documents: StoredDocument[]) => read(documents), error: failed });
        return () => subscription.unsubscribe();
      };
      return translationQueueStore.subscribe(listener, follow);
    },
    [client],
  );
  return useSyncExternalStore(subscribe, translationQueueStore.getRows, () => undefined);
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
  useOpenWaitingGap(pane, namespace, open);
  const source = useMemo(
    () => (namespace ? { namespace, open, saved } : undefined),
    [namespace, open, saved],
  );

  if (!rows || !row || !namespace || !source) return null;
  const from = (): QueuePosition => stepStart(namespace, editingContext().queuePosition);
  return <QueueButtons rows={rows} from={from} source={source} compact />;
}
