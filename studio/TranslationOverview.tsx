/**
 * The "Translations" tool: every dictionary with its missing German and Turkish texts, the
 * most missing first, each count a link that opens the document at its first missing text;
 * beside it, the translations whose English changed since (outdated), linked the same way.
 * It reads the published documents, as export-locales does, and follows them live.
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
  Text,
} from '@sanity/ui';
import { useEffect, useMemo, useState } from 'react';
import { definePlugin, listenQuery, useClient, useTranslation } from 'sanity';
import { IntentLink } from 'sanity/router';
import { documentId, NAMESPACES } from '../schemas';
import { LANGUAGE_NAMES, TRANSLATED_LANGUAGES } from '../schemas/languages';
import { STRUCTURE_GROUPS } from './structure';
import { TRANSLATION_STATUS_NAMESPACE } from './translation-status/i18n';
import {
  totals,
  translationRows,
  type LanguageGap,
  type TranslatedLanguage,
  type TranslationRow,
} from './translation-overview';

const IDS = NAMESPACES.flatMap((namespace) => [
  documentId(namespace),
  `drafts.${documentId(namespace)}`,
]);

function useDictionaryDocuments(): { _id: string; _type?: string }[] | undefined {
  const client = useClient({ apiVersion: '2025-02-19' });
  const [documents, setDocuments] = useState<{ _id: string; _type?: string }[]>();
  useEffect(() => {
    const subscription = listenQuery(
      client,
      '*[_id in $ids]',
      { ids: IDS },
      { perspective: 'raw', throttleTime: 500, tag: 'translation-overview' },
    ).subscribe({ next: setDocuments, error: () => setDocuments([]) });
    return () => subscription.unsubscribe();
  }, [client]);
  return documents;
}

function GapCell({ row, language }: { row: TranslationRow; language: TranslatedLanguage }) {
  const gap: LanguageGap = row.languages[language];
  return (
    <Stack gap={2}>
      <MissingCount row={row} language={language} gap={gap} />
      <OutdatedCount row={row} language={language} gap={gap} />
    </Stack>
  );
}

interface CountProps {
  row: TranslationRow;
  language: TranslatedLanguage;
  gap: LanguageGap;
}

function MissingCount({ row, language, gap }: CountProps) {
  const testId = `missing-${language}`;
  if (gap.missing === 0 || !gap.firstMissing)
    return (
      <Text size={1} muted data-testid={testId} data-missing="0">
        complete ({gap.texts})
      </Text>
    );
  return (
    <Button
      as={IntentLink}
      intent="edit"
      params={{ id: row.id, type: row.type, path: gap.firstMissing }}
      mode="ghost"
      tone="caution"
      padding={2}
      fontSize={1}
      text={`${gap.missing} of ${gap.texts} missing`}
      title={`Open ${row.title} at its first missing ${LANGUAGE_NAMES[language]} text`}
      data-testid={testId}
      data-missing={gap.missing}
    />
  );
}

/** Nothing when every translation matches today's English. */
function OutdatedCount({ row, language, gap }: CountProps) {
  const { t } = useTranslation(TRANSLATION_STATUS_NAMESPACE);
  if (gap.outdated === 0 || !gap.firstOutdated) return null;
  return (
    <Button
      as={IntentLink}
      intent="edit"
      params={{ id: row.id, type: row.type, path: gap.firstOutdated }}
      mode="ghost"
      tone="caution"
      padding={2}
      fontSize={1}
      text={t('overview.outdated', { count: gap.outdated })}
      title={t('overview.outdated-title', {
        title: row.title,
        language: t(`language.${language}`),
      })}
      data-testid={`outdated-${language}`}
      data-outdated={gap.outdated}
    />
  );
}

const SECTION_TITLES = new Map(STRUCTURE_GROUPS.map((group) => [group.section, group.title]));

const COLUMNS = 'minmax(12rem, 2fr) minmax(9rem, 1fr) minmax(9rem, 1fr)';

export function TranslationOverview() {
  const { t } = useTranslation(TRANSLATION_STATUS_NAMESPACE);
  const documents = useDictionaryDocuments();
  const rows = useMemo(() => (documents ? translationRows(documents) : []), [documents]);
  const sums = useMemo(() => totals(rows), [rows]);
  return (
    <Card height="fill" overflow="auto" tone="transparent">
      <Container width={3} padding={4} paddingY={5}>
        <Stack gap={5}>
          <Stack gap={3}>
            <Heading as="h1" size={3}>
              Translations
            </Heading>
            <Text muted size={1}>
              Missing German and Turkish texts in the published dictionaries, the most missing
              first, and outdated ones: translations whose English changed since they were written.
              The site shows the English text where one is missing and keeps showing an outdated
              translation until it is revised, and <code>npm run export-locales</code> lists the
              same figures in its coverage report. Click a count to open the dictionary at its first
              missing or outdated text.
            </Text>
          </Stack>
          {documents === undefined ? (
            <Flex justify="center" padding={5}>
              <Spinner muted />
            </Flex>
          ) : (
            <>
              <Flex gap={3} wrap="wrap" data-testid="translation-totals">
                {TRANSLATED_LANGUAGES.map((language) => (
                  <Card key={language} padding={3} radius={2} border>
                    <Text size={1}>
                      <strong>{LANGUAGE_NAMES[language]}</strong>: {sums[language].missing} of{' '}
                      {sums[language].texts} texts missing ·{' '}
                      {t('overview.outdated', { count: sums[language].outdated })}
                    </Text>
                  </Card>
                ))}
              </Flex>
              <Card radius={2} border overflow="hidden">
                <Box
                  paddingX={3}
                  paddingY={2}
                  style={{ display: 'grid', gridTemplateColumns: COLUMNS, gap: '0.75rem' }}
                >
                  <Text size={1} weight="semibold">
                    Dictionary
                  </Text>
                  {TRANSLATED_LANGUAGES.map((language) => (
                    <Text key={language} size={1} weight="semibold">
                      {LANGUAGE_NAMES[language]}
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
                            unpublished changes
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
