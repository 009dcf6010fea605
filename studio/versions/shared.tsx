/**
 * What the Versions tool's two panels share: the backend on the Studio's own client, times
 * in the editor's interface language, refusals worded in it, and the one confirmation.
 */
import { Box, Button, Card, Dialog, Flex, Stack, Text } from '@sanity/ui';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useClient, useDateTimeFormat, useTranslation, useUser } from 'sanity';
import { getDictionary, type Namespace } from '@/schemas';
import { RestoreRefused, type Refusal } from '@/content/versions/restore';
import { SanityVersions } from '@/content/versions/sanity-versions';
import { publisherOf } from '@/content/versions/version-records';
import { VERSIONS_NAMESPACE, type VersionsTextKey } from './versions-i18n';

/** The Studio's client reads and writes versions as the signed-in editor. */
export function useVersionsBackend(): SanityVersions {
  const client = useClient({ apiVersion: '2025-02-19' });
  return useMemo(() => new SanityVersions(client, 'the Studio'), [client]);
}

export function useVersionsText() {
  const { t } = useTranslation(VERSIONS_NAMESPACE);
  return useCallback(
    (key: VersionsTextKey, values?: Record<string, string | number>) =>
      values ? t(key, values) : t(key),
    [t],
  );
}

/** An ISO time as the editor's interface language writes it, e.g. 25 Nov 2026, 10:02:11. */
export function useTimeFormat(): (iso: string) => string {
  const format = useDateTimeFormat({ dateStyle: 'medium', timeStyle: 'medium' });
  return useCallback((iso: string) => format.format(new Date(iso)), [format]);
}

export const dictionaryTitle = (namespace: Namespace) =>
  getDictionary(namespace).title ?? namespace;

const RELEASES_QUERY = `*[_type == "system.release" && _id in path("_.releases.*")]{name, "title": metadata.title}`;

/**
 * A release's title by its name, read once from the release documents; a release deleted
 * since (or one the store would not give) is called by its name.
 */
export function useReleaseTitle(): (release: string) => string {
  const client = useClient({ apiVersion: '2025-02-19' });
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    client
      .fetch<{ name: string; title?: string }[]>(RELEASES_QUERY, {}, { perspective: 'raw' })
      .then(
        (releases) =>
          setTitles(new Map(releases.flatMap(({ name, title }) => (title ? [[name, title]] : [])))),
        () => undefined,
      );
  }, [client]);
  return useCallback((release: string) => titles.get(release) ?? release, [titles]);
}

/** Who published a version (the store's user id, shown as that user's name) and in what release. */
export function Publisher({
  publishedBy,
  releaseTitle,
}: {
  publishedBy: string;
  releaseTitle: (release: string) => string;
}) {
  const text = useVersionsText();
  const { author, release } = publisherOf(publishedBy);
  const [user] = useUser(author);
  return (
    <>
      <Text size={1} muted>
        {text('list.by', { name: user?.displayName ?? author })}
      </Text>
      {release && (
        <Text size={1} muted data-testid="version-release">
          {text('release.title', { title: releaseTitle(release) })}
        </Text>
      )}
    </>
  );
}

/** What an attempt ended in, for the message under the buttons. */
export type Outcome =
  | { readonly kind: 'done'; readonly message: string; readonly undo?: () => void }
  | { readonly kind: 'refused'; readonly refusal: Refusal }
  | { readonly kind: 'failed'; readonly message: string };

export function outcomeOf(error: unknown): Outcome {
  if (error instanceof RestoreRefused) return { kind: 'refused', refusal: error.refusal };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}

function useRefusalText() {
  const text = useVersionsText();
  const time = useTimeFormat();
  return (refusal: Refusal): { message: string; details: readonly string[] } => {
    const titles = (namespaces: readonly Namespace[]) => namespaces.map(dictionaryTitle).join(', ');
    switch (refusal.reason) {
      case 'no-versions':
        return {
          message: refusal.namespace
            ? text('refusal.no-versions', { title: dictionaryTitle(refusal.namespace) })
            : text('refusal.no-versions-site'),
          details: [],
        };
      case 'unknown-version':
        return {
          message: text('refusal.unknown-version', { title: dictionaryTitle(refusal.namespace) }),
          details: [],
        };
      case 'before-first': {
        const latest = refusal.oldest.reduce((a, b) => (a.liveAt > b.liveAt ? a : b));
        return {
          message: text('refusal.before-first', {
            titles: titles(refusal.oldest.map((oldest) => oldest.namespace)),
            time: time(latest.liveAt),
          }),
          details: [],
        };
      }
      case 'future':
        return { message: text('refusal.future', { time: time(refusal.at) }), details: [] };
      case 'draft':
        return {
          message: text('refusal.draft', { titles: titles(refusal.namespaces) }),
          details: [],
        };
      case 'invalid':
        return { message: text('refusal.invalid'), details: refusal.problems };
      case 'unchanged':
        return {
          message: refusal.namespace
            ? text('refusal.unchanged', { title: dictionaryTitle(refusal.namespace) })
            : text('refusal.unchanged-site'),
          details: [],
        };
      case 'changed-meanwhile':
        return {
          message: text('refusal.changed-meanwhile', { titles: titles(refusal.namespaces) }),
          details: [],
        };
    }
  };
}

/** The outcome of the last attempt, announced to screen readers as it appears. */
export function OutcomeCard({ outcome }: { outcome: Outcome | undefined }) {
  const text = useVersionsText();
  const refusalText = useRefusalText();
  if (!outcome) return null;
  if (outcome.kind === 'done')
    return (
      <Card
        padding={3}
        radius={2}
        tone="positive"
        border
        role="status"
        data-testid="restore-outcome"
      >
        <Flex gap={3} align="center" wrap="wrap">
          <Box flex={1}>
            <Text size={1}>{outcome.message}</Text>
          </Box>
          {outcome.undo && (
            <Button
              mode="ghost"
              text={text('restore.undo')}
              onClick={outcome.undo}
              data-testid="restore-undo"
            />
          )}
        </Flex>
      </Card>
    );
  const { message, details } =
    outcome.kind === 'refused'
      ? refusalText(outcome.refusal)
      : { message: text('restore.failed', { message: outcome.message }), details: [] };
  return (
    <Card padding={3} radius={2} tone="critical" border role="alert" data-testid="restore-outcome">
      <Stack gap={3}>
        <Text size={1}>{message}</Text>
        {details.map((detail) => (
          <Text key={detail} size={1} muted>
            {detail}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

/** The one confirmation a restore asks for. */
export function ConfirmRestore({
  title,
  body,
  working,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: ReactNode;
  working: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const text = useVersionsText();
  return (
    <Dialog
      id="versions-confirm"
      header={title}
      onClose={onCancel}
      width={1}
      footer={
        <Flex gap={2} justify="flex-end" padding={3}>
          <Button
            mode="ghost"
            text={text('restore.cancel')}
            onClick={onCancel}
            disabled={working}
          />
          <Button
            tone="caution"
            text={working ? text('restore.working') : text('restore.ok')}
            onClick={onConfirm}
            disabled={working}
            data-testid="restore-confirm"
          />
        </Flex>
      }
    >
      <Box padding={4}>{body}</Box>
    </Dialog>
  );
}

/** A restore in two steps: plan (refused at once, with the reason), then confirm and write. */
export function useRestoreFlow<Plan>() {
  const [pending, setPending] = useState<Plan>();
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const prepare = useCallback(async (plan: () => Promise<Plan>) => {
    setOutcome(undefined);
    try {
      setPending(await plan());
    } catch (error) {
      setOutcome(outcomeOf(error));
    }
  }, []);
  const confirm = useCallback(
    async (write: (plan: Plan) => Promise<Outcome>) => {
      if (!pending) return;
      setWorking(true);
      try {
        setOutcome(await write(pending));
      } catch (error) {
        setOutcome(outcomeOf(error));
      } finally {
        setWorking(false);
        setPending(undefined);
      }
    },
    [pending],
  );
  return {
    pending,
    working,
    outcome,
    prepare,
    confirm,
    /** Asks to confirm a plan already made (the site restore's listed plan). */
    ask: (plan: Plan) => {
      setOutcome(undefined);
      setPending(plan);
    },
    fail: (error: unknown) => setOutcome(outcomeOf(error)),
    cancel: () => setPending(undefined),
    clear: () => setOutcome(undefined),
  };
}
