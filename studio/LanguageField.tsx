/**
 * One language of a text (English, German or Turkish): Sanity's own field (input, change
 * bar, focus handling) under a label of ours, so the text's input (LocalizedTextInput.tsx)
 * can set its languages as rows or columns of one grid.
 *
 * - No actions in the field: they join the text's one menu after the last language
 *   (./text-actions.tsx), so Tab goes from input to input.
 * - Errors and warnings show under the input as text, not only as Sanity's icon to hover
 *   (kept beside the label): the reason a Publish is blocked, or a translation check's
 *   warning, is beside the text to fix. A missing translation adds no line (the empty input
 *   says it, and the Translations tool lists it), nor an outdated one (its own note says it,
 *   with the English before and after).
 * - Invisible characters in the text are named under it, with a button that removes them
 *   (./InvisibleCharacters.tsx).
 * - A long text's box grows with its content, so a paragraph is read without scrolling
 *   inside it.
 * - Typing in it or clicking it notes its language as the one the editor works in (the
 *   Presentation tool opens the page in it); Tab passing its input on the way to the top bar
 *   does not.
 */
import { ErrorOutlineIcon } from '@sanity/icons/ErrorOutline';
import { WarningOutlineIcon } from '@sanity/icons/WarningOutline';
import { Flex, Stack, Text } from '@sanity/ui';
import { useEffect, useLayoutEffect, useRef, type CSSProperties, type RefObject } from 'react';
import {
  FormFieldValidationStatus,
  set,
  TextWithTone,
  type FieldProps,
  type StringFieldProps,
} from 'sanity';
import { isLanguage } from '../schemas/languages';
import { MISSING_TRANSLATION } from '../schemas/rules';
import { OUTDATED_MESSAGE } from '../schemas/sanity/validation';
import { rememberEditing } from './editing-context';
import { InvisibleCharacters } from './InvisibleCharacters';
import { LanguageActions } from './text-actions';

/** Warnings said elsewhere: by the empty input, or by the outdated note. */
const UNLISTED_WARNINGS = new Set([MISSING_TRANSLATION, OUTDATED_MESSAGE]);

/** Whether the browser sizes a text area to its content by itself (CSS `field-sizing`). */
const SIZES_TO_CONTENT =
  typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content') === true;

/**
 * Grows the text area in `container` with its content where the browser cannot (Firefox,
 * older Safari): the height follows each keystroke and each value from elsewhere.
 */
function useGrowingTextArea(container: RefObject<HTMLElement | null>, value: unknown) {
  useLayoutEffect(() => {
    const area = container.current?.querySelector('textarea');
    if (SIZES_TO_CONTENT || !area) return;
    const fit = () => {
      area.style.height = 'auto';
      area.style.height = `${area.scrollHeight + area.offsetHeight - area.clientHeight}px`;
    };
    fit();
    area.addEventListener('input', fit);
    return () => area.removeEventListener('input', fit);
  }, [container, value]);
}

/** Notes the language when its value changes while its input has the focus: typed. */
function useWorkedLanguage(
  container: RefObject<HTMLElement | null>,
  language: string,
  value: unknown,
) {
  const last = useRef(value);
  useEffect(() => {
    if (value === last.current) return;
    last.current = value;
    if (isLanguage(language) && container.current?.contains(document.activeElement))
      rememberEditing({ workedLanguage: language });
  }, [container, language, value]);
}

export function LanguageField(props: FieldProps) {
  const container = useRef<HTMLDivElement>(null);
  useGrowingTextArea(container, props.value);
  useWorkedLanguage(container, props.name, props.value);
  const listed = props.validation.filter(
    (marker) =>
      marker.level === 'error' ||
      (marker.level === 'warning' && !UNLISTED_WARNINGS.has(marker.message)),
  );
  const title = props.title ?? props.name;
  return (
    <div
      data-language-field={props.name}
      style={{ display: 'contents' }}
      onPointerDown={() => {
        if (isLanguage(props.name)) rememberEditing({ workedLanguage: props.name });
      }}
    >
      <Flex data-language-label gap={2}>
        <Text as="label" htmlFor={props.inputId} size={1} weight="medium">
          {title}
        </Text>
        {props.validation.length > 0 && (
          <FormFieldValidationStatus validation={props.validation} placement="top" fontSize={1} />
        )}
      </Flex>
      <Stack
        data-language-input
        gap={2}
        ref={container}
        style={
          { '--text-rows': (props.schemaType as { rows?: number }).rows ?? 1 } as CSSProperties
        }
      >
        {props.renderDefault({ ...props, title: undefined, description: undefined, actions: [] })}
        <InvisibleCharacters
          value={props.value}
          onFix={(fixed) => (props as StringFieldProps).inputProps.onChange(set(fixed))}
        />
        {(['error', 'warning'] as const).map((level) => {
          const markers = listed.filter((marker) => marker.level === level);
          const tone = level === 'error' ? 'critical' : 'caution';
          const Icon = level === 'error' ? ErrorOutlineIcon : WarningOutlineIcon;
          return (
            markers.length > 0 && (
              <Stack key={level} gap={2} data-testid={`field-${level}s`} role="status">
                {markers.map((marker) => (
                  <Flex key={marker.message} gap={2} align="flex-start">
                    <TextWithTone tone={tone} size={1}>
                      <Icon aria-hidden />
                    </TextWithTone>
                    <TextWithTone tone={tone} size={1}>
                      {title}: {marker.message}
                    </TextWithTone>
                  </Flex>
                ))}
              </Stack>
            )
          );
        })}
      </Stack>
      <LanguageActions
        language={props.name}
        title={title}
        actions={props.actions}
        path={props.path}
        schemaType={props.schemaType}
      />
    </div>
  );
}
