/**
 * The purge request itself, one per call, for the CDN in front of the site (by tag):
 *
 * - Varnish (with the xkey module, deploy/varnish.vcl): `PURGE` to `CDN_PURGE_URL` with the tags
 *   in an `xkey-purge` header.
 * - Fastly: `POST /service/<id>/purge` with `{"surrogate_keys": [...]}` and the `Fastly-Key`
 *   header (its "purge multiple surrogate keys" API; up to 256 keys a request). A hard purge:
 *   a soft one would let the edge serve the old page once more.
 * - Cloudflare: `POST /zones/<id>/purge_cache` with `{"tags": [...]}` and a bearer token
 *   (purge by Cache-Tag; 30 tags a request on every plan that has it).
 *
 * Retrying, and surviving a restart, is the outbox's job (web/go-live/purge-outbox.ts): a purge
 * is only done once the CDN confirmed it. Holds API tokens: server code only.
 */
import { cdnPurgeSettings, readSiteSettings, type CdnPurgeSettings } from '../site/site-settings';

export type CdnName = Exclude<CdnPurgeSettings['cdn'], 'off'>;

/** One purge request's outcome: `permanent` when retrying soon cannot help (credentials). */
export type SendOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly error: string; readonly permanent: boolean };

/** A purge the CDN refused for a reason retrying cannot fix (credentials, a bad request). */
class PermanentFailure extends Error {}

const BATCH = { varnish: 256, fastly: 256, cloudflare: 30 } as const;

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** One purge request, as each CDN's documentation specifies it. */
function purgeRequest(
  settings: Exclude<CdnPurgeSettings, { cdn: 'off' }>,
  tags: readonly string[],
): { url: string; init: RequestInit } {
  switch (settings.cdn) {
    case 'varnish':
      return {
        url: settings.url,
        init: { method: 'PURGE', headers: { 'xkey-purge': tags.join(' ') } },
      };
    case 'fastly':
      return {
        url: `${settings.apiUrl}/service/${encodeURIComponent(settings.serviceId)}/purge`,
        init: {
          method: 'POST',
          headers: {
            'Fastly-Key': settings.token,
            Accept: 'application/json',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ surrogate_keys: tags }),
        },
      };
    case 'cloudflare':
      return {
        url: `${settings.apiUrl}/zones/${encodeURIComponent(settings.zoneId)}/purge_cache`,
        init: {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${settings.token}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ tags }),
        },
      };
  }
}

async function describeRefusal(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim();
  return `${response.status} ${response.statusText}${text ? `: ${text.slice(0, 200)}` : ''}`;
}

export class CdnPurger {
  readonly cdn: CdnName | null;

  constructor(
    private readonly settings: CdnPurgeSettings,
    /** How long one request may take. */
    private readonly timeoutMs = 3_000,
  ) {
    this.cdn = settings.cdn === 'off' ? null : settings.cdn;
  }

  /** The address purges go to, for log lines. */
  get target(): string {
    const { settings } = this;
    return settings.cdn === 'off' ? 'nowhere' : purgeRequest(settings, []).url;
  }

  /** One attempt to purge `tags`; never throws. */
  async send(tags: readonly string[]): Promise<SendOutcome> {
    try {
      await this.request(tags);
      return { ok: true };
    } catch (failure) {
      const error = failure instanceof Error ? failure.message : String(failure);
      return { ok: false, error, permanent: failure instanceof PermanentFailure };
    }
  }

  private async request(tags: readonly string[]): Promise<void> {
    const { settings } = this;
    if (settings.cdn === 'off') return;
    for (const batch of batches(tags, BATCH[settings.cdn])) {
      const { url, init } = purgeRequest(settings, batch);
      let response: Response;
      try {
        response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      } catch (cause) {
        const reason =
          cause instanceof Error
            ? ((cause.cause as Error | undefined)?.message ?? cause.message)
            : String(cause);
        throw new Error(`${url}: ${reason}`);
      }
      if (!response.ok) {
        const message = `${url} answered ${await describeRefusal(response)}`;
        // 408, 429 and 5xx may pass on a later attempt; any other refusal will not.
        if (response.status === 408 || response.status === 429 || response.status >= 500)
          throw new Error(message);
        throw new PermanentFailure(message);
      }
      if (settings.cdn === 'cloudflare') {
        const answer = (await response.json().catch(() => null)) as { success?: unknown } | null;
        if (answer?.success !== true)
          throw new PermanentFailure(`${url} answered without success: ${JSON.stringify(answer)}`);
      } else {
        await response.body?.cancel();
      }
    }
  }
}

/** The purger of this server, configured from its settings (CDN_PURGE …). */
export function cdnPurger(): CdnPurger {
  return new CdnPurger(cdnPurgeSettings(readSiteSettings()));
}
