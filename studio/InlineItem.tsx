/**
 * A list entry that opens in place instead of in a dialog. Legal documents nest sections
 * three levels deep; with Sanity's dialogs a sub-subsection's text sat behind three of them.
 * Here every entry is its usual row (preview, drag handle, menu) and a click on it, or on the
 * chevron, shows its fields right under it; entries start closed, so a long list stays short
 * and only the open entries' inputs exist. A path opened from elsewhere (a validation
 * message, the translation overview's link to a missing text) expands every entry on the way.
 * An error on the entry itself (shown in one language, dropped in another) is said under its
 * row, as a language field says its own, so the entry that blocks Publish is seen closed.
 */
import { ChevronDownIcon } from '@sanity/icons/ChevronDown';
import { ChevronRightIcon } from '@sanity/icons/ChevronRight';
import { ErrorOutlineIcon } from '@sanity/icons/ErrorOutline';
import { Box, Button, Card, Flex, Stack } from '@sanity/ui';
import { useEffect } from 'react';
import { pathToString, TextWithTone, type ObjectItemProps } from 'sanity';

export function InlineItem(props: ObjectItemProps) {
  const { collapsed, onCollapse, onExpand, open } = props;
  // Sanity leaves shallow entries' collapsed state undefined: closed until opened.
  const expanded = collapsed === false;
  const toggle = expanded ? onCollapse : onExpand;

  useEffect(() => {
    if (open && !expanded) onExpand();
    // Only a newly opened path expands; a later click may close the entry again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const title = props.title ?? 'entry';
  const ownErrors = props.validation.filter(
    (marker) => marker.level === 'error' && marker.path.length === props.path.length,
  );
  return (
    <Box
      data-testid="inline-item"
      data-item-path={pathToString(props.path)}
      data-expanded={expanded ? 'true' : 'false'}
    >
      <Flex align="center" gap={1}>
        <Button
          mode="bleed"
          padding={2}
          icon={expanded ? ChevronDownIcon : ChevronRightIcon}
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Close' : 'Open'} this ${title.toLowerCase()}`}
          onClick={toggle}
          data-testid="inline-item-toggle"
        />
        <Box flex={1}>{props.renderDefault({ ...props, open: false, onOpen: toggle })}</Box>
      </Flex>
      {ownErrors.length > 0 && (
        <Stack gap={2} paddingLeft={5} paddingY={2} data-testid="item-errors" role="status">
          {ownErrors.map((marker) => (
            <Flex key={marker.message} gap={2} align="flex-start">
              <TextWithTone tone="critical" size={1}>
                <ErrorOutlineIcon aria-hidden />
              </TextWithTone>
              <TextWithTone tone="critical" size={1}>
                {marker.message}
              </TextWithTone>
            </Flex>
          ))}
        </Stack>
      )}
      {expanded && (
        <Card
          borderLeft
          marginLeft={4}
          paddingLeft={4}
          paddingY={3}
          data-testid="inline-item-fields"
        >
          {props.children}
        </Card>
      )}
    </Box>
  );
}
