/**
 * Answers about who is signed in and what the project allows. Locally there is one
 * editor with every permission: the local API emulates no permissions, and the Studio
 * needs a user object to get past its login screen.
 */
import { ApiError, decodePathPart } from './http';
import { SCHEDULER_AUTHOR, SYSTEM_AUTHOR } from './transactions';

export const LOCAL_USER = {
  id: 'local-editor',
  name: 'Local editor',
  email: 'editor@localhost',
  profileImage: null,
  role: 'administrator',
  roles: [{ name: 'administrator', title: 'Administrator' }],
  provider: 'local',
};

/** The plan's features the Studio asks for: content releases (served by ./releases.ts). */
const FEATURES = ['contentReleases'];

/** Grants of the Studio's "administrator": read, create, history and update everywhere. */
const ALL_DOCUMENTS_GRANTS = [
  { filter: '_id in path("**")', permissions: ['read', 'create', 'history', 'update'] },
];

/** The names the Studio shows for the API's own writers (user names are not translated). */
const WRITERS: Record<string, string> = {
  [SYSTEM_AUTHOR]: 'Import or other writer',
  [SCHEDULER_AUTHOR]: 'Scheduled release',
};

function userSummary(id: string) {
  if (id === LOCAL_USER.id || id === 'me')
    return { id: LOCAL_USER.id, displayName: LOCAL_USER.name, imageUrl: null };
  return { id, displayName: WRITERS[id] ?? id, imageUrl: null };
}

/** Key-value preferences of the Studio (`/users/me/keyvalue`), kept in memory. */
export class Preferences {
  private readonly values = new Map<string, unknown>();

  get(keys: string): { key: string; value: unknown }[] {
    return keys
      .split(',')
      .filter(Boolean)
      .map((key) => ({ key, value: this.values.get(key) ?? null }));
  }

  put(body: unknown): { key: string; value: unknown }[] {
    if (!Array.isArray(body)) throw new ApiError(400, 'expected a list of {key, value}');
    return body.map((pair: unknown, index) => {
      if (
        typeof pair !== 'object' ||
        pair === null ||
        typeof (pair as { key?: unknown }).key !== 'string'
      )
        throw new ApiError(400, `[${index}]: expected {key, value}`);
      const { key, value } = pair as { key: string; value: unknown };
      this.values.set(key, value);
      return { key, value };
    });
  }
}

/**
 * The answer to a request about users, the project or Studio extras, or undefined when
 * the path is none of them. `path` has no API version prefix.
 */
export function projectAnswer(
  method: string,
  path: string,
  projectId: string,
  dataset: string,
): unknown {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (path === '/users/me') return LOCAL_USER;
  const users = /^\/users\/([^/]+)$/.exec(path);
  if (users) return users[1]!.split(',').map((id) => userSummary(decodePathPart(id)));
  if (path === '/auth/id') return { id: LOCAL_USER.id };
  if (path === '/auth/providers') return { thirdPartyLogin: false, sso: false, providers: [] };
  const project = /^\/projects\/([^/]+)(\/.*)?$/.exec(path);
  if (project && project[1] === projectId) {
    const rest = project[2] ?? '';
    if (rest === '') return projectDescription(projectId);
    if (rest === '/grants') return {};
    if (rest === `/datasets/${dataset}/acl`) return ALL_DOCUMENTS_GRANTS;
    if (rest === '/datasets') return [{ name: dataset, aclMode: 'public' }];
    if (rest === '/members') return [memberOf()];
    if (rest === '/user-applications') return [];
    if (rest === '/features') return FEATURES;
    if (rest.startsWith('/features/')) return FEATURES.includes(rest.slice('/features/'.length));
  }
  if (path === '/features') return FEATURES;
  // The plan, for the Releases tool's note on how long a published release's history is kept:
  // the local history is bounded by size, not by days, so no retention is given.
  if (path === `/subscriptions/project/${projectId}`)
    return {
      id: 'local',
      projectId,
      plan: { id: 'local', name: 'Local API' },
      resources: {},
      featureTypes: { retention: { id: 'retention', features: [{ attributes: {} }] } },
    };
  // Clients ask after a failed event stream whether CORS refused them: it never does here.
  if (path === '/check/cors') return { result: { allowed: true, withCredentials: true } };
  return undefined;
}

function memberOf() {
  return {
    id: LOCAL_USER.id,
    role: 'administrator',
    roles: LOCAL_USER.roles,
    isCurrentUser: true,
    isRobot: false,
  };
}

function projectDescription(projectId: string) {
  return {
    id: projectId,
    displayName: 'Local API',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    isDisabledByUser: false,
    metadata: {},
    organizationId: null,
    members: [memberOf()],
    features: [],
    pendingInvites: 0,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

/**
 * Requests for hosted extras the Studio can do without (onboarding journeys, schedules,
 * help links, telemetry, error reports): a harmless empty answer, and no log line.
 */
export function isHarmlessExtra(path: string): boolean {
  return /^\/(journey|schedules|help|intake|telemetry|ping|data\/ping|comments|assets|tasks)(\/|$)/.test(
    path,
  );
}
