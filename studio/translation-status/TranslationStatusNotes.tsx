/**
 * What the input of a text shows about its translations: beside an outdated German or
 * Turkish text, that English changed since it was translated, the English before and
 * after with the changed words marked, and "Still correct"; while English is being
 * changed, "Wording only" to keep the translations it flagged current.
 */
import { Button, Card, Flex, Stack, Text } from '@sanity/ui';
import { createContext, memo, useContext, useDeferredValue, useMemo, type ReactNode } from 'react';
import { useTranslation, type ObjectInputProps } from 'sanity';
import { styled } from 'styled-components';
import { TRANSLATED_LANGUAGES } from '../../schemas/languages';
import {
  translatedFromOf,
  translationStatus,
  type StoredTranslations,
  type TranslatedLanguage,
} from '../../schemas/translation-status';
import { englishChange, type ChangedPart } from './english-change';
import {
  TRANSLATION_STATUS_NAMESPACE,
  type TranslationStatusTextKey,
} from './translation-status-i18n';
import type { TranslationRecords } from './use-translation-records';

function useStatusText() {
  const { t } = useTranslation(TRANSLATION_STATUS_NAMESPACE);
  return (key: TranslationStatusTextKey, values?: Record<string, string | number>) =>
    values ? t(key, values) : t(key);
}

/** Read by screen readers, not shown: whether a marked word was removed or added. */
const ScreenReaderOnly = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const Removed = styled.del`
  background: rgba(229, 57, 53, 0.18);
  text-decoration-thickness: 1px;
  border-radius: 2px;
`;

const Added = styled.ins`
  background: rgba(67, 160, 71, 0.22);
  text-decoration: none;
  border-radius: 2px;
`;

/** Line breaks of a paragraph stay visible. */
const Wrapped = styled.span`
  white-space: pre-wrap;
`;

function ChangedText({
  label,
  parts,
  mark,
  testId,
}: {
  label: string;
  parts: readonly ChangedPart[];
  mark: 'removed' | 'added';
  testId: string;
}) {
  const text = useStatusText();
  const Mark = mark === 'removed' ? Removed : Added;
  return (
    <Stack gap={2}>
      <Text size={0} muted weight="medium">
        {label}
      </Text>
      <Text size={1} data-testid={testId}>
        <Wrapped>
          {parts.map((part, index) =>
            part.changed ? (
              <Mark key={index}>
                <ScreenReaderOnly>{text(`outdated.${mark}`)} </ScreenReaderOnly>
                {part.text}
              </Mark>
            ) : (
              part.text
            ),
          )}
        </Wrapped>
      </Text>
    </Stack>
  );
}

/** Today's English, to the parts of a note that show it (see `OutdatedNote`). */
const EnglishNow = createContext('');

/**
 * One note for the translations written against the same English (usually German and
 * Turkish together, after one English edit), with "Still correct" for each. While English
 * is typed only the lines showing it render again, not the note around them.
 */
export function OutdatedNote({
  english,
  ...frame
}: OutdatedNoteFrameProps & {
  english: string;
}) {
  return (
    <EnglishNow.Provider value={english}>
      <OutdatedNoteFrame {...frame} />
    </EnglishNow.Provider>
  );
}

interface OutdatedNoteFrameProps {
  languages: readonly TranslatedLanguage[];
  /** The English the translations were written against. */
  translatedFrom: string;
  onKeep: (languages: readonly TranslatedLanguage[]) => void;
}

const OutdatedNoteFrame = memo(function OutdatedNoteFrame({
  languages,
  translatedFrom,
  onKeep,
}: OutdatedNoteFrameProps) {
  const text = useStatusText();
  const nameOf = (language: TranslatedLanguage) => text(`language.${language}`);
  return (
    <Card
      tone="caution"
      padding={3}
      radius={2}
      border
      data-testid="outdated-note"
      data-languages={languages.join(' ')}
    >
      <Stack gap={3}>
        <Flex gap={3} align="center" justify="space-between" wrap="wrap">
          <Text size={1} weight="medium">
            {text('outdated.note-in', { language: listed(languages.map(nameOf), text) })}
          </Text>
          <Flex gap={2} wrap="wrap">
            {languages.map((language) => (
              <Button
                key={language}
                mode="ghost"
                padding={2}
                fontSize={1}
                text={
                  languages.length === 1
                    ? text('outdated.keep')
                    : text('outdated.keep-language', { language: nameOf(language) })
                }
                title={text('outdated.keep-title', { language: nameOf(language) })}
                onClick={() => onKeep([language])}
                data-testid={`keep-current-${language}`}
              />
            ))}
          </Flex>
        </Flex>
        <EnglishChange translatedFrom={translatedFrom} testId={languages.join('-')} />
      </Stack>
    </Card>
  );
}, sameLanguagesAndProps);

function EnglishChange({ translatedFrom, testId }: { translatedFrom: string; testId: string }) {
  const text = useStatusText();
  const english = useContext(EnglishNow);
  const change = useMemo(() => englishChange(translatedFrom, english), [translatedFrom, english]);
  return (
    <>
      <ChangedText
        label={text('outdated.before')}
        parts={change.before}
        mark="removed"
        testId={`outdated-before-${testId}`}
      />
      <ChangedText
        label={text('outdated.after')}
        parts={change.after}
        mark="added"
        testId={`outdated-after-${testId}`}
      />
    </>
  );
}

/** Props equal, a list of languages by its content (it is computed again on every edit). */
function sameLanguagesAndProps<P extends { languages: readonly TranslatedLanguage[] }>(
  a: P,
  b: P,
): boolean {
  const keys = Object.keys(a) as (keyof P)[];
  return keys.every((key) =>
    key === 'languages' ? a.languages.join() === b.languages.join() : a[key] === b[key],
  );
}

/** "German", "German and Turkish". */
function listed(names: readonly string[], text: ReturnType<typeof useStatusText>): string {
  const [first = '', second] = names;
  return second === undefined ? first : text('language.and', { first, second });
}

/**
 * A note with one button for some translations at once:
 * - `wording`: English changed in wording only; one click keeps the translations current;
 * - `copy`: translations that were, word for word, the English before it changed (an address,
 *   a name: the same in every language): not outdated, and one click makes them today's English.
 */
const ACTION_NOTES = {
  wording: {
    note: 'wording.note',
    button: 'wording.keep',
    card: 'wording-only-note',
    id: 'wording-only',
  },
  copy: {
    note: 'copy.note',
    button: 'copy.change',
    card: 'copy-note',
    id: 'change-every-language',
  },
} as const;

export const ActionNote = memo(function ActionNote({
  kind,
  languages,
  onAction,
}: {
  kind: keyof typeof ACTION_NOTES;
  languages: readonly TranslatedLanguage[];
  onAction: (languages: readonly TranslatedLanguage[]) => void;
}) {
  const text = useStatusText();
  const names = languages.map((language) => text(`language.${language}`));
  const { note, button, card, id } = ACTION_NOTES[kind];
  return (
    <Card tone="primary" padding={3} radius={2} border data-testid={card}>
      <Flex gap={3} align="center" justify="space-between" wrap="wrap">
        <Text size={1}>{text(note, { languages: listed(names, text) })}</Text>
        <Button
          mode="ghost"
          padding={2}
          fontSize={1}
          text={text(button)}
          onClick={() => onAction(languages)}
          data-testid={id}
        />
      </Flex>
    </Card>
  );
}, sameLanguagesAndProps);

/**
 * The notes a text's input shows, by the language field they follow (English: "Wording
 * only"), for the languages the language filter shows. Under a row of short texts,
 * translations written against the same English share one note.
 *
 * They follow the text in a render of their own, after the keystroke's, so typing English
 * in a large dictionary paints as soon as without them (npm run bench:studio).
 */
export function useStatusNotes(
  props: ObjectInputProps,
  records: TranslationRecords,
  row: boolean,
): Map<string, ReactNode> {
  const value = useDeferredValue(props.value) as StoredTranslations | undefined;
  const flaggedByEdit = useDeferredValue(records.flaggedByEdit);
  const shownNames = props.members.map((member) => ('name' in member ? member.name : '')).join(' ');
  const { keepWording, keepCurrent, changeTogether } = records;
  // The same notes while only the text typed changes, so the fields they follow stay as they are.
  return useMemo(() => {
    const shown = new Set(shownNames.split(' '));
    const notes = new Map<string, ReactNode>();
    if (flaggedByEdit.length > 0 && shown.has('en'))
      notes.set(
        'en',
        <ActionNote key="en" kind="wording" languages={flaggedByEdit} onAction={keepWording} />,
      );
    const outdated = new Map<string, TranslatedLanguage[]>();
    const copies: TranslatedLanguage[] = [];
    for (const language of TRANSLATED_LANGUAGES) {
      const translatedFrom = translatedFromOf(value, language);
      if (!shown.has(language) || translatedFrom === undefined) continue;
      const status = translationStatus(value, language);
      if (status === 'copy') copies.push(language);
      if (status !== 'outdated') continue;
      const group = row ? translatedFrom : language;
      outdated.set(group, [...(outdated.get(group) ?? []), language]);
    }
    for (const languages of outdated.values()) {
      const [first] = languages as [TranslatedLanguage];
      notes.set(
        first,
        <OutdatedNote
          key={first}
          languages={languages}
          translatedFrom={translatedFromOf(value, first)!}
          english={value?.en as string}
          onKeep={keepCurrent}
        />,
      );
    }
    const [firstCopy] = copies;
    if (firstCopy && !notes.has(firstCopy))
      notes.set(
        firstCopy,
        <ActionNote
          key={`copy-${firstCopy}`}
          kind="copy"
          languages={copies}
          onAction={changeTogether}
        />,
      );
    return notes;
  }, [value, flaggedByEdit, shownNames, row, keepWording, keepCurrent, changeTogether]);
}
