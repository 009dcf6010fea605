/**
 * The "Versions" tool: every version of a dictionary that went live, compared with the
 * live texts and restored in one action, and the whole site restored to a point in time.
 * The versions are kept by the site in the store itself (content/versions, docs/versions.md).
 */
import { RestoreIcon } from '@sanity/icons/Restore';
import { Card, Container, Heading, Stack, Tab, TabList, TabPanel, Text } from '@sanity/ui';
import { useId } from 'react';
import { definePlugin } from 'sanity';
import { route, useRouter } from 'sanity/router';
import { VERSIONS_KEPT } from '@/content/versions/version-records';
import { DictionaryVersions } from './DictionaryVersions';
import { versionsBundles } from './versions-i18n';
import { useVersionsText } from './shared';
import { SiteRestore } from './SiteRestore';

type Panel = 'dictionary' | 'site';

/**
 * What the editor chose lives in the address (`/versions/site`,
 * `/versions/dictionary/footer`), not in component state: the Studio mounts its layout a
 * second time as it starts, which dropped a choice made in that moment; and Back, a reload
 * or a shared link now show the same view.
 */
const versionsRouter = route.create('/', [route.create('/:panel', [route.create('/:namespace')])]);

export function VersionsTool() {
  const text = useVersionsText();
  const id = useId();
  const router = useRouter();
  const panel: Panel = router.state.panel === 'site' ? 'site' : 'dictionary';
  return (
    <Card height="fill" overflow="auto" tone="transparent" data-testid="versions-tool">
      <Container width={4} padding={4} paddingY={5}>
        <Stack gap={5}>
          <Stack gap={3}>
            <Heading as="h1" size={3}>
              {text('title')}
            </Heading>
            <Text muted size={1}>
              {text('intro', { kept: VERSIONS_KEPT })}
            </Text>
            <Text muted size={1}>
              {text('history-note')}
            </Text>
          </Stack>
          <TabList gap={2}>
            {(['dictionary', 'site'] as const).map((option) => (
              <Tab
                key={option}
                id={`${id}-${option}`}
                aria-controls={`${id}-panel`}
                selected={panel === option}
                onClick={() => router.navigate({ panel: option })}
                label={text(`tab.${option}`)}
                data-testid={`versions-tab-${option}`}
              />
            ))}
          </TabList>
          <TabPanel id={`${id}-panel`} aria-labelledby={`${id}-${panel}`}>
            {panel === 'dictionary' ? <DictionaryVersions /> : <SiteRestore />}
          </TabPanel>
        </Stack>
      </Container>
    </Card>
  );
}

/** The tool in the Studio's top bar, with its texts in the interface languages. */
export const versionsTool = definePlugin({
  name: 'rg-versions',
  tools: [
    {
      name: 'versions',
      title: 'Versions',
      icon: RestoreIcon,
      component: VersionsTool,
      router: versionsRouter,
    },
  ],
  i18n: { bundles: versionsBundles },
});
