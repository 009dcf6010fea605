/**
 * The Studio's settings, one zod schema for both places that read them: the Studio bundle
 * (studio/env.ts, values Sanity writes in at build time) and the scripts
 * (studio/studio-settings.ts, values from the shell and studio/.env files). A malformed value
 * stops either with a message naming it.
 */
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
  /** Where the Studio's API requests go instead of https://<projectId>.api.sanity.io. */
  SANITY_STUDIO_API_HOST: z
    .url({ error: 'must be an absolute URL such as https://127.0.0.1:3334' })
    .optional(),
  /** Ports `npm run studio` prefers for the Studio and the local API. */
  STUDIO_PORT: z.coerce.number().int().min(0).max(65535).default(3333),
  LOCAL_API_PORT: z.coerce.number().int().min(0).max(65535).default(3334),
  /** Where `npm run studio` keeps the local API's certificate. */
  LOCAL_API_TLS_DIR: z.string().default('.content/tls'),
});

export class StudioSettingsError extends Error {}

/** Parses the settings; a blank value counts as unset. */
export function parseStudioEnv(
  values: Record<string, string | undefined>,
): z.infer<typeof StudioEnv> {
  const present = Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = StudioEnv.safeParse(present);
  if (!result.success)
    throw new StudioSettingsError(`Invalid Studio settings:\n${z.prettifyError(result.error)}`);
  return result.data;
}
