/**
 * Which content store the scripts use, read once from the environment. No SANITY_*
 * setting means the local store; a half-configured Sanity setting is an error that
 * says what is missing, never a silent fall-back.
 */
import path from 'node:path';

export type ContentSettings =
  | { kind: 'local'; file: string }
  | {
      kind: 'sanity';
      projectId: string;
      dataset: string;
      token: string | undefined;
      /** Only for tests and proxies: the API host instead of https://<project>.api.sanity.io. */
      apiHost: string | undefined;
    };

export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

const DEFAULT_LOCAL_STORE = path.join('.content', 'production.ndjson');

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export function readContentSettings(
  env: Record<string, string | undefined>,
  purpose: 'read' | 'write',
): ContentSettings {
  const projectId = present(env.SANITY_PROJECT_ID);
  const dataset = present(env.SANITY_DATASET);
  const token = present(env.SANITY_API_TOKEN);
  const apiHost = present(env.SANITY_API_HOST);

  if (!projectId && !dataset && !token) {
    return { kind: 'local', file: present(env.CONTENT_STORE_FILE) ?? DEFAULT_LOCAL_STORE };
  }
  const missing = [
    ...(projectId ? [] : ['SANITY_PROJECT_ID']),
    ...(dataset ? [] : ['SANITY_DATASET']),
    ...(purpose === 'write' && !token ? ['SANITY_API_TOKEN (a token with write access)'] : []),
  ];
  if (missing.length) {
    throw new SettingsError(
      `Sanity is half-configured: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing. ` +
        'Set all of them (see .env.example), or unset every SANITY_* setting to use the local store.',
    );
  }
  if (projectId && !/^[a-z0-9-]+$/.test(projectId)) {
    throw new SettingsError(
      `SANITY_PROJECT_ID "${projectId}" is not a Sanity project id (lowercase letters, digits, dashes).`,
    );
  }
  return { kind: 'sanity', projectId: projectId!, dataset: dataset!, token, apiHost };
}
