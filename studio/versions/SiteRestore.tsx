/**
 * "Restore the site as it was at <time>": the editor picks a time (their local time), sees
 * every dictionary that would go back and to which version, then confirms once; all of
 * them are published in one transaction, or none. Afterwards "Undo this restore" puts back
 * the versions that were live before it, together, after a confirmation of its own that
 * lists them; an undo can be undone the same way. Below, the releases that went live, each
 * with its dictionaries: one click asks to restore the site as it was just before it.
 */
import { Box, Button, Card, Flex, Heading, Stack, Text, TextInput } from '@sanity/ui';
import { useEffect, useId, useState } from 'react';
import { changedCount } from '@/content/versions/compare';
import {
  applyRestore,
  liveVersionsOf,
  planSiteRestore,
  planVersionsRestore,
  type RestorePlan,
} from '@/content/versions/restore';
import { releasesLive, type ReleaseLive } from '@/content/versions/version-records';
import {
  ConfirmRestore,
  dictionaryTitle,
  OutcomeCard,
  useReleaseTitle,
  useRestoreFlow,
  useTimeFormat,
  useVersionsBackend,
  useVersionsText,
} from './shared';

/** `YYYY-MM-DDTHH:mm:ss` in local time, what a datetime-local input holds. */
function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function SiteRestore() {
  const text = useVersionsText();
  const time = useTimeFormat();
  const backend = useVersionsBackend();
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState(() => localInputValue(new Date()));
  const [plan, setPlan] = useState<RestorePlan>();
  // An undo's plan has no time: it goes back to the versions live before the restore.
  const flow = useRestoreFlow<RestorePlan>();
  const releaseTitle = useReleaseTitle();
  const [releases, setReleases] = useState<ReleaseLive[]>([]);
  // Without the list (a store error), the panel is the restore to a time alone.
  useEffect(() => {
    backend.list(null).then(
      (versions) => setReleases(releasesLive(versions)),
      () => undefined,
    );
  }, [backend]);

  /** Plans going back to `at`; from a release, straight to the confirmation. */
  const preview = async (at: Date, confirm = false) => {
    setPlan(undefined);
    flow.clear();
    try {
      const next = await planSiteRestore(backend, at);
      setPlan(next);
      if (confirm) flow.ask(next);
    } catch (error) {
      flow.fail(error);
    }
  };
  const beforeRelease = (release: ReleaseLive) => {
    // A millisecond before its first dictionary went live: the versions live until then.
    const at = new Date(Date.parse(release.liveAt) - 1);
    setValue(localInputValue(at));
    void preview(at, true);
  };

  return (
    <Stack gap={4}>
      <Stack gap={2}>
        <Text as="label" htmlFor={inputId} size={1} weight="semibold">
          {text('site.label')}
        </Text>
        <Flex gap={2} wrap="wrap">
          <Box style={{ minWidth: '16rem' }}>
            <TextInput
              id={inputId}
              type="datetime-local"
              step={1}
              value={value}
              aria-describedby={hintId}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setPlan(undefined);
                flow.clear();
              }}
              data-testid="site-restore-time"
            />
          </Box>
          <Button
            mode="ghost"
            text={text('site.preview')}
            onClick={() => void preview(new Date(value))}
            disabled={!value}
            data-testid="site-restore-preview"
          />
        </Flex>
        <Text id={hintId} size={1} muted>
          {text('site.hint')}
        </Text>
      </Stack>

      <OutcomeCard outcome={flow.outcome} />

      {plan && (
        <Card padding={3} radius={2} border data-testid="site-restore-plan">
          <Stack gap={3}>
            <Text size={1} weight="semibold">
              {text('site.list.heading', { count: plan.items.length })}
            </Text>
            <Stack as="ul" gap={2} style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {plan.items.map((item) => (
                <li key={item.namespace} data-testid={`site-restore-item-${item.namespace}`}>
                  <Text size={1}>
                    <strong>{dictionaryTitle(item.namespace)}</strong>:{' '}
                    {text('site.item', {
                      time: time(item.version.liveAt),
                      count: changedCount(item.comparison),
                    })}
                  </Text>
                </li>
              ))}
            </Stack>
            <Box>
              <Button
                tone="caution"
                text={text('site.restore', { count: plan.items.length })}
                onClick={() => flow.ask(plan)}
                data-testid="site-restore-start"
              />
            </Box>
          </Stack>
        </Card>
      )}

      {releases.length > 0 && (
        <Stack gap={3}>
          <Heading as="h2" size={1}>
            {text('site.releases.heading')}
          </Heading>
          <Stack as="ul" gap={2} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {releases.map((release) => (
              <Card
                as="li"
                key={release.release}
                padding={3}
                radius={2}
                border
                data-testid={`release-live-${release.release}`}
              >
                <Stack gap={3}>
                  <Text size={1} weight="semibold">
                    {text('release.title', { title: releaseTitle(release.release) })}
                  </Text>
                  <Text size={1}>
                    {text('site.release.live', {
                      time: time(release.liveAt),
                      titles: release.versions
                        .map((version) => dictionaryTitle(version.namespace))
                        .join(', '),
                    })}
                  </Text>
                  <Box>
                    <Button
                      mode="ghost"
                      tone="caution"
                      text={text('site.release.restore', {
                        title: releaseTitle(release.release),
                      })}
                      onClick={() => beforeRelease(release)}
                      data-testid="release-restore-before"
                    />
                  </Box>
                </Stack>
              </Card>
            ))}
          </Stack>
        </Stack>
      )}

      {flow.pending && (
        <ConfirmRestore
          title={
            flow.pending.at
              ? text('site.confirm.title', { time: time(flow.pending.at) })
              : text('site.undo.confirm.title')
          }
          body={
            flow.pending.at ? (
              <Text size={1}>
                {text('site.confirm.body', {
                  time: time(flow.pending.at),
                  count: flow.pending.items.length,
                })}
              </Text>
            ) : (
              <Stack gap={3}>
                <Text size={1}>
                  {text('site.undo.confirm.body', { count: flow.pending.items.length })}
                </Text>
                <Stack as="ul" gap={2} style={{ margin: 0, paddingLeft: '1.25rem' }}>
                  {flow.pending.items.map((item) => (
                    <li key={item.namespace} data-testid={`site-undo-item-${item.namespace}`}>
                      <Text size={1}>
                        <strong>{dictionaryTitle(item.namespace)}</strong>:{' '}
                        {text('site.undo.item', {
                          time: time(item.version.liveAt),
                          count: changedCount(item.comparison),
                        })}
                      </Text>
                    </li>
                  ))}
                </Stack>
              </Stack>
            )
          }
          working={flow.working}
          onCancel={flow.cancel}
          onConfirm={() =>
            void flow.confirm(async (pending) => {
              const before = await liveVersionsOf(backend, pending);
              await applyRestore(backend, pending);
              setPlan(undefined);
              const count = pending.items.length;
              return {
                kind: 'done',
                message: pending.at
                  ? text('site.done', { time: time(pending.at), count })
                  : text('site.undo.done', { count }),
                ...(before && {
                  undo: () => void flow.prepare(() => planVersionsRestore(backend, before)),
                }),
              };
            })
          }
        />
      )}
    </Stack>
  );
}
