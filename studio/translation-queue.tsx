/**
 * Stepping through the translation queue (./translation-overview.ts): Previous and Next, in
 * the Translations tool and in every dictionary's header. From a dictionary the step starts
 * at the field the editor was last in; from the tool, at the gap opened last. Each opens the
 * gap's dictionary at the field to fill, focused, ready to type.
 */
import { ArrowDownIcon } from '@sanity/icons/ArrowDown';
import { ArrowUpIcon } from '@sanity/icons/ArrowUp';
import { Badge, Button, Flex, Text } from '@sanity/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { listenQuery, useClient, useTranslation, type Path } from 'sanity';
import { useRouter } from 'sanity/router';
import { useDocumentPane } from 'sanity/structure';
import { documentId, documentType, namespaceOfDocumentType, NAMESPACES } from '../schemas';
import { LANGUAGE_NAMES } from '../schemas/languages';
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

/** Every dictionary, published and draft, followed live; undefined while loading. */
export function useTranslationRows(): TranslationRow[] | undefined {
  const client = useClient({ apiVersion: '2025-02-19' });
  const [documents, setDocuments] = useState<{ _id: string; _type?: string }[]>();
  useEffect(() => {
    const subscription = listenQuery(
      client,
      '*[_id in $ids]',
      { ids: IDS },
      { perspective: 'raw', throttleTime: 500, tag: 'translation-queue' },
    ).subscribe({ next: setDocuments, error: () => setDocuments([]) });
    return () => subscription.unsubscribe();
  }, [client]);
  return useMemo(() => (documents ? translationRows(documents) : undefined), [documents]);
}

/** Opens a gap: its dictionary at the field to fill, which Sanity focuses. */
export function useOpenGap(): (gap: TranslationGap) => void {
  const router = useRouter();
  return useCallback(
    (gap) => {
      rememberEditing({
        queuePosition: { namespace: gap.namespace, text: gap.text, language: gap.language },
      });
      router.navigateIntent('edit', {
        id: documentId(gap.namespace),
        type: documentType(gap.namespace),
        path: gap.path,
      });
    },
    [router],
  );
}

function queueLanguageName(language: string, allLanguages: string): string {
  return isTranslatedLanguage(language) ? LANGUAGE_NAMES[language] : allLanguages;
}

/**
 * Previous and Next over the queue. `from` is read at the click: the place to step from.
 * `compact` draws icons only (a document's header), with the names as labels and tooltips.
 */
export function QueueButtons({
  rows,
  from,
  compact = false,
}: {
  rows: readonly TranslationRow[];
  from: () => QueuePosition | null;
  compact?: boolean;
}) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const { queueLanguage } = useEditingContext();
  const queue = useMemo(() => translationQueue(rows, queueLanguage), [rows, queueLanguage]);
  const open = useOpenGap();
  const language = queueLanguageName(queueLanguage, t('queue.all-languages'));
  const step = (direction: 1 | -1) => {
    const gap = stepQueue(queue, from(), direction);
    if (gap) open(gap);
  };
  const disabled = queue.length === 0;
  const count = disabled ? t('queue.empty') : t('queue.count', { count: queue.length });
  const previous = t('queue.previous-title', { language });
  const next = t('queue.next-title', { language });
  return (
    <Flex align="center" gap={1} data-testid="translation-queue">
      <Button
        mode={compact ? 'bleed' : 'ghost'}
        icon={ArrowUpIcon}
        {...(compact ? { 'aria-label': previous } : { text: t('queue.previous') })}
        title={previous}
        disabled={disabled}
        onClick={() => step(-1)}
        data-testid="queue-previous"
      />
      <Button
        mode={compact ? 'bleed' : 'ghost'}
        icon={ArrowDownIcon}
        {...(compact ? { 'aria-label': next } : { text: t('queue.next') })}
        title={next}
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
  // The focus leaves the field when a button is pressed: step from where it was.
  const lastFocus = useRef<Path>([]);
  useEffect(() => {
    if (focusPath.length > 0) lastFocus.current = focusPath;
  }, [focusPath]);

  useEffect(() => {
    if (namespace) rememberEditing({ namespace });
  }, [namespace]);
  const focusedLanguage = focusPath.at(-1);
  useEffect(() => {
    if (focusedLanguage === 'en' || isTranslatedLanguage(focusedLanguage))
      rememberEditing({ language: focusedLanguage });
  }, [focusedLanguage]);

  const row = rows?.find((r) => r.namespace === namespace);
  if (!rows || !row || !namespace) return null;
  const from = (): QueuePosition => {
    const path = lastFocus.current;
    if (path.length > 0) {
      const language = path.at(-1);
      return positionOf(row, pathString(path), isTranslatedLanguage(language) ? language : null);
    }
    const { queuePosition } = editingContext();
    if (queuePosition?.namespace === namespace) return queuePosition;
    return { namespace, text: -0.5, language: null };
  };
  return <QueueButtons rows={rows} from={from} compact />;
}
