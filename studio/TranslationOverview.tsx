/**
 * The "Translations" tool: the translation queue (./translation-overview.ts) as a work list.
 * Previous and Next step through the gaps of every dictionary, of one language or all; below,
 * every dictionary with its gaps per language (missing; outdated: English changed since
 * the translation; check problems, blocking ones counted apart), the most first, each count opening the dictionary at its first gap of
 * that kind. Drafts count: a text filled in a draft is no gap, and the row
 * says how many wait for Publish. It follows the documents live.
 */
import { TranslateIcon } from '@sanity/icons/Translate';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  Spinner,
  Stack,
  Tab,
  TabList,
  Text,
} from '@sanity/ui';
import { useMemo } from 'react';
import { definePlugin, useTranslation } from 'sanity';
import { IntentLink } from 'sanity/router';
import { TRANSLATED_LANGUAGES } from '../schemas/languages';
import { editingContext, rememberEditing, useEditingContext } from './editing-context';
import { EDITOR_NAMESPACE } from './editor-i18n';
import { STRUCTURE_GROUPS } from './structure';
import {
  totals,
  type QueueLanguage,
  type TranslatedLanguage,
  type TranslationGap,
  type TranslationRow,
} from './translation-overview';
import { QueueButtons, useTranslationRows } from './translation-queue';
import { useOpenGap } from './translation-queue-timing';
import { TRANSLATION_STATUS_NAMESPACE } from './translation-status/translation-status-i18n';

/** A count of one kind of gap that opens the dictionary at the first of them. */
function FirstGapButton({
  gap,
  text,
  title,
  kind,
  count,
}: {
  gap: TranslationGap;
  text: string;
  title: string;
  kind: TranslationGap['kind'];
  count: number;
}) {
  const open = useOpenGap();
  return (
    <Box>
      <Button
        mode="ghost"
        tone="caution"
        padding={2}
        fontSize={1}
        text={text}
        title={title}
        onClick={() => open(gap)}
        data-testid={`${kind}-${gap.language}`}
        {...{ [`data-${kind}`]: count }}
      />
    </Box>
  );
}

function GapCell({ row, language }: { row: TranslationRow; language: TranslatedLanguage }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const status = useTranslation(TRANSLATION_STATUS_NAMESPACE).t;
  const counts = row.languages[language];
  const first = (kind: TranslationGap['kind']) =>
    row.gaps.find((gap) => gap.language === language && gap.kind === kind);
  const { missing, outdated, check } = counts.gaps;
  const firstMissing = first('missing');
  const firstOutdated = first('outdated');
  const checks = row.gaps.filter((gap) => gap.language === language && gap.kind === 'check');
  const blocking = checks.filter((gap) => gap.severity === 'block');
  // Blocking problems first: they hold Publish back.
  const firstCheck = blocking[0] ?? checks[0];
  return (
    <Stack gap={2}>
      {missing === 0 || !firstMissing ? (
        <Text size={1} muted data-testid={`missing-${language}`} data-missing="0">
          {t('translations.complete', { texts: counts.texts })}
        </Text>
      ) : (
        <FirstGapButton
          gap={firstMissing}
          kind="missing"
          count={missing}
          text={t('translations.missing', { missing, texts: counts.texts })}
          title={t('translations.missing-title', {
            title: row.title,
            language: t(`language.${language}`),
          })}
        />
      )}
      {/* Nothing when every translation matches today's English. */}
      {outdated > 0 && firstOutdated && (
        <FirstGapButton
          gap={firstOutdated}
          kind="outdated"
          count={outdated}
          text={status('overview.outdated', { count: outdated })}
          title={status('overview.outdated-title', {
            title: row.title,
            language: status(`language.${language}`),
          })}
        />
      )}
      {check > 0 && firstCheck && (
        <FirstGapButton
          gap={firstCheck}
          kind="check"
          count={check}
          text={
            blocking.length
              ? t('translations.checks-blocking', { count: check, blocking: blocking.length })
              : t('translations.checks', { count: check })
          }
          title={t('translations.checks-title', {
            title: row.title,
            language: t(`language.${language}`),
          })}
        />
      )}
      {counts.filledInDraft > 0 && (
        <Text size={0} muted data-testid={`filled-in-draft-${language}`}>
          {t('translations.filled-in-draft', { count: counts.filledInDraft })}
        </Text>
      )}
    </Stack>
  );
}

const SECTION_TITLES = new Map(STRUCTURE_GROUPS.map((group) => [group.section, group.title]));

const COLUMNS = 'minmax(12rem, 2fr) minmax(9rem, 1fr) minmax(9rem, 1fr)';

function QueueLanguageTabs() {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const { queueLanguage } = useEditingContext();
  const choices: { id: QueueLanguage; title: string }[] = [
    { id: 'all', title: t('queue.all-languages') },
    ...TRANSLATED_LANGUAGES.map((language) => ({
      id: language,
      title: t(`language.${language}`),
    })),
  ];
  return (
    <TabList gap={1}>
      {choices.map((choice) => (
        <Tab
          key={choice.id}
          id={`queue-language-${choice.id}`}
          aria-controls="translation-queue"
          label={choice.title}
          selected={queueLanguage === choice.id}
          onClick={() => rememberEditing({ queueLanguage: choice.id })}
        />
      ))}
    </TabList>
  );
}

export function TranslationOverview() {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const status = useTranslation(TRANSLATION_STATUS_NAMESPACE).t;
  const rows = useTranslationRows();
  const sums = useMemo(() => (rows ? totals(rows) : undefined), [rows]);
  return (
    <Card height="fill" overflow="auto" tone="transparent">
      <Container width={3} padding={4} paddingY={5}>
        <Stack gap={5}>
          <Stack gap={3}>
            <Heading as="h1" size={3}>
              {t('translations.title')}
            </Heading>
            <Text muted size={1}>
              {t('translations.intro')}
            </Text>
          </Stack>
          {rows === undefined || sums === undefined ? (
            <Flex justify="center" padding={5}>
              <Spinner muted />
            </Flex>
          ) : (
            <>
              <Card padding={3} radius={2} border>
                <Flex gap={4} align="center" wrap="wrap">
                  <Text size={1} weight="semibold">
                    {t('queue.language')}
                  </Text>
                  <QueueLanguageTabs />
                  <QueueButtons rows={rows} from={() => editingContext().queuePosition} />
                </Flex>
              </Card>
              <Flex gap={3} wrap="wrap" data-testid="translation-totals">
                {TRANSLATED_LANGUAGES.map((language) => {
                  const filled = rows.reduce(
                    (sum, row) => sum + row.languages[language].filledInDraft,
                    0,
                  );
                  return (
                    <Card key={language} padding={3} radius={2} border>
                      <Stack gap={2}>
                        <Text size={1}>
                          {t('translations.total', {
                            language: t(`language.${language}`),
                            missing: sums[language].gaps.missing,
                            texts: sums[language].texts,
                          })}{' '}
                          · {status('overview.outdated', { count: sums[language].gaps.outdated })}
                        </Text>
                        {filled > 0 && (
                          <Text size={0} muted>
                            {t('translations.total-draft', { count: filled })}
                          </Text>
                        )}
                      </Stack>
                    </Card>
                  );
                })}
              </Flex>
              <Card radius={2} border overflow="hidden">
                <Box
                  paddingX={3}
                  paddingY={2}
                  style={{ display: 'grid', gridTemplateColumns: COLUMNS, gap: '0.75rem' }}
                >
                  <Text size={1} weight="semibold">
                    {t('translations.column.dictionary')}
                  </Text>
                  {TRANSLATED_LANGUAGES.map((language) => (
                    <Text key={language} size={1} weight="semibold">
                      {t(`language.${language}`)}
                    </Text>
                  ))}
                </Box>
                {rows.map((row) => (
                  <Card
                    key={row.namespace}
                    borderTop
                    paddingX={3}
                    paddingY={2}
                    data-testid={`translation-row-${row.namespace}`}
                    style={{
                      display: 'grid',
                      gridTemplateColumns: COLUMNS,
                      gap: '0.75rem',
                      alignItems: 'center',
                    }}
                  >
                    <Stack gap={2}>
                      <Flex gap={2} align="center" wrap="wrap">
                        <Text size={1} weight="medium">
                          <IntentLink intent="edit" params={{ id: row.id, type: row.type }}>
                            {row.title}
                          </IntentLink>
                        </Text>
                        {row.hasDraft && (
                          <Badge tone="caution" fontSize={0}>
                            {t('translations.unpublished')}
                          </Badge>
                        )}
                      </Flex>
                      <Text size={0} muted>
                        {SECTION_TITLES.get(row.section as never) ?? row.section}
                      </Text>
                    </Stack>
                    {TRANSLATED_LANGUAGES.map((language) => (
                      <Box key={language}>
                        <GapCell row={row} language={language} />
                      </Box>
                    ))}
                  </Card>
                ))}
              </Card>
            </>
          )}
        </Stack>
      </Container>
    </Card>
  );
}

/** The tool in the Studio's top bar. */
export const translationOverview = definePlugin({
  name: 'rg-translation-overview',
  tools: [
    {
      name: 'translations',
      title: 'Translations',
      icon: TranslateIcon,
      component: TranslationOverview,
    },
  ],
});
