/**
 * A kept version beside the live texts, one language at a time: each text by its key path
 * (as keys mode and /locales name it), the version's text and the live one, and the texts
 * that differ marked with a label (not colour alone). By default only those are listed.
 * Invisible characters are shown as marked codes (U+200B), so two texts that differ only by
 * one do not look the same.
 */
import { Badge, Box, Card, Checkbox, Flex, Stack, Tab, TabList, TabPanel, Text } from '@sanity/ui';
import { useId, useState } from 'react';
import { visibleParts } from '@/schemas/invisible';
import { LANGUAGES, type Language } from '@/schemas/languages';
import type { Comparison } from '@/content/versions/compare';
import { useVersionsText } from './shared';

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 1fr) minmax(10rem, 2fr) minmax(10rem, 2fr)',
  gap: '0.75rem',
} as const;
const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** A text with each invisible character shown as its code, marked, its name in the title. */
function Visible({ value }: { value: string }) {
  return visibleParts(value).map((part, index) =>
    typeof part === 'string' ? (
      part
    ) : (
      <mark key={index} title={part.label} data-testid="invisible-mark">
        {part.label.split(' ')[0]}
      </mark>
    ),
  );
}

export function VersionComparison({ comparison }: { comparison: Comparison }) {
  const text = useVersionsText();
  const id = useId();
  const firstChanged =
    LANGUAGES.find((language) => comparison[language].some((row) => row.changed)) ?? 'en';
  const [language, setLanguage] = useState<Language>(firstChanged);
  const [onlyChanged, setOnlyChanged] = useState(true);
  const rows = comparison[language].filter((row) => !onlyChanged || row.changed);
  const languageName = text(`language.${language}`);
  return (
    <Stack gap={3}>
      <Flex gap={3} align="center" wrap="wrap" justify="space-between">
        <TabList gap={2}>
          {LANGUAGES.map((option) => (
            <Tab
              key={option}
              id={`${id}-tab-${option}`}
              aria-controls={`${id}-panel`}
              selected={option === language}
              onClick={() => setLanguage(option)}
              label={text('compare.tab', {
                language: text(`language.${option}`),
                count: comparison[option].filter((row) => row.changed).length,
              })}
              data-testid={`compare-language-${option}`}
            />
          ))}
        </TabList>
        <Flex as="label" gap={2} align="center">
          <Checkbox
            checked={onlyChanged}
            onChange={(event) => setOnlyChanged(event.currentTarget.checked)}
            data-testid="compare-only-changed"
          />
          <Text size={1}>{text('compare.only-changed')}</Text>
        </Flex>
      </Flex>
      <TabPanel id={`${id}-panel`} aria-labelledby={`${id}-tab-${language}`}>
        {rows.length === 0 ? (
          <Card padding={3} radius={2} border>
            <Text size={1} muted>
              {text('compare.none-changed', { language: languageName })}
            </Text>
          </Card>
        ) : (
          <Card radius={2} border overflow="hidden" role="table" data-testid="version-comparison">
            <Box role="row" paddingX={3} paddingY={2} style={GRID}>
              {(
                ['compare.column.key', 'compare.column.version', 'compare.column.live'] as const
              ).map((key) => (
                <Box key={key} role="columnheader">
                  <Text size={1} weight="semibold">
                    {text(key)}
                  </Text>
                </Box>
              ))}
            </Box>
            {rows.map((row) => (
              <Card
                key={row.path}
                role="row"
                tone={row.changed ? 'caution' : 'default'}
                borderTop
                paddingX={3}
                paddingY={2}
                style={GRID}
                data-testid="comparison-row"
                data-path={row.path}
                data-changed={row.changed}
              >
                <Stack role="rowheader" gap={2}>
                  <Text size={1} style={WRAP}>
                    <code>{row.path}</code>
                  </Text>
                  {row.changed && (
                    <Box>
                      <Badge tone="caution" fontSize={0}>
                        {text('compare.changed')}
                      </Badge>
                    </Box>
                  )}
                </Stack>
                <Box role="cell" data-testid="comparison-version">
                  <Text size={1} muted={row.version === undefined} style={WRAP}>
                    {row.version === undefined ? (
                      text('compare.missing')
                    ) : (
                      <Visible value={row.version} />
                    )}
                  </Text>
                </Box>
                <Box role="cell" data-testid="comparison-live">
                  <Text size={1} muted={row.live === undefined} style={WRAP}>
                    {row.live === undefined ? (
                      text('compare.missing')
                    ) : (
                      <Visible value={row.live} />
                    )}
                  </Text>
                </Box>
              </Card>
            ))}
          </Card>
        )}
      </TabPanel>
    </Stack>
  );
}
