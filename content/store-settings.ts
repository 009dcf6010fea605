/**
 * Which content store the scripts and the site use, parsed once with zod. No SANITY_*
 * setting means the local store; a half-configured Sanity setting is an error that
 * says what is missing, never a silent fall-back.
 */
import path from 'node:path';
import { z } from 'zod';

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

/** A blank value counts as unset, as in `.env.example`, where every line is `NAME=`. */
const setting = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.trim() || undefined : value), schema);

const ContentEnv = z.object({
  SANITY_PROJECT_ID: setting(
    z
      .string()
      .regex(/^[a-z0-9-]+$/, {
        error: 'must be a Sanity project id (lowercase letters, digits, dashes)',
      })
      .optional(),
  ),
  SANITY_DATASET: setting(z.string().optional()),
  SANITY_API_TOKEN: setting(z.string().optional()),
  SANITY_API_HOST: setting(z.string().optional()),
  CONTENT_STORE_FILE: setting(z.string().default(DEFAULT_LOCAL_STORE)),
});

export function readContentSettings(
  env: Record<string, string | undefined>,
  purpose: 'read' | 'write',
): ContentSettings {
  const parsed = ContentEnv.safeParse(env);
  if (!parsed.success) {
    throw new SettingsError(`Invalid content settings:\n${z.prettifyError(parsed.error)}`);
  }
  const {
    SANITY_PROJECT_ID: projectId,
    SANITY_DATASET: dataset,
    SANITY_API_TOKEN: token,
    SANITY_API_HOST: apiHost,
  } = parsed.data;

  if (!projectId && !dataset && !token) {
    return { kind: 'local', file: parsed.data.CONTENT_STORE_FILE };
  }
  const missing = [
    ...(projectId ? [] : ['SANITY_PROJECT_ID']),
    ...(dataset ? [] : ['SANITY_DATASET']),
    ...(purpose === 'write' && !token ? ['SANITY_API_TOKEN (a token with write access)'] : []),
  ];
  if (!projectId || !dataset || missing.length) {
    throw new SettingsError(
      `Sanity is half-configured: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing. ` +
        'Set all of them (see .env.example), or unset every SANITY_* setting to use the local store.',
    );
  }
  return { kind: 'sanity', projectId, dataset, token, apiHost };
}
