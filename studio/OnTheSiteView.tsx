/** A document view listing the public pages that show this dictionary, in every language. */
import { EyeOpenIcon } from '@sanity/icons/EyeOpen';
import { LaunchIcon } from '@sanity/icons/Launch';
import { Box, Button, Card, Container, Flex, Heading, Stack, Text } from '@sanity/ui';
import type { ReactNode } from 'react';
import { useTranslation, type SanityDocument } from 'sanity';
import { IntentLink } from 'sanity/router';
import { documentId, documentType, namespaceOfDocumentType, type Namespace } from '../schemas';
import { LANGUAGES, type Language } from '../schemas/languages';
import { pagePath } from '../schemas/language-paths';
import { pagesShowing, type SitePage } from '../schemas/site';
import { coverageLabel, documentCoverage } from './coverage';
import { useEditingContext } from './editing-context';
import { EDITOR_NAMESPACE } from './editor-i18n';
import { siteUrl } from './env';
import { previewOrigin } from './presentation';

/** The page's public address: the site's own path rule (schemas/language-paths.ts) on SITE_URL. */
export function publicUrl(slug: string, language: Language): string {
  return `${siteUrl}${pagePath(slug, language)}`;
}

/** Links shown for one page in one language next to the public page. */
export type PageLinks = (page: SitePage, language: Language) => ReactNode;

/** The page in the Presentation tool, with unpublished changes, this dictionary beside it. */
function PreviewLink({
  namespace,
  page,
  language,
}: {
  namespace: Namespace;
  page: SitePage;
  language: Language;
}) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const context = useEditingContext();
  const path = pagePath(page.slug, language);
  return (
    <Button
      as={IntentLink}
      intent="edit"
      params={{
        id: documentId(namespace),
        type: documentType(namespace),
        mode: 'presentation',
        preview: `${previewOrigin(context)}${path}`,
      }}
      mode="bleed"
      fontSize={1}
      padding={2}
      icon={EyeOpenIcon}
      text={t('on-the-site.preview')}
      title={t('on-the-site.preview-title', { path })}
      data-testid={`preview-${page.slug || 'home'}-${language}`}
    />
  );
}

function PageCard({ page, extraLinks }: { page: SitePage; extraLinks?: PageLinks | undefined }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const path = page.slug ? `/${page.slug}` : '/';
  return (
    <Card padding={4} radius={2} border data-testid={`on-the-site-${page.slug || 'home'}`}>
      <Stack gap={4}>
        <Heading as="h3" size={1}>
          {path}
        </Heading>
        <Stack gap={2}>
          {LANGUAGES.map((language) => (
            <Flex key={language} align="center" gap={3} wrap="wrap">
              <Box style={{ minWidth: '5.5rem' }}>
                <Text size={1} weight="medium">
                  {t(`language.${language}`)}
                </Text>
              </Box>
              <Button
                as="a"
                href={publicUrl(page.slug, language)}
                target="_blank"
                rel="noopener noreferrer"
                mode="ghost"
                fontSize={1}
                padding={2}
                iconRight={LaunchIcon}
                text={pagePath(page.slug, language)}
                title={`Open ${publicUrl(page.slug, language)} in a new tab`}
              />
              {extraLinks?.(page, language)}
            </Flex>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

export function OnTheSiteView(props: {
  document: { displayed: Partial<SanityDocument> };
  /** More links per page and language, e.g. to the site's preview of the draft. */
  extraLinks?: PageLinks;
}) {
  const document = props.document.displayed;
  const namespace = document._type ? namespaceOfDocumentType(document._type) : undefined;
  if (!namespace) return null;
  const pages = pagesShowing(namespace);
  const links: PageLinks = (page, language) => (
    <>
      <PreviewLink namespace={namespace} page={page} language={language} />
      {props.extraLinks?.(page, language)}
    </>
  );
  return (
    <Container width={2} padding={4}>
      <Stack gap={4}>
        <Stack gap={3}>
          <Text size={1} muted>
            The pages of {siteUrl} that show these texts. They show the published version, never a
            draft.
          </Text>
          <Text size={1}>
            Translated: <strong>{coverageLabel(documentCoverage(namespace, document))}</strong>
          </Text>
        </Stack>
        {pages.map((page) => (
          <PageCard key={page.slug} page={page} extraLinks={links} />
        ))}
      </Stack>
    </Container>
  );
}
