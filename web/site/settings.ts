/**
 * Public site settings, parsed once. Every one has a default, so the site runs with no
 * configuration; a malformed value fails the build with a message naming it.
 */
import { z } from 'zod';

const httpsOrLocalUrl = z
  .url({ error: 'must be an absolute URL such as https://rggames.example' })
  .transform((value) => value.replace(/\/+$/, ''));

const SiteSettings = z.object({
  SITE_URL: httpsOrLocalUrl.default('https://rggames.example'),
  LEGACY_SITE_EN_URL: httpsOrLocalUrl.default('https://quarantinechronicles.rggames.example'),
  LEGACY_SITE_TR_URL: httpsOrLocalUrl.default('https://karantinagunlukleri.rggames.example'),
});

export type SiteSettings = z.infer<typeof SiteSettings>;

export function readSiteSettings(
  env: Record<string, string | undefined> = process.env,
): SiteSettings {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const result = SiteSettings.safeParse(present);
  if (!result.success) throw new Error(`Invalid site settings:\n${z.prettifyError(result.error)}`);
  return result.data;
}

/**
 * Several instances share one cache through Redis (docs/several-instances.md). Unlike the
 * settings above, a bad value here never stops the server: it is reported in one line and
 * the instance serves from its own cache, as it does without the setting.
 */
const SharedCacheSettings = z.object({
  REDIS_URL: z
    .url({
      protocol: /^rediss?$/,
      hostname: /^.+$/,
      error: 'must be a Redis URL such as redis://localhost:6379 (rediss:// for TLS)',
    })
    .optional(),
  CONTENT_RECONCILE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be at least 1' })
    .max(60, { error: 'must be at most 60: a publish that no webhook announced waits that long' })
    .default(30),
});

export type SharedCacheSetting =
  | { readonly kind: 'off' }
  | { readonly kind: 'redis'; readonly url: string; readonly reconcileSeconds: number }
  | { readonly kind: 'invalid'; readonly message: string };

/** `REDIS_URL` and the reconciliation interval; never throws. */
export function readSharedCacheSetting(
  env: Record<string, string | undefined> = process.env,
): SharedCacheSetting {
  const present = Object.fromEntries(
    ['REDIS_URL', 'CONTENT_RECONCILE_SECONDS'].flatMap((name) => {
      const value = env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const result = SharedCacheSettings.safeParse(present);
  if (!result.success)
    return { kind: 'invalid', message: z.prettifyError(result.error).replace(/\n\s*/g, ' ') };
  const { REDIS_URL: url, CONTENT_RECONCILE_SECONDS: reconcileSeconds } = result.data;
  return url ? { kind: 'redis', url, reconcileSeconds } : { kind: 'off' };
}

/**
 * The canonical origin of the site. next.config.ts inlines `process.env.SITE_URL` into the
 * build, so every page, including one regenerated after a publish, links to the origin the
 * site was built for, even when the server runs with another environment.
 */
export function siteUrl(): string {
  return process.env.SITE_URL ?? readSiteSettings().SITE_URL;
}

/** The build output folder (browser tests and benchmarks build variants side by side). */
export function siteDistDir(env: Record<string, string | undefined> = process.env): string {
  return env.NEXT_DIST_DIR || '.next';
}

/** Paths of the old sites, and the sister site each one now redirects to (308). */
export const LEGACY_REDIRECTS = [
  { path: 'quarantinechronicles', site: 'en' },
  { path: 'quarantine-chronicles', site: 'en' },
  { path: 'karantina-gunlukleri', site: 'en' },
  { path: 'karantinagunlukleri', site: 'en' },
  { path: 'crazydemagogywars', site: 'en' },
  { path: 'cilginalgisavaslari', site: 'tr' },
] as const;
