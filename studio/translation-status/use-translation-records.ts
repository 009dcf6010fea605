/**
 * Keeps the record of what English each translation was written against
 * (schemas/translation-status.ts) as an editor works in one text's input:
 *
 * - typing German or Turkish records today's English in the same change, so the
 *   translation is current as soon as it is edited;
 * - changing English leaves the records alone, so the translations show as outdated (the
 *   default); "Wording only" keeps current exactly the translations this edit flagged;
 * - "Still correct" records today's English for one translation without editing it;
 * - "Change in every language" sets translations that were a copy of the English before
 *   (an address, the same in every language) to today's English, in one patch.
 *
 * The language inputs write through the form's callbacks; the text's input provides its
 * own callbacks around them (`onChange` here) to see each change of a language field.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  PatchEvent,
  set,
  setIfMissing,
  unset,
  type FormPatch,
  type ObjectInputProps,
} from 'sanity';
import { isLanguage } from '../../schemas/languages';
import {
  flaggedByEnglishEdit,
  keepCurrent,
  recordChangesForEdit,
  TRANSLATED_FROM,
  translatedFromOf,
  type StoredTranslations,
  type TranslatedLanguage,
} from '../../schemas/translation-status';
import { TRANSLATED_LANGUAGES } from '../../schemas/languages';

type RecordChanges = Partial<Record<TranslatedLanguage, string | null>>;

/** The form patches of record changes, relative to the text's object. */
function recordPatches(value: StoredTranslations | undefined, changes: RecordChanges): FormPatch[] {
  const changed = Object.entries(changes) as [TranslatedLanguage, string | null][];
  if (changed.length === 0) return [];
  const kept = TRANSLATED_LANGUAGES.filter((language) =>
    language in changes
      ? changes[language] !== null
      : translatedFromOf(value, language) !== undefined,
  );
  // No record left: the field goes, so an emptied text leaves nothing behind.
  if (kept.length === 0) return [unset([TRANSLATED_FROM])];
  return [
    setIfMissing({}, [TRANSLATED_FROM]),
    ...changed.map(([language, english]) =>
      english === null
        ? unset([TRANSLATED_FROM, language])
        : set(english, [TRANSLATED_FROM, language]),
    ),
  ];
}

/** What a language field's patch leaves in it; `unchanged` for patches that do not say. */
function valueAfter(patch: FormPatch): { value: unknown } | 'unchanged' {
  if (patch.type === 'set') return { value: patch.value };
  if (patch.type === 'unset') return { value: undefined };
  return 'unchanged';
}

export interface TranslationRecords {
  /** For the language inputs' form callbacks: their patches plus the record changes. */
  readonly onChange: (event: PatchEvent) => void;
  /** "Still correct": these translations match today's English. */
  readonly keepCurrent: (languages: readonly TranslatedLanguage[]) => void;
  /** The translations the English edit in this input flagged (for "Wording only"). */
  readonly flaggedByEdit: readonly TranslatedLanguage[];
  /** "Wording only": the English edit changed no meaning; its flags go. */
  readonly keepWording: () => void;
  /** "Change in every language": these translations become today's English. */
  readonly changeTogether: (languages: readonly TranslatedLanguage[]) => void;
}

export function useTranslationRecords(props: ObjectInputProps): TranslationRecords {
  const value = props.value as StoredTranslations | undefined;
  const { onChange: write } = props;
  /** English as it was when the editor started changing it here. */
  const [englishBefore, setEnglishBefore] = useState<string>();

  const onChange = useCallback(
    (event: PatchEvent) => {
      const changes: RecordChanges = {};
      for (const patch of event.patches) {
        const [language] = patch.path;
        if (patch.path.length !== 1 || !isLanguage(language)) continue;
        const after = valueAfter(patch);
        if (after === 'unchanged') continue;
        if (language === 'en' && englishBefore === undefined)
          setEnglishBefore(typeof value?.en === 'string' ? value.en : '');
        Object.assign(changes, recordChangesForEdit(value, language, after.value));
      }
      write(PatchEvent.from([...event.patches, ...recordPatches(value, changes)]));
    },
    [write, value, englishBefore],
  );

  const flaggedByEdit = useMemo(
    () => (englishBefore === undefined ? [] : flaggedByEnglishEdit(value, englishBefore)),
    [value, englishBefore],
  );
  // The buttons' handlers read the latest text through this, so they stay the same function
  // while English is typed and the notes holding them need not render again.
  const latest = useRef({ value, write, flaggedByEdit });
  useLayoutEffect(() => {
    latest.current = { value, write, flaggedByEdit };
  });
  const keep = useCallback((languages: readonly TranslatedLanguage[]) => {
    const { value: text, write: send } = latest.current;
    send(PatchEvent.from(recordPatches(text, keepCurrent(text, languages))));
  }, []);
  const keepWording = useCallback(() => {
    keep(latest.current.flaggedByEdit);
    // A further English edit starts from here.
    setEnglishBefore(undefined);
  }, [keep]);

  const changeTogether = useCallback((languages: readonly TranslatedLanguage[]) => {
    const { value: text, write: send } = latest.current;
    const english = text?.en;
    if (typeof english !== 'string') return;
    send(
      PatchEvent.from([
        ...languages.map((language) => set(english, [language])),
        ...recordPatches(text, keepCurrent(text, languages)),
      ]),
    );
  }, []);

  return { onChange, keepCurrent: keep, flaggedByEdit, keepWording, changeTogether };
}
