/**
 * npm run releases -- list | show <id> | publish <id> | schedule <id> <ISO time> |
 * unschedule <id> | waive <id> | revert <id> | end <id> <ISO time>
 *
 * Releases from a terminal, through the real Sanity client's release actions
 * (`client.releases.*`): against a Sanity project with the SANITY_* settings, else against
 * the local API serving the store file (the running one, found beside the file; when none
 * runs, one is started for the command, which like any start publishes releases whose time
 * has passed, and sends publishes to the site as `npm run local-api` does).
 *
 * `revert <id>` stages the undo as a new release: for every document the published release
 * changed, the document as it was just before, from the store's history. Publish that
 * release to put them back together; it can itself be reverted.
 */
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import { createClient, type SanityClient } from '@sanity/client';
import { startLocalApi } from '@/local-api/server';
import { processIo, quoted, runScript, type ScriptIo } from './cli';
import { readLocalApiAddress, trustLocalApi } from './local-api-address';
import { localPublishNotifier, readPublishWebhookSettings } from './notify-site';
import { publishedIdOf, releaseOf, versionId } from './perspective';
import { askReleaseCheck, blockedReason, type ReleaseCheckAnswer } from './release-check';
import { changedTexts, textsBothChange } from './release-overlap';
import { formatTable } from './report';
import { SANITY_API_VERSION } from './sanity-store';
import { readContentSettings } from './store-settings';

const USAGE =
  'Usage: npm run releases -- list | show <id> | publish <id> | schedule <id> <ISO time> | unschedule <id> | waive <id> | revert <id> | end <id> <ISO time>';

/** A wrong argument or an unknown release: one line, exit code 2. */
class UsageError extends Error {}

interface Release {
  _id: string;
  name: string;
  state: string;
  metadata?: {
    title?: string;
    waiveOutdated?: { by: string; at: string };
    /** On an end release (`end`): the release it ends. */
    endsRelease?: string;
  };
  publishAt?: string;
  publishedAt?: string;
  finalDocumentStates?: { id: string }[];
  error?: { message?: string };
}

interface Doc {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

/** The client for the configured store, and what to do when the command is done. */
async function openClient(io: ScriptIo): Promise<{ client: SanityClient; close(): Promise<void> }> {
  const settings = readContentSettings(io.env, 'write');
  const common = { apiVersion: SANITY_API_VERSION, useCdn: false, perspective: 'raw' } as const;
  if (settings.kind === 'sanity')
    return {
      client: createClient({
        ...common,
        projectId: settings.projectId,
        dataset: settings.dataset,
        token: settings.token!,
        ...(settings.apiHost ? { apiHost: settings.apiHost, useProjectHostname: false } : {}),
      }),
      close: async () => undefined,
    };
  const running = await readLocalApiAddress(settings.file);
  if (running) {
    trustLocalApi(running.authority);
    return {
      client: createClient({
        ...common,
        projectId: running.projectId,
        dataset: running.dataset,
        apiHost: running.url,
        useProjectHostname: false,
        token: running.token,
      }),
      close: async () => undefined,
    };
  }
  const notifier = localPublishNotifier(io.env, { storeFile: settings.file, log: io.log });
  const api = await startLocalApi({
    storeFile: settings.file,
    log: io.log,
    onPublished: notifier.onPublished,
    releaseCheck: notifier.releaseCheck,
  });
  trustLocalApi(api.certificate);
  return {
    client: createClient({
      ...common,
      projectId: api.projectId,
      dataset: api.dataset,
      apiHost: api.url,
      useProjectHostname: false,
      token: api.token,
    }),
    close: () => api.close(),
  };
}

async function releaseNamed(client: SanityClient, id: string | undefined): Promise<Release> {
  if (!id) throw new UsageError(USAGE);
  const release = /^[A-Za-z0-9_-]{1,64}$/.test(id)
    ? await client.releases.get({ releaseId: id })
    : undefined;
  if (!release)
    throw new UsageError(
      `There is no release ${quoted(id)} (npm run releases -- list shows them).`,
    );
  return release;
}

function when(release: Release): string {
  if (release.state === 'published') return `published ${release.publishedAt}`;
  if (release.state === 'scheduled') return `scheduled for ${release.publishAt}`;
  return release.state;
}

async function list(client: SanityClient, io: ScriptIo): Promise<void> {
  const releases = await allReleases(client);
  if (releases.length === 0) return io.log('No releases.');
  const versions = await client.fetch<string[]>('*[_id in path("versions.**")]._id');
  io.log(
    formatTable(
      ['Release', 'Title', 'State', 'Documents', 'End'],
      releases.map((release) => [
        release.name,
        release.metadata?.title || '(untitled)',
        when(release),
        String(
          release.finalDocumentStates?.length ??
            versions.filter((id) => releaseOf(id) === release.name).length,
        ),
        endOf(releases, release.name)?.publishAt ?? '',
      ]),
    ),
  );
}

async function show(client: SanityClient, io: ScriptIo, id: string | undefined): Promise<void> {
  const release = await releaseNamed(client, id);
  io.log(`Release ${release.name}: ${quoted(release.metadata?.title ?? '')}, ${when(release)}`);
  if (release.error?.message) io.log(`Problem: ${release.error.message}`);
  if (release.metadata?.endsRelease) io.log(`It ends release ${release.metadata.endsRelease}.`);
  const waiver = release.metadata?.waiveOutdated;
  if (waiver) io.log(`Outdated translations waived by ${waiver.by} at ${waiver.at}.`);
  const ending = endOf(await allReleases(client), release.name);
  if (ending) io.log(`${endLine(ending)}${ending.state === 'published' ? '' : `: ${END_CAVEAT}`}.`);
  if (release.state === 'published' || release.state === 'archived') {
    for (const { id: version } of release.finalDocumentStates ?? [])
      io.log(`  ${publishedIdOf(version)}`);
    return;
  }
  const versions = await client.fetch<Doc[]>('*[_id in path("versions.**")]');
  const mine = versions.filter((doc) => releaseOf(doc._id) === release.name);
  const ids = mine.map((doc) => publishedIdOf(doc._id));
  const published = await client.fetch<Doc[]>('*[_id in $ids]', { ids });
  const open = await client.fetch<string[]>(
    '*[_type == "system.release" && state in ["active", "scheduled"]].name',
  );
  for (const version of mine) {
    const publishedId = publishedIdOf(version._id);
    const base = published.find((doc) => doc._id === publishedId);
    io.log(`  ${publishedId}: ${changedTexts(version, base).length} text(s) changed`);
    for (const other of versions) {
      const name = releaseOf(other._id)!;
      if (name === release.name || publishedIdOf(other._id) !== publishedId || !open.includes(name))
        continue;
      const both = textsBothChange(version, other, base).map((text) => text.key);
      if (both.length)
        io.log(
          `    also changed by release ${name}: ${both.join(', ')} (the release published last keeps its text)`,
        );
    }
  }
  await printReleaseCheck(io, release);
}

/** What the site's release check says now, when a site is known (content/release-check.ts). */
async function printReleaseCheck(io: ScriptIo, release: Release): Promise<void> {
  const settings = readContentSettings(io.env, 'read');
  const options = { waiveOutdated: Boolean(release.metadata?.waiveOutdated) };
  let answer: ReleaseCheckAnswer | undefined;
  try {
    if (settings.kind === 'local') {
      const notifier = localPublishNotifier(io.env, { storeFile: settings.file, log: io.log });
      answer = await notifier.releaseCheck(release.name, options);
    } else {
      const site = readPublishWebhookSettings(io.env);
      if (!site) return io.log("Site's release check: not asked (SITE_REVALIDATE_URL is not set).");
      answer = await askReleaseCheck(site.url, site.secret, release.name, options);
    }
  } catch (error) {
    return io.log(`Site's release check: not reached (${(error as Error).message}).`);
  }
  if (!answer)
    return io.log("Site's release check: not asked (no site of this checkout answered).");
  io.log(
    answer.status === 'ready'
      ? "Site's release check: ready."
      : `Site's release check: ${blockedReason(answer, options.waiveOutdated)}`,
  );
}

/** A published release's documents as they were the moment before it went live (the history). */
async function documentsBefore(
  client: SanityClient,
  release: Release,
): Promise<{ time: string; documents: Doc[] }> {
  const ids = (release.finalDocumentStates ?? []).map(({ id: version }) => publishedIdOf(version));
  const time = new Date(Date.parse(release.publishedAt!) - 1).toISOString();
  const { documents } = await client.request<{ documents: Doc[] }>({
    url: `/data/history/${client.config().dataset}/documents/${ids.join(',')}?time=${time}`,
  });
  return { time, documents };
}

/** A new release whose versions are `documents` as they are; its name. */
async function stageRelease(
  client: SanityClient,
  metadata: { title: string; releaseType: 'asap' | 'scheduled' } & Record<string, unknown>,
  documents: Doc[],
): Promise<string> {
  const name = `r${randomBytes(6)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}`;
  await client.releases.create({ releaseId: name, metadata });
  await client.action(
    documents.map((doc) => {
      const { _rev: _r, _createdAt: _c, _updatedAt: _u, ...content } = doc;
      return {
        actionType: 'sanity.action.document.version.create' as const,
        publishedId: doc._id,
        document: { ...content, _id: versionId(name, doc._id) },
      };
    }),
  );
  return name;
}

async function revert(client: SanityClient, io: ScriptIo, id: string | undefined): Promise<void> {
  const release = await releaseNamed(client, id);
  if (release.state !== 'published' || !release.publishedAt)
    throw new UsageError(
      `Release ${release.name} is ${release.state}: only a published release can be reverted.`,
    );
  const { time, documents } = await documentsBefore(client, release);
  const title = `Revert ${release.metadata?.title || release.name}`;
  const name = await stageRelease(client, { title, releaseType: 'asap' }, documents);
  io.log(
    `Release ${name} puts back ${documents.length} document(s) as they were before ${release.name} (${time}): ${documents.map((doc) => doc._id).join(', ')}.`,
  );
  io.log(`Publish it with: npm run releases -- publish ${name}`);
}

const END_CAVEAT =
  'it puts back the texts it holds: edits published to these dictionaries meanwhile are overwritten then, unless you edit the end release (unschedule, edit, schedule again)';

/** The release that ends `name` (staged by `end`, not archived): the one reading of the link. */
function endOf(releases: Release[], name: string): Release | undefined {
  return releases.find(
    (release) => release.metadata?.endsRelease === name && release.state !== 'archived',
  );
}

function endLine(end: Release): string {
  if (end.state === 'published') return `Ended: ${end.publishedAt} (release ${end.name})`;
  return `Ends: ${end.publishAt ?? 'not scheduled'} (release ${end.name})`;
}

async function allReleases(client: SanityClient): Promise<Release[]> {
  return client.fetch<Release[]>(
    '*[_type == "system.release" && _id in path("_.releases.*")] | order(_createdAt desc)',
  );
}

async function end(client: SanityClient, io: ScriptIo, id: string | undefined, time: string) {
  const release = await releaseNamed(client, id);
  const endAt = new Date(time).toISOString();
  if (release.state === 'archived')
    throw new UsageError(`Release ${release.name} is archived: there is nothing to end.`);
  if (Date.parse(endAt) <= Date.now())
    throw new UsageError(`${endAt} is in the past: an end time must be later than now.`);
  if (release.state === 'scheduled' && Date.parse(endAt) <= Date.parse(release.publishAt!))
    throw new UsageError(
      `${endAt} is not after release ${release.name}'s time (${release.publishAt}): it must end later.`,
    );
  const existing = endOf(await allReleases(client), release.name);
  if (existing)
    throw new UsageError(
      `Release ${release.name} has an end already: ${endLine(existing)}. Unschedule and archive that release first.`,
    );
  let documents: Doc[];
  if (release.state === 'published') documents = (await documentsBefore(client, release)).documents;
  else {
    const versions = await client.fetch<string[]>('*[sanity::partOfRelease($name)]._id', {
      name: release.name,
    });
    documents = await client.fetch<Doc[]>('*[_id in $ids]', { ids: versions.map(publishedIdOf) });
  }
  if (documents.length === 0)
    throw new UsageError(`Release ${release.name} changes no published document: nothing to end.`);
  const title = release.metadata?.title || release.name;
  const name = await stageRelease(
    client,
    {
      title: `End: ${title}`,
      description: `Puts back what release ${release.name} ("${title}") changed, as it was before.`,
      releaseType: 'scheduled',
      intendedPublishAt: endAt,
      endsRelease: release.name,
      // It puts back texts that went live together: a waiver of the release's outdated
      // translations holds for their return, or the site's check would block the end.
      ...(release.metadata?.waiveOutdated && { waiveOutdated: release.metadata.waiveOutdated }),
    },
    documents,
  );
  await client.releases.schedule({ releaseId: name, publishAt: endAt });
  io.log(
    `Release ${name} ends ${release.name} at ${endAt}: ${documents.length} document(s) as before it (${documents.map((doc) => doc._id).join(', ')}); ${END_CAVEAT}.`,
  );
}

async function run(args: string[], io: ScriptIo): Promise<void> {
  const [command, id, time, ...extra] = args;
  const arity: Record<string, number> = {
    list: 0,
    show: 1,
    publish: 1,
    schedule: 2,
    unschedule: 1,
    waive: 1,
    revert: 1,
    end: 2,
  };
  if (
    !command ||
    arity[command] === undefined ||
    args.length - 1 !== arity[command] ||
    extra.length
  )
    throw new UsageError(USAGE);
  if (
    (command === 'schedule' || command === 'end') &&
    (!/^\d{4}-\d{2}-\d{2}T/.test(time!) || Number.isNaN(Date.parse(time!)))
  )
    throw new UsageError(
      `${quoted(time)} is not an ISO date and time (e.g. 2026-12-01T09:00:00Z).`,
    );
  const { client, close } = await openClient(io);
  try {
    switch (command) {
      case 'list':
        return await list(client, io);
      case 'show':
        return await show(client, io, id);
      case 'revert':
        return await revert(client, io, id);
      case 'end':
        return await end(client, io, id, time!);
      case 'publish':
        await releaseNamed(client, id);
        await client.releases.publish({ releaseId: id! });
        return io.log(`Release ${id} published.`);
      case 'schedule': {
        await releaseNamed(client, id);
        const publishAt = new Date(time!).toISOString();
        await client.releases.schedule({ releaseId: id!, publishAt });
        return io.log(`Release ${id} scheduled for ${publishAt}.`);
      }
      case 'waive': {
        await releaseNamed(client, id);
        const waiver = { by: userInfo().username, at: new Date().toISOString() };
        await client.releases.edit({
          releaseId: id!,
          patch: { set: { 'metadata.waiveOutdated': waiver } },
        });
        return io.log(
          `Release ${id}: outdated translations waived (by ${waiver.by}); the site's check still reports them.`,
        );
      }
      case 'unschedule':
        await releaseNamed(client, id);
        await client.releases.unschedule({ releaseId: id! });
        return io.log(`Release ${id} unscheduled.`);
    }
  } finally {
    await close();
  }
}

export async function releasesCommand(args: string[], io: ScriptIo = processIo): Promise<number> {
  let code = 0;
  const status = await runScript(async () => {
    try {
      await run(args, io);
    } catch (error) {
      if (error instanceof UsageError) {
        io.error(error.message);
        code = 2;
        return;
      }
      // The store refused (a conflict, a locked release): its message says why.
      const refused = error as { statusCode?: number; details?: { description?: string } };
      if (refused.statusCode && refused.statusCode < 500) {
        io.error(refused.details?.description ?? (error as Error).message);
        code = 1;
        return;
      }
      throw error;
    }
  }, io);
  return code || status;
}
