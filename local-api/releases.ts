/**
 * Content releases as Sanity models them, for the local API: a release is the system
 * document `_.releases.<name>` (`_type: "system.release"`), and a document's version in it
 * is `versions.<name>.<id>`. The release actions (`sanity.action.release.*`) change the
 * release document; publishing writes every version as its published document in the same
 * transaction as the release's new state, so a reader sees all of a release or none of it.
 *
 * States: `active` (versions may be added, edited, discarded) → `scheduled` (locked until
 * its `publishAt`, or until unscheduled) → `published`; `active` → `archived` (its versions
 * are removed, as Sanity does; they stay in the history). A release that the site's
 * release check blocked keeps its state and carries `error.message`, which the Studio shows.
 */
import { isReleaseName, publishedIdOf, releaseOf, VERSIONS_PREFIX } from '@/content/perspective';
import type { StoredDocument } from './dataset-file';
import { ApiError } from './http';

export const RELEASE_TYPE = 'system.release';
export const RELEASES_PREFIX = '_.releases.';

const RELEASE_TYPES = new Set(['asap', 'scheduled', 'undecided']);

export type ReleaseState = 'active' | 'scheduled' | 'published' | 'archived';

export interface ReleaseDocument extends StoredDocument {
  name: string;
  state: ReleaseState;
  metadata: {
    title?: string;
    releaseType: string;
    intendedPublishAt?: string;
    /**
     * The editor's waiver of the site's "translations outdated in the release" check (who and
     * when; `npm run releases -- waive <id>`). In the metadata, the one part of a release
     * document its edit action may change, on Sanity too. The release check is then asked
     * with `waiveOutdated: true`.
     */
    waiveOutdated?: { by: string; at: string };
  };
  publishAt?: string;
  publishedAt?: string;
  finalDocumentStates?: { id: string }[];
  error?: { message: string };
}

export const releaseDocumentId = (name: string): string => `${RELEASES_PREFIX}${name}`;

export function isReleaseDocumentId(id: string): boolean {
  return id.startsWith(RELEASES_PREFIX);
}

export function isRelease(doc: StoredDocument | null): doc is ReleaseDocument {
  return doc !== null && doc._type === RELEASE_TYPE && isReleaseDocumentId(doc._id);
}

/** The documents a plan works on, as changed so far by the request. */
export interface Working {
  get(id: string): StoredDocument | null;
  set(id: string, doc: StoredDocument | null): void;
  ids(): string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function checkReleaseName(name: unknown, where: string): string {
  if (typeof name !== 'string' || !isReleaseName(name))
    throw new ApiError(
      400,
      `${where}: a release id is 1 to 64 letters, digits, "_" or "-", not ${JSON.stringify(name)}`,
    );
  return name;
}

/** The release named `name`, or a 404 naming it. */
export function releaseNamed(working: Working, name: unknown, where: string): ReleaseDocument {
  const release = working.get(releaseDocumentId(checkReleaseName(name, where)));
  if (!isRelease(release))
    throw new ApiError(404, `${where}: there is no release "${String(name)}"`, 'notFound');
  return release;
}

function requireState(release: ReleaseDocument, states: ReleaseState[], doing: string): void {
  if (!states.includes(release.state))
    throw new ApiError(
      409,
      `cannot ${doing} release "${release.name}": it is ${release.state} (only ${states.join(' or ')} releases can)`,
      'conflict',
    );
}

/** A version may be written only while its release is active (scheduled ones are locked). */
export function requireOpenRelease(working: Working, versionId: string, where: string): void {
  const name = releaseOf(versionId)!;
  requireState(releaseNamed(working, name, where), ['active'], `change a version in`);
}

/** The ids of a release's versions, in a stable order. */
export function versionsIn(working: Working, name: string): string[] {
  const prefix = `${VERSIONS_PREFIX}${name}.`;
  return working
    .ids()
    .filter((id) => id.startsWith(prefix))
    .sort();
}

function withoutFields<T extends StoredDocument>(doc: T, fields: string[]): T {
  const copy = { ...doc };
  for (const field of fields) delete copy[field];
  return copy;
}

/**
 * Publishes release `name`: every version becomes its published document and is removed,
 * and the release becomes `published` with `publishedAt` and `finalDocumentStates` (the
 * versions' ids, which the Studio reads back from the history). `check` vets each version
 * (the dictionaries' types); anything it throws leaves the plan, and so the store, untouched.
 */
export function publishRelease(
  working: Working,
  name: string,
  now: string,
  check: (version: StoredDocument, publishedId: string) => void,
): void {
  const release = releaseNamed(working, name, 'publish');
  requireState(release, ['active', 'scheduled'], 'publish');
  // An empty release publishes nothing (the Studio's permission check tries one as a dry run).
  const versions = versionsIn(working, name);
  for (const id of versions) {
    const version = working.get(id)!;
    const publishedId = publishedIdOf(id);
    check(version, publishedId);
    working.set(publishedId, { ...withoutFields(version, ['_system']), _id: publishedId });
    working.set(id, null);
  }
  working.set(
    release._id,
    withoutFields(
      {
        ...release,
        state: 'published',
        publishedAt: now,
        finalDocumentStates: versions.map((id) => ({ id })),
      },
      ['error'],
    ),
  );
}

/** Plans one `sanity.action.release.*` action. */
export function planReleaseAction(
  action: Record<string, unknown>,
  where: string,
  working: Working,
  now: string,
  check: (version: StoredDocument, publishedId: string) => void,
): 'edit' | 'publish' {
  const type = String(action.actionType).slice('sanity.action.release.'.length);
  if (type === 'create') {
    const name = checkReleaseName(action.releaseId, `${where}.releaseId`);
    if (working.get(releaseDocumentId(name)))
      throw new ApiError(409, `${where}: release "${name}" already exists`, 'conflict');
    working.set(releaseDocumentId(name), {
      _id: releaseDocumentId(name),
      _type: RELEASE_TYPE,
      name,
      state: 'active',
      metadata: checkMetadata(action.metadata ?? {}, `${where}.metadata`),
    });
    return 'edit';
  }
  const release = releaseNamed(working, action.releaseId, `${where}.releaseId`);
  switch (type) {
    case 'edit': {
      requireState(release, ['active', 'scheduled'], 'edit');
      const patch = isRecord(action.patch) ? action.patch : undefined;
      if (!patch) throw new ApiError(400, `${where}.patch: expected a patch of the metadata`);
      const metadata = structuredClone(release.metadata) as Record<string, unknown>;
      const set = isRecord(patch.set) ? patch.set : {};
      for (const [key, value] of Object.entries(set)) {
        if (key === 'metadata' && isRecord(value)) Object.assign(metadata, value);
        else if (key.startsWith('metadata.')) metadata[key.slice('metadata.'.length)] = value;
        else throw new ApiError(400, `${where}.patch: only the metadata can be edited, not ${key}`);
      }
      const unset = Array.isArray(patch.unset) ? patch.unset : [];
      for (const key of unset) {
        if (typeof key === 'string' && key.startsWith('metadata.'))
          delete metadata[key.slice('metadata.'.length)];
      }
      working.set(release._id, {
        ...release,
        metadata: checkMetadata(metadata, `${where}.patch`),
      });
      return 'edit';
    }
    case 'schedule': {
      requireState(release, ['active'], 'schedule');
      const publishAt = action.publishAt;
      if (typeof publishAt !== 'string' || Number.isNaN(Date.parse(publishAt)))
        throw new ApiError(400, `${where}.publishAt: expected an ISO date and time`);
      working.set(
        release._id,
        withoutFields(
          { ...release, state: 'scheduled', publishAt: new Date(publishAt).toISOString() },
          ['error'],
        ),
      );
      return 'edit';
    }
    case 'unschedule':
      requireState(release, ['scheduled'], 'unschedule');
      working.set(
        release._id,
        withoutFields({ ...release, state: 'active' }, ['publishAt', 'error']),
      );
      return 'edit';
    case 'publish':
      publishRelease(working, release.name, now, check);
      return 'publish';
    case 'archive': {
      requireState(release, ['active'], 'archive');
      const versions = versionsIn(working, release.name);
      for (const id of versions) working.set(id, null);
      working.set(release._id, {
        ...release,
        state: 'archived',
        finalDocumentStates: versions.map((id) => ({ id })),
      });
      return 'edit';
    }
    case 'delete':
      requireState(release, ['archived', 'published'], 'delete');
      working.set(release._id, null);
      return 'edit';
    default:
      // Unarchiving would need the versions back from the history; the local API does not.
      throw new ApiError(
        400,
        `${where}: the local API does not support ${String(action.actionType)}`,
        'actionError',
      );
  }
}

function checkMetadata(value: unknown, where: string): ReleaseDocument['metadata'] {
  if (!isRecord(value)) throw new ApiError(400, `${where}: expected an object`);
  const metadata: Record<string, unknown> = {
    ...value,
    releaseType: value.releaseType ?? 'undecided',
  };
  if (!RELEASE_TYPES.has(String(metadata.releaseType)))
    throw new ApiError(
      400,
      `${where}.releaseType: expected asap, scheduled or undecided, not ${JSON.stringify(metadata.releaseType)}`,
    );
  for (const field of ['title', 'description', 'intendedPublishAt'] as const) {
    if (metadata[field] !== undefined && typeof metadata[field] !== 'string')
      throw new ApiError(400, `${where}.${field}: expected a string`);
  }
  return metadata as ReleaseDocument['metadata'];
}
