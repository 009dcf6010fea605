/**
 * The Studio's settings as scripts read them (Node only; the bundle reads studio/env.ts):
 * SANITY_STUDIO_* from the shell, else from studio/.env.local, else from studio/.env, the
 * files Sanity's CLI loads for the Studio. Parsed once with zod, so a malformed value
 * stops `npm run studio` with a message naming it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';

const StudioEnv = z.object({
  SANITY_STUDIO_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]+$/, {
      error: 'must be a Sanity project id (lowercase letters, digits, dashes)',
    })
    .optional(),
  SANITY_STUDIO_DATASET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'must be a dataset name such as production' })
    .default('production'),
  SANITY_STUDIO_SITE_URL: z
    .url({ error: 'must be an absolute URL such as http://localhost:3000' })
    .optional(),
  /** The site the Presentation tool frames (the Studio bundle reads it; checked here early). */
  SANITY_STUDIO_PREVIEW_URL: z
    .url({ error: 'must be an absolute URL such as http://localhost:3000' })
    .optional(),
  /** Ports `npm run studio` prefers for the Studio and the local content API. */
  STUDIO_PORT: z.coerce.number().int().min(0).max(65535).default(3333),
  CONTENT_API_PORT: z.coerce.number().int().min(0).max(65535).default(3334),
  /** Where `npm run studio` keeps the local content API's certificate. */
  CONTENT_API_TLS_DIR: z.string().default('.content/tls'),
});

export interface StudioSettings {
  /** Absent: the Studio runs against the local content API. */
  readonly projectId: string | undefined;
  readonly dataset: string;
  readonly siteUrl: string | undefined;
  readonly studioPort: number;
  readonly apiPort: number;
  readonly tlsDir: string;
}

export class StudioSettingsError extends Error {}

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
  const present = Object.fromEntries(
    Object.entries(merged).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = StudioEnv.safeParse(present);
  if (!result.success)
    throw new StudioSettingsError(`Invalid Studio settings:\n${z.prettifyError(result.error)}`);
  return {
    projectId: result.data.SANITY_STUDIO_PROJECT_ID,
    dataset: result.data.SANITY_STUDIO_DATASET,
    siteUrl: result.data.SANITY_STUDIO_SITE_URL,
    studioPort: result.data.STUDIO_PORT,
    apiPort: result.data.CONTENT_API_PORT,
    tlsDir: result.data.CONTENT_API_TLS_DIR,
  };
}
