/**
 * npm run releases -- list | show <id> | publish <id> | schedule <id> <ISO time> |
 * unschedule <id> | waive <id> | revert <id>
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
  'Usage: npm run releases -- list | show <id> | publish <id> | schedule <id> <ISO time> | unschedule <id> | waive <id> | revert <id>';

/** A wrong argument or an unknown release: one line, exit code 2. */
class UsageError extends Error {}

interface Release {
  _id: string;
  name: string;
  state: string;
  metadata?: { title?: string; waiveOutdated?: { by: string; at: string } };
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
  const releases = await client.fetch<Release[]>(
    '*[_type == "system.release" && _id in path("_.releases.*")] | order(_createdAt desc)',
  );
  if (releases.length === 0) return io.log('No releases.');
  const versions = await client.fetch<string[]>('*[_id in path("versions.**")]._id');
  io.log(
    formatTable(
      ['Release', 'Title', 'State', 'Documents'],
      releases.map((release) => [
        release.name,
        release.metadata?.title || '(untitled)',
        when(release),
        String(
          release.finalDocumentStates?.length ??
            versions.filter((id) => releaseOf(id) === release.name).length,
        ),
      ]),
    ),
  );
}

async function show(client: SanityClient, io: ScriptIo, id: string | undefined): Promise<void> {
  const release = await releaseNamed(client, id);
  io.log(`Release ${release.name}: ${quoted(release.metadata?.title ?? '')}, ${when(release)}`);
  if (release.error?.message) io.log(`Problem: ${release.error.message}`);
  const waiver = release.metadata?.waiveOutdated;
  if (waiver) io.log(`Outdated translations waived by ${waiver.by} at ${waiver.at}.`);
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

async function revert(client: SanityClient, io: ScriptIo, id: string | undefined): Promise<void> {
  const release = await releaseNamed(client, id);
  if (release.state !== 'published' || !release.publishedAt)
    throw new UsageError(
      `Release ${release.name} is ${release.state}: only a published release can be reverted.`,
    );
  const ids = (release.finalDocumentStates ?? []).map(({ id: version }) => publishedIdOf(version));
  // The documents as they were the moment before the release went live.
  const before = new Date(Date.parse(release.publishedAt) - 1).toISOString();
  const { documents } = await client.request<{ documents: Doc[] }>({
    url: `/data/history/${client.config().dataset}/documents/${ids.join(',')}?time=${before}`,
  });
  const name = `r${randomBytes(6)
    .toString('base64url')
    .replace(/[^A-Za-z0-9]/g, 'x')}`;
  await client.releases.create({
    releaseId: name,
    metadata: { title: `Revert ${release.metadata?.title || release.name}`, releaseType: 'asap' },
  });
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
  io.log(
    `Release ${name} puts back ${documents.length} document(s) as they were before ${release.name} (${before}): ${documents.map((doc) => doc._id).join(', ')}.`,
  );
  io.log(`Publish it with: npm run releases -- publish ${name}`);
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
  };
  if (
    !command ||
    arity[command] === undefined ||
    args.length - 1 !== arity[command] ||
    extra.length
  )
    throw new UsageError(USAGE);
  if (
    command === 'schedule' &&
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
