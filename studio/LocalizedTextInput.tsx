/**
 * The input of one text in every language. Short texts (labels, titles, button labels,
 * addresses) put English, German and Turkish side by side once the form is wide enough for
 * all of them (a narrow pane or a deeply nested entry stacks them again, rather than leaving
 * one language alone on a second row); long texts keep them one under the other at the full
 * width. The language filter has already removed the languages an editor hid (it wraps
 * every object input), so there is one column per language shown.
 */
import { Stack } from '@sanity/ui';
import type { CSSProperties } from 'react';
import { ObjectInputMembers, type ObjectInputProps } from 'sanity';
import { styled } from 'styled-components';
import type { LocalizedTypeOptions } from '../schemas/sanity';

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
  const members = (
    <ObjectInputMembers
      members={props.members}
      renderAnnotation={props.renderAnnotation}
      renderBlock={props.renderBlock}
      renderField={props.renderField}
      renderInlineBlock={props.renderInlineBlock}
      renderInput={props.renderInput}
      renderItem={props.renderItem}
      renderPreview={props.renderPreview}
    />
  );
  if (options?.languageLayout === 'row')
    return (
      <Row data-language-layout="row">
        <div
          data-language-columns
          style={{ '--language-columns': Math.max(1, props.members.length) } as CSSProperties}
        >
          {members}
        </div>
      </Row>
    );
  return (
    <Stack gap={4} data-language-layout="stack">
      {members}
    </Stack>
  );
}
