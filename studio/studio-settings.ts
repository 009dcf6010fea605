/**
 * The Studio's settings as scripts read them (Node only; the bundle reads studio/env.ts):
 * SANITY_STUDIO_* from the shell, else from studio/.env.local, else from studio/.env, the
 * files Sanity's CLI loads for the Studio. Parsed once with zod, so a malformed value
 * stops `npm run studio` with a message naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { parseStudioEnv } from './env-schema';

export { StudioSettingsError } from './env-schema';

export interface StudioSettings {
  /** Absent: the Studio runs against the local API. */
  readonly projectId: string | undefined;
  readonly dataset: string;
  readonly siteUrl: string | undefined;
  readonly studioPort: number;
  readonly apiPort: number;
  readonly tlsDir: string;
}

function readEnvFile(file: string): Record<string, string | undefined> {
  return existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
}

export function readStudioSettings(
  env: Record<string, string | undefined> = process.env,
  studioDir = 'studio',
): StudioSettings {
  const merged = {
    ...readEnvFile(path.join(studioDir, '.env')),
    ...readEnvFile(path.join(studioDir, '.env.local')),
    ...env,
  };
  const parsed = parseStudioEnv(merged);
  return {
    projectId: parsed.SANITY_STUDIO_PROJECT_ID,
    dataset: parsed.SANITY_STUDIO_DATASET,
    siteUrl: parsed.SANITY_STUDIO_SITE_URL,
    studioPort: parsed.STUDIO_PORT,
    apiPort: parsed.LOCAL_API_PORT,
    tlsDir: parsed.LOCAL_API_TLS_DIR,
  };
}
