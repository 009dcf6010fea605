/**
 * Public site settings, parsed once. Every one has a default, so the site runs with no
 * configuration; a malformed value fails the build with a message naming it.
 */
import { z } from 'zod';

const httpsOrLocalUrl = z
  .url({ error: 'must be an absolute URL such as https://rggames.example' })
  .transform((value) => value.replace(/\/+$/, ''));

const CDN_PURGE_KINDS = ['varnish', 'fastly', 'cloudflare'] as const;

/** What each CDN needs besides `CDN_PURGE` to purge by tag. */
const CDN_REQUIRED: Record<(typeof CDN_PURGE_KINDS)[number], readonly string[]> = {
  varnish: ['CDN_PURGE_URL'],
  fastly: ['FASTLY_API_TOKEN', 'FASTLY_SERVICE_ID'],
  cloudflare: ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ZONE_ID'],
};

const SiteSettings = z
  .object({
    SITE_URL: httpsOrLocalUrl.default('https://rggames.example'),
    LEGACY_SITE_EN_URL: httpsOrLocalUrl.default('https://quarantinechronicles.rggames.example'),
    LEGACY_SITE_TR_URL: httpsOrLocalUrl.default('https://karantinagunlukleri.rggames.example'),
    // The CDN in front, purged by tag after each publish (docs/deploying.md); unset: none.
    CDN_PURGE: z
      .enum(CDN_PURGE_KINDS, { error: 'must be varnish, fastly or cloudflare (or unset)' })
      .optional(),
    // Varnish: where PURGE requests go. Fastly, Cloudflare: their API's address, for tests only.
    CDN_PURGE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    FASTLY_API_TOKEN: z.string().optional(),
    FASTLY_SERVICE_ID: z.string().optional(),
    CLOUDFLARE_API_TOKEN: z.string().optional(),
    CLOUDFLARE_ZONE_ID: z.string().optional(),
  })
  .superRefine((settings, context) => {
    if (!settings.CDN_PURGE) return;
    for (const key of CDN_REQUIRED[settings.CDN_PURGE])
      if (!settings[key as keyof typeof settings])
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `is required with CDN_PURGE=${settings.CDN_PURGE}`,
        });
  });

export type SiteSettings = z.infer<typeof SiteSettings>;

/** Where and how the site purges its CDN after a publish (web/content/cdn-purge.ts). */
export type CdnPurgeSettings =
  | { readonly cdn: 'off' }
  | { readonly cdn: 'varnish'; readonly url: string }
  | {
      readonly cdn: 'fastly';
      readonly apiUrl: string;
      readonly token: string;
      readonly serviceId: string;
    }
  | {
      readonly cdn: 'cloudflare';
      readonly apiUrl: string;
      readonly token: string;
      readonly zoneId: string;
    };

export function cdnPurgeSettings(settings: SiteSettings): CdnPurgeSettings {
  // The schema has checked that each CDN's settings are present.
  const need = (key: 'CDN_PURGE_URL' | `${'FASTLY' | 'CLOUDFLARE'}_${string}`): string =>
    (settings as Record<string, string | undefined>)[key] ?? '';
  switch (settings.CDN_PURGE) {
    case undefined:
      return { cdn: 'off' };
    case 'varnish':
      return { cdn: 'varnish', url: need('CDN_PURGE_URL') };
    case 'fastly':
      return {
        cdn: 'fastly',
        apiUrl: settings.CDN_PURGE_URL ?? 'https://api.fastly.com',
        token: need('FASTLY_API_TOKEN'),
        serviceId: need('FASTLY_SERVICE_ID'),
      };
    case 'cloudflare':
      return {
        cdn: 'cloudflare',
        apiUrl: settings.CDN_PURGE_URL ?? 'https://api.cloudflare.com/client/v4',
        token: need('CLOUDFLARE_API_TOKEN'),
        zoneId: need('CLOUDFLARE_ZONE_ID'),
      };
  }
}

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
