/**
 * The input of one text in every language. Short texts (labels, titles, button labels,
 * addresses) put English, German and Turkish side by side once the form is wide enough for
 * all of them (a narrow pane or a deeply nested entry stacks them again, rather than leaving
 * one language alone on a second row); long texts keep them one under the other at the full
 * width. The language filter has already removed the languages an editor hid (it wraps
 * every object input), so there is one column per language shown.
 *
 * It also keeps and shows each translation's status (./translation-status/): an outdated
 * German or Turkish text gets a note under its field (under the row, for short texts), and
 * edits record the English each translation was written against.
 */
import { Stack } from '@sanity/ui';
import { useCallback, type CSSProperties } from 'react';
import {
  FormCallbacksProvider,
  ObjectInputMembers,
  useFormCallbacks,
  type ObjectInputProps,
  type RenderFieldCallback,
} from 'sanity';
import { styled } from 'styled-components';
import type { LocalizedTypeOptions } from '../schemas/sanity';
import { useStatusNotes } from './translation-status/TranslationStatusNotes';
import { useTranslationRecords } from './translation-status/use-translation-records';

const Row = styled.div`
  container-type: inline-size;
  & > [data-language-columns] {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 1rem 0.75rem;
    /* Inputs line up even when one language's title or warning takes more room. */
    align-items: end;
  }
  @container (min-width: 30rem) {
    & > [data-language-columns] {
      grid-template-columns: repeat(var(--language-columns), minmax(0, 1fr));
    }
  }
`;

export function LocalizedTextInput(props: ObjectInputProps) {
  const options = props.schemaType.options as Partial<LocalizedTypeOptions> | undefined;
  const row = options?.languageLayout === 'row';
  const callbacks = useFormCallbacks();
  const records = useTranslationRecords(props);
  const notes = useStatusNotes(props, records, row);
  const { renderField } = props;
  // Long texts: each note right under its own field.
  const renderFieldWithNote: RenderFieldCallback = useCallback(
    (fieldProps) => (
      <>
        {renderField(fieldProps)}
        {notes.get(fieldProps.name)}
      </>
    ),
    [renderField, notes],
  );
  const members = (
    <FormCallbacksProvider {...callbacks} onChange={records.onChange}>
      <ObjectInputMembers
        members={props.members}
        {...(props.renderAnnotation && { renderAnnotation: props.renderAnnotation })}
        {...(props.renderBlock && { renderBlock: props.renderBlock })}
        renderField={row ? renderField : renderFieldWithNote}
        {...(props.renderInlineBlock && { renderInlineBlock: props.renderInlineBlock })}
        renderInput={props.renderInput}
        renderItem={props.renderItem}
        renderPreview={props.renderPreview}
      />
    </FormCallbacksProvider>
  );
  if (row)
    return (
      <Row data-language-layout="row">
        <div
          data-language-columns
          style={{ '--language-columns': Math.max(1, props.members.length) } as CSSProperties}
        >
          {members}
          {/* Short texts: the notes under the row, where they do not push one input down. */}
          {notes.size > 0 && (
            <Stack gap={3} style={{ gridColumn: '1 / -1' }}>
              {[...notes.values()]}
            </Stack>
          )}
        </div>
      </Row>
    );
  return (
    <Stack gap={4} data-language-layout="stack">
      {members}
    </Stack>
  );
}
