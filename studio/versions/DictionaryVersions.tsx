/**
 * One dictionary's versions: the list of those that went live (newest first, the live one
 * marked), any of them beside the live texts, and "Restore this version" with one
 * confirmation; after a restore, "Undo" restores the version that was live before it.
 * Follows the store live: a new version or a draft shows up as it happens.
 */
import { RestoreIcon } from '@sanity/icons/Restore';
import { Badge, Box, Button, Card, Flex, Heading, Select, Spinner, Stack, Text } from '@sanity/ui';
import { useEffect, useId, useMemo, useState } from 'react';
import { listenQuery, useClient } from 'sanity';
import { IntentLink, useRouter } from 'sanity/router';
import { documentId, documentType, isNamespace, NAMESPACES, type Namespace } from '@/schemas';
import { changedCount, compareWithLive } from '@/content/versions/compare';
import { contentHash } from '@/content/versions/content-hash';
import {
  contentOf,
  DICTIONARY_STATE_QUERY,
  VERSION_LIST_QUERY,
  VERSION_TYPE,
  type PublishedVersion,
  type VersionSummary,
} from '@/content/versions/version-records';
import {
  applyRestore,
  liveVersionsOf,
  planRestore,
  type RestorePlan,
} from '@/content/versions/restore';
import {
  ConfirmRestore,
  dictionaryTitle,
  OutcomeCard,
  Publisher,
  useReleaseTitle,
  useRestoreFlow,
  useTimeFormat,
  useVersionsBackend,
  useVersionsText,
} from './shared';
import { VersionComparison } from './VersionComparison';

interface DictionaryVersionsState {
  readonly versions: VersionSummary[];
  readonly documents: { _id: string; [field: string]: unknown }[];
}

const STATE_QUERY = `{"versions": ${VERSION_LIST_QUERY}, "documents": ${DICTIONARY_STATE_QUERY}}`;
const LISTEN_QUERY = `*[(_type == "${VERSION_TYPE}" && namespace == $namespace) || _id in $ids]`;

function useDictionaryVersions(namespace: Namespace) {
  const client = useClient({ apiVersion: '2025-02-19' });
  // Results are kept with what they answer, so a stale one is never shown for another.
  const [loaded, setLoaded] = useState<{ namespace: Namespace; state: DictionaryVersionsState }>();
  useEffect(() => {
    const ids = [documentId(namespace), `drafts.${documentId(namespace)}`];
    const subscription = listenQuery(
      client,
      { fetch: STATE_QUERY, listen: LISTEN_QUERY },
      { namespace, ids },
      { perspective: 'raw', throttleTime: 300, tag: 'versions' },
    ).subscribe({
      next: (value) => setLoaded({ namespace, state: value as DictionaryVersionsState }),
      error: () => setLoaded({ namespace, state: { versions: [], documents: [] } }),
    });
    return () => subscription.unsubscribe();
  }, [client, namespace]);
  const state = loaded?.namespace === namespace ? loaded.state : undefined;
  const published = state?.documents.find((doc) => doc._id === documentId(namespace));
  const hasDraft = Boolean(state?.documents.some((doc) => doc._id.startsWith('drafts.')));
  const [hashed, setHashed] = useState<{ of: object; hash: string }>();
  useEffect(() => {
    let current = true;
    if (published)
      void contentHash(contentOf(published)).then(
        (hash) => current && setHashed({ of: published, hash }),
      );
    return () => {
      current = false;
    };
  }, [published]);
  const liveHash = published && hashed?.of === published ? hashed.hash : undefined;
  return { versions: state?.versions, published, hasDraft, liveHash };
}

function VersionRow({
  version,
  isLive,
  sameAs,
  selected,
  onCompare,
  releaseTitle,
}: {
  version: VersionSummary;
  isLive: boolean;
  sameAs: VersionSummary | undefined;
  selected: boolean;
  onCompare: () => void;
  releaseTitle: (release: string) => string;
}) {
  const text = useVersionsText();
  const time = useTimeFormat();
  return (
    <Card
      as="li"
      padding={3}
      radius={2}
      border
      tone={selected ? 'primary' : 'default'}
      data-testid="version-row"
      data-version={version._id}
      data-live={isLive}
    >
      <Flex gap={3} align="center" wrap="wrap">
        <Stack gap={2} flex={1}>
          <Flex gap={2} align="center" wrap="wrap">
            <Text size={1} weight="medium">
              <time dateTime={version.liveAt}>{time(version.liveAt)}</time>
            </Text>
            {isLive && (
              <Badge tone="positive" fontSize={0}>
                {text('list.live')}
              </Badge>
            )}
          </Flex>
          {version.publishedBy && (
            <Publisher publishedBy={version.publishedBy} releaseTitle={releaseTitle} />
          )}
          {sameAs && (
            <Text size={1} muted>
              {text('list.same-as', { time: time(sameAs.liveAt) })}
            </Text>
          )}
        </Stack>
        <Button
          mode={selected ? 'default' : 'ghost'}
          text={text('list.compare')}
          aria-pressed={selected}
          onClick={onCompare}
          data-testid="version-compare"
        />
      </Flex>
    </Card>
  );
}

/** The dictionary whose version went live last: where an editor undoing a publish starts. */
const LATEST_QUERY = `*[_type == "${VERSION_TYPE}"] | order(liveAt desc)[0].namespace`;

export function DictionaryVersions() {
  const text = useVersionsText();
  const client = useClient({ apiVersion: '2025-02-19' });
  const router = useRouter();
  const asked = router.state.namespace;
  const chosen = typeof asked === 'string' && isNamespace(asked) ? asked : undefined;
  const [latest, setLatest] = useState<Namespace | null>();
  useEffect(() => {
    client.fetch<unknown>(LATEST_QUERY, {}, { perspective: 'raw' }).then(
      (value) => setLatest(typeof value === 'string' && isNamespace(value) ? value : null),
      () => setLatest(null),
    );
  }, [client]);
  const namespace = chosen ?? (latest === undefined ? undefined : (latest ?? NAMESPACES[0]!));
  if (!namespace)
    return (
      <Flex gap={2} align="center">
        <Spinner muted />
        <Text size={1} muted>
          {text('loading')}
        </Text>
      </Flex>
    );
  // Keyed: choosing another dictionary starts afresh (selection, outcome, confirmation).
  return (
    <VersionsOf
      key={namespace}
      namespace={namespace}
      onChoose={(next) => router.navigate({ panel: 'dictionary', namespace: next })}
    />
  );
}

function VersionsOf({
  namespace,
  onChoose,
}: {
  namespace: Namespace;
  onChoose: (namespace: Namespace) => void;
}) {
  const text = useVersionsText();
  const time = useTimeFormat();
  const backend = useVersionsBackend();
  const selectId = useId();
  const { versions, published, hasDraft, liveHash } = useDictionaryVersions(namespace);
  const releaseTitle = useReleaseTitle();
  const [chosenId, setSelectedId] = useState<string>();
  const [fetched, setFetched] = useState<PublishedVersion>();
  const liveVersion = versions?.find((version) => version.contentHash === liveHash);
  // Until the editor picks one, the version before the live one: undoing the last publish
  // is then "Restore this version" and its confirmation.
  const selectedId =
    chosenId ?? (liveVersion && versions?.[versions.indexOf(liveVersion) + 1]?._id);
  const selected = fetched?._id === selectedId ? fetched : undefined;
  const flow = useRestoreFlow<{
    plan: RestorePlan;
    previous: VersionSummary | undefined;
    undoing: boolean;
  }>();
  const title = dictionaryTitle(namespace);

  useEffect(() => {
    let current = true;
    if (selectedId)
      void backend.get([selectedId]).then(([version]) => current && setFetched(version));
    return () => {
      current = false;
    };
  }, [backend, selectedId]);

  const firstWithTexts = useMemo(() => {
    const first = new Map<string, VersionSummary>();
    for (const version of [...(versions ?? [])].reverse())
      if (!first.has(version.contentHash)) first.set(version.contentHash, version);
    return first;
  }, [versions]);
  const comparison = useMemo(
    () =>
      selected && compareWithLive(namespace, selected.content, published && contentOf(published)),
    [namespace, selected, published],
  );

  const restore = (versionId: string, undoing = false) =>
    flow.prepare(async () => {
      const plan = await planRestore(backend, namespace, versionId);
      // Read now, not at the last render: after a restore, its undo goes back to it.
      const [previous] = (await liveVersionsOf(backend, plan)) ?? [];
      return { plan, previous, undoing };
    });
  // The comparison behind the confirmation shows the version the undo puts back.
  const undo = (previous: VersionSummary) => {
    setSelectedId(previous._id);
    void restore(previous._id, true);
  };

  return (
    <Stack gap={4}>
      <Stack gap={2}>
        <Text as="label" htmlFor={selectId} size={1} weight="semibold">
          {text('dictionary.label')}
        </Text>
        <Select
          id={selectId}
          value={namespace}
          onChange={(event) => onChoose(event.currentTarget.value as Namespace)}
          data-testid="versions-dictionary"
        >
          {NAMESPACES.map((option) => (
            <option key={option} value={option}>
              {dictionaryTitle(option)}
            </option>
          ))}
        </Select>
      </Stack>

      {hasDraft && (
        <Card padding={3} radius={2} tone="caution" border data-testid="versions-draft-note">
          <Flex gap={3} align="center" wrap="wrap">
            <Box flex={1}>
              <Text size={1}>{text('draft.note', { title })}</Text>
            </Box>
            <Button
              as={IntentLink}
              intent="edit"
              params={{ id: documentId(namespace), type: documentType(namespace) }}
              mode="ghost"
              text={text('open-in-editor')}
            />
          </Flex>
        </Card>
      )}

      <OutcomeCard outcome={flow.outcome} />

      <Flex gap={4} wrap="wrap" align="flex-start">
        <Stack gap={3} flex={1} style={{ minWidth: '18rem' }}>
          <Heading as="h2" size={1}>
            {text('list.heading')}
          </Heading>
          {versions === undefined ? (
            <Flex gap={2} align="center">
              <Spinner muted />
              <Text size={1} muted>
                {text('loading')}
              </Text>
            </Flex>
          ) : versions.length === 0 ? (
            <Text size={1} muted>
              {text('list.empty', { title })}
            </Text>
          ) : (
            <Stack as="ol" gap={2} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {versions.map((version) => {
                const first = firstWithTexts.get(version.contentHash);
                return (
                  <VersionRow
                    key={version._id}
                    version={version}
                    isLive={version === liveVersion}
                    sameAs={first && first !== version ? first : undefined}
                    selected={version._id === selectedId}
                    onCompare={() => setSelectedId(version._id)}
                    releaseTitle={releaseTitle}
                  />
                );
              })}
            </Stack>
          )}
        </Stack>

        {selected && comparison && (
          <Stack gap={3} flex={2} style={{ minWidth: '24rem' }} data-testid="version-detail">
            <Heading as="h2" size={1}>
              {text('compare.heading', { time: time(selected.liveAt) })}
            </Heading>
            <VersionComparison comparison={comparison} />
            <Box>
              <Button
                icon={RestoreIcon}
                tone="caution"
                text={text('restore.button')}
                onClick={() => void restore(selected._id)}
                data-testid="restore-version"
              />
            </Box>
          </Stack>
        )}
      </Flex>

      {flow.pending && (
        <ConfirmRestore
          title={text(flow.pending.undoing ? 'undo.confirm.title' : 'restore.confirm.title', {
            title,
          })}
          body={
            <Text size={1}>
              {text('restore.confirm.body', {
                time: time(flow.pending.plan.items[0]!.version.liveAt),
                count: changedCount(flow.pending.plan.items[0]!.comparison),
              })}
            </Text>
          }
          working={flow.working}
          onCancel={flow.cancel}
          onConfirm={() =>
            void flow.confirm(async ({ plan, previous }) => {
              await applyRestore(backend, plan);
              const restored = plan.items[0]!.version;
              return {
                kind: 'done',
                message: text('restore.done', { title, time: time(restored.liveAt) }),
                ...(previous ? { undo: () => undo(previous) } : {}),
              };
            })
          }
        />
      )}
    </Stack>
  );
}
