/**
 * What the Studio remembers about the editor's work in this browser tab, so that one tool
 * can continue where another left off: the dictionary being edited and the language worked
 * in (the Presentation tool opens that dictionary's page in that language), the place
 * in the translation queue, the languages the queue steps through, and the site the preview
 * last showed. Kept in the tab's session storage (the queue's languages in local storage:
 * an editor's choice for the next day too), never sent anywhere.
 */
import { useSyncExternalStore } from 'react';
import { isNamespace, type Namespace } from '../schemas';
import { isLanguage, type Language } from '../schemas/languages';
import type { QueueLanguage, QueuePosition, TranslatedLanguage } from './translation-overview';

export interface EditingContext {
  /** The dictionary whose form was open last. */
  readonly namespace: Namespace | null;
  /** The language of the field the editor was last in. */
  readonly language: Language | null;
  /**
   * The language of the text the editor last typed in or clicked into: where the work is.
   * Passing a field with Tab does not count.
   */
  readonly workedLanguage: Language | null;
  /** The editor's place in the translation queue: the gap opened or the field focused last. */
  readonly queuePosition: QueuePosition | null;
  /** The languages the queue steps through. */
  readonly queueLanguage: QueueLanguage;
  /** The origin of the site the Presentation tool showed last (`http://localhost:3000`). */
  readonly previewOrigin: string | null;
}

const SESSION_KEY = 'rg-editing-context';
const QUEUE_LANGUAGE_KEY = 'rg-translation-queue-language';

const EMPTY: EditingContext = {
  namespace: null,
  language: null,
  workedLanguage: null,
  queuePosition: null,
  queueLanguage: 'all',
  previewOrigin: null,
};

function readStored(): EditingContext {
  if (typeof window === 'undefined') return EMPTY;
  try {
    const stored = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    const queueLanguage = localStorage.getItem(QUEUE_LANGUAGE_KEY);
    const position = stored.queuePosition as QueuePosition | null | undefined;
    return {
      namespace:
        typeof stored.namespace === 'string' && isNamespace(stored.namespace)
          ? stored.namespace
          : null,
      language: isLanguage(stored.language) ? stored.language : null,
      workedLanguage: isLanguage(stored.workedLanguage) ? stored.workedLanguage : null,
      queuePosition:
        position && typeof position === 'object' && isNamespace(position.namespace)
          ? position
          : null,
      queueLanguage:
        queueLanguage === 'de' || queueLanguage === 'tr' || queueLanguage === 'all'
          ? queueLanguage
          : 'all',
      previewOrigin: typeof stored.previewOrigin === 'string' ? stored.previewOrigin : null,
    };
  } catch {
    return EMPTY;
  }
}

let current: EditingContext = readStored();
const listeners = new Set<() => void>();

export function editingContext(): EditingContext {
  return current;
}

export function rememberEditing(change: Partial<EditingContext>): void {
  const next = { ...current, ...change };
  if (
    Object.entries(change).every(([key, value]) => current[key as keyof EditingContext] === value)
  )
    return;
  current = next;
  try {
    const { queueLanguage, ...session } = next;
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    localStorage.setItem(QUEUE_LANGUAGE_KEY, queueLanguage);
  } catch {
    // Storage refused (private mode, quota): remembered for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useEditingContext(): EditingContext {
  return useSyncExternalStore(subscribe, editingContext, () => EMPTY);
}

export function isTranslatedLanguage(value: unknown): value is TranslatedLanguage {
  return value === 'de' || value === 'tr';
}
