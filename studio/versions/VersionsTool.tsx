/**
 * The "Versions" tool: every version of a dictionary that went live, compared with the
 * live texts and restored in one action, and the whole site restored to a point in time.
 * The versions are kept by the site in the store itself (content/versions, docs/versions.md).
 */
import { RestoreIcon } from '@sanity/icons/Restore';
import { Card, Container, Heading, Stack, Tab, TabList, TabPanel, Text } from '@sanity/ui';
import { useId, useState } from 'react';
import { definePlugin } from 'sanity';
import { VERSIONS_KEPT } from '@/content/versions/records';
import { DictionaryVersions } from './DictionaryVersions';
import { versionsBundles } from './i18n';
import { useVersionsText } from './shared';
import { SiteRestore } from './SiteRestore';

type Panel = 'dictionary' | 'site';

export function VersionsTool() {
  const text = useVersionsText();
  const id = useId();
  const [panel, setPanel] = useState<Panel>('dictionary');
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
                onClick={() => setPanel(option)}
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
  tools: [{ name: 'versions', title: 'Versions', icon: RestoreIcon, component: VersionsTool }],
  i18n: { bundles: versionsBundles },
});
