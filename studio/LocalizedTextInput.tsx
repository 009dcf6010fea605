/**
 * The input of one text in every language: one grid holding each language's label and input
 * (./LanguageField.tsx) row by row, then the text's one actions menu (./text-actions.tsx),
 * so Tab runs English → German → Turkish → actions.
 *
 * One language per row, its label beside its input: a text takes a line per language, and
 * each input is as wide as the form allows. Side by side, three short inputs in Sanity's
 * form (at most 640 px wide, on any screen) were 183 px each and cut titles, button labels
 * and the copyright template, hiding the `{year}` an editor had just deleted. In a narrow
 * pane (the Presentation tool's, a nested list entry) the label goes above its input, which
 * then takes the whole width. The language filter has already removed the languages an
 * editor hid (it wraps every object input), so there is one row per language shown.
 *
 * It also keeps and shows each translation's status (./translation-status/): an outdated
 * German or Turkish text gets a note under the text's languages (one for the translations
 * written against the same English), and edits record the English each translation was
 * written against.
 */
import { Stack } from '@sanity/ui';
import {
  FormCallbacksProvider,
  ObjectInputMembers,
  useFormCallbacks,
  type ObjectInputProps,
} from 'sanity';
import { styled } from 'styled-components';
import { TextActions } from './text-actions';
import { useStatusNotes } from './translation-status/TranslationStatusNotes';
import { useTranslationRecords } from './translation-status/use-translation-records';

/** Below this width a label beside its input would leave the input too narrow. */
const LABELS_BESIDE_FROM = '28rem';

const Languages = styled.div`
  container-type: inline-size;

  & > [data-language-grid] {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr) auto;
    column-gap: 0.75rem;
    row-gap: 0.375rem;
    align-items: start;
  }
  & [data-language-label] {
    grid-column: 1;
    min-width: 4.5rem;
    /* Level with the text in the input beside it. */
    padding-top: 0.7rem;
  }
  & [data-language-input] {
    grid-column: 2;
  }
  & [data-text-actions] {
    grid-column: 3;
    grid-row: 1;
  }
  /* Under the inputs, where they push no input aside. */
  & [data-status-notes] {
    grid-column: 1 / -1;
    margin-top: 0.375rem;
  }
  @container (max-width: ${LABELS_BESIDE_FROM}) {
    & > [data-language-grid] {
      grid-template-columns: minmax(0, 1fr) auto;
    }
    & [data-language-label],
    & [data-language-input] {
      grid-column: 1;
      padding-top: 0;
    }
    /* Beside the first input, below its label. */
    & [data-text-actions] {
      grid-column: 2;
      grid-row: 2;
    }
  }
  /* Long texts grow with their content, from the type's rows (LanguageField sets them). */
  & textarea {
    field-sizing: content;
    min-height: calc(var(--text-rows, 2) * 1lh + 1.5rem);
    max-height: 70vh;
  }
`;

export function LocalizedTextInput(props: ObjectInputProps) {
  const callbacks = useFormCallbacks();
  const records = useTranslationRecords(props);
  const notes = useStatusNotes(props, records, true);
  return (
    <TextActions>
      {(actionsMenu) => (
        <Languages data-localized-text>
          <div data-language-grid>
            <FormCallbacksProvider {...callbacks} onChange={records.onChange}>
              <ObjectInputMembers
                members={props.members}
                {...(props.renderAnnotation && { renderAnnotation: props.renderAnnotation })}
                {...(props.renderBlock && { renderBlock: props.renderBlock })}
                renderField={props.renderField}
                {...(props.renderInlineBlock && { renderInlineBlock: props.renderInlineBlock })}
                renderInput={props.renderInput}
                renderItem={props.renderItem}
                renderPreview={props.renderPreview}
              />
            </FormCallbacksProvider>
            <div data-text-actions>{actionsMenu}</div>
            {notes.size > 0 && (
              <Stack gap={3} data-status-notes>
                {[...notes.values()]}
              </Stack>
            )}
          </div>
        </Languages>
      )}
    </TextActions>
  );
}
