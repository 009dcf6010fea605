/**
 * Public site settings, parsed once. Every one has a default, so the site runs with no
 * configuration; a malformed value fails the build with a message naming it.
 */
import { z } from 'zod';
import { proxyRange, trustedProxies } from './trusted-proxies.ts';

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
    // The proxies whose X-Forwarded-For names the client (web/edge/client-address.ts), as
    // addresses or CIDR ranges separated by commas or spaces; unset: none, the socket's
    // address is the client's.
    TRUSTED_PROXIES: z
      .string()
      .transform((value, context) => {
        const entries = value.split(/[\s,]+/).filter(Boolean);
        const wrong = entries.filter((entry) => !proxyRange(entry));
        if (wrong.length === 0) return trustedProxies(entries);
        context.addIssue({
          code: 'custom',
          message: `must list addresses or CIDR ranges such as 127.0.0.1, 10.0.0.0/8 or ::1, got ${wrong.map((entry) => `"${entry}"`).join(', ')}`,
        });
        return z.NEVER;
      })
      .optional(),
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

/** Where and how the site purges its CDN after a publish (web/go-live/cdn-purge.ts). */
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
 * How often a server compares the store with what it serves (web/go-live/reconcile.ts), with
 * or without Redis; a bad value was reported with REDIS_URL (above) and means the default.
 */
export function readReconcileSeconds(env: Record<string, string | undefined> = process.env) {
  const result = SharedCacheSettings.shape.CONTENT_RECONCILE_SECONDS.safeParse(
    env.CONTENT_RECONCILE_SECONDS?.trim() || undefined,
  );
  return result.success ? result.data : 30;
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

/**
 * The newsletter's confirmation mails (docs/newsletter.md), read by the server when it starts
 * and by `npm run newsletter`; they are secrets and never inlined into a build. Without
 * `SMTP_URL` or the Firebase project the site runs without confirmations.
 */
const NewsletterEnv = z.object({
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com',
    })
    .optional(),
  NEWSLETTER_FROM: z
    .email({ error: 'must be an e-mail address such as newsletter@rggames.example' })
    .optional(),
  NEWSLETTER_RETRY_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be at least 1 second' })
    .max(3600, { error: 'must be at most 3600 seconds' })
    .default(60),
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: z.string().optional(),
});

export interface NewsletterSettings {
  /** The Firebase project the signups are written to; without it the server keeps no records. */
  readonly projectId: string | undefined;
  /** How confirmation mails are sent; without `SMTP_URL` none are. */
  readonly mail:
    | {
        readonly smtpUrl: string;
        /** The sender address; the display name is the site's name from the dictionaries. */
        readonly from: string;
        /** The first retry after a failed send; each next one waits twice as long (at most 1 h). */
        readonly retrySeconds: number;
      }
    | undefined;
}

/** Throws on a malformed setting, naming it; a missing one turns its part off. */
export function readNewsletterSettings(
  env: Record<string, string | undefined> = process.env,
): NewsletterSettings {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const result = NewsletterEnv.safeParse(present);
  if (!result.success)
    throw new Error(`Invalid newsletter settings:\n${z.prettifyError(result.error)}`);
  const { SMTP_URL, NEWSLETTER_FROM, NEWSLETTER_RETRY_SECONDS, NEXT_PUBLIC_FIREBASE_PROJECT_ID } =
    result.data;
  const siteHost = new URL(readSiteSettings(env).SITE_URL).hostname;
  return {
    projectId: NEXT_PUBLIC_FIREBASE_PROJECT_ID?.trim(),
    mail: SMTP_URL
      ? {
          smtpUrl: SMTP_URL,
          from: NEWSLETTER_FROM ?? `newsletter@${siteHost}`,
          retrySeconds: NEWSLETTER_RETRY_SECONDS,
        }
      : undefined,
  };
}

/** Why confirmation mails are not sent, or undefined when they are. */
export function confirmationsOffReason(settings: NewsletterSettings): string | undefined {
  if (!settings.projectId)
    return 'the Firebase settings (NEXT_PUBLIC_FIREBASE_PROJECT_ID) are not set';
  if (!settings.mail) return 'SMTP_URL is not set';
  return undefined;
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
