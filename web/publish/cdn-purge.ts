/**
 * Purging the CDN in front of the site by tag, after a publish has renewed the site's own cache
 * (so the edge's next fetch gets the new page, never the old one again). One request per purge:
 *
 * - Varnish (with the xkey module, deploy/varnish.vcl): `PURGE` to `CDN_PURGE_URL` with the tags
 *   in an `xkey-purge` header.
 * - Fastly: `POST /service/<id>/purge` with `{"surrogate_keys": [...]}` and the `Fastly-Key`
 *   header (its "purge multiple surrogate keys" API; up to 256 keys a request). A hard purge:
 *   a soft one would let the edge serve the old page once more.
 * - Cloudflare: `POST /zones/<id>/purge_cache` with `{"tags": [...]}` and a bearer token
 *   (purge by Cache-Tag; 30 tags a request on every plan that has it).
 *
 * A failed purge never fails the publish nor the site: it is retried with backoff (a few quick
 * attempts while the webhook waits, then a few more in the background), logged, reported in the
 * webhook's answer and in `/api/content-status` until a later purge of the same tags succeeds.
 * The edge then serves the old copy at most until its `s-maxage` ends (web/edge/edge-cache.ts).
 *
 * Holds API tokens: only server code imports it (the webhook receiver and the status route).
 */
import { cdnPurgeSettings, readSiteSettings, type CdnPurgeSettings } from '../site/settings';

export type CdnName = Exclude<CdnPurgeSettings['cdn'], 'off'>;

export interface PurgeOutcome {
  readonly cdn: CdnName | null;
  /** `off`: no CDN configured; `failed`: every quick attempt failed (see `retrying`). */
  readonly state: 'purged' | 'failed' | 'off';
  readonly tags: readonly string[];
  readonly attempts: number;
  readonly error?: string;
  /** Whether attempts go on in the background after a failure. */
  readonly retrying?: boolean;
}

export interface FailingPurge {
  readonly tag: string;
  readonly since: string;
  readonly attempts: number;
  readonly error: string;
  readonly retrying: boolean;
}

export interface PurgeReport {
  readonly cdn: CdnName | null;
  /** Tags whose last purge failed and that no later purge has cleared. */
  readonly failing: readonly FailingPurge[];
  readonly lastPurge: (PurgeOutcome & { readonly at: string }) | null;
}

export interface PurgerOptions {
  /** Waits before the 2nd, 3rd … attempt while the webhook waits for the answer. */
  readonly quickDelaysMs?: readonly number[];
  /** Waits before each further attempt, in the background. */
  readonly backgroundDelaysMs?: readonly number[];
  /** How long one request may take. */
  readonly timeoutMs?: number;
  readonly log?: (line: string) => void;
}

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

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

export class CdnPurger {
  readonly cdn: CdnName | null;
  private readonly failing = new Map<string, FailingPurge>();
  private last: PurgeReport['lastPurge'] = null;
  private readonly quickDelaysMs: readonly number[];
  private readonly backgroundDelaysMs: readonly number[];
  private readonly timeoutMs: number;
  private readonly log: (line: string) => void;

  constructor(
    private readonly settings: CdnPurgeSettings,
    options: PurgerOptions = {},
  ) {
    this.cdn = settings.cdn === 'off' ? null : settings.cdn;
    this.quickDelaysMs = options.quickDelaysMs ?? [250, 1_000];
    this.backgroundDelaysMs = options.backgroundDelaysMs ?? [5_000, 20_000, 60_000];
    this.timeoutMs = options.timeoutMs ?? 3_000;
    this.log = options.log ?? ((line) => console.error(line));
  }

  /**
   * Purges `tags`, retrying quickly; after that, attempts go on in the background and the
   * outcome says so. Never throws.
   */
  async purge(tags: readonly string[]): Promise<PurgeOutcome> {
    const { settings } = this;
    if (settings.cdn === 'off') return { cdn: null, state: 'off', tags, attempts: 0 };
    const since = new Date().toISOString();
    const quick = await this.attempt(tags, this.quickDelaysMs, 0);
    if (quick.ok) {
      for (const tag of tags) this.failing.delete(tag);
      return this.remember({ cdn: settings.cdn, state: 'purged', tags, attempts: quick.attempts });
    }
    const retrying = !quick.permanent && this.backgroundDelaysMs.length > 0;
    this.log(
      `cdn purge (${settings.cdn}): ${tags.join(' ')} failed after ${quick.attempts} attempts: ${quick.error}` +
        (retrying ? '; retrying in the background' : ''),
    );
    this.markFailing(tags, since, quick.attempts, quick.error, retrying);
    if (retrying) void this.retryInBackground(tags, since, quick.attempts);
    return this.remember({
      cdn: settings.cdn,
      state: 'failed',
      tags,
      attempts: quick.attempts,
      error: quick.error,
      retrying,
    });
  }

  report(): PurgeReport {
    return { cdn: this.cdn, failing: [...this.failing.values()], lastPurge: this.last };
  }

  private remember(outcome: PurgeOutcome): PurgeOutcome {
    this.last = { ...outcome, at: new Date().toISOString() };
    return outcome;
  }

  private markFailing(
    tags: readonly string[],
    since: string,
    attempts: number,
    error: string,
    retrying: boolean,
  ) {
    for (const tag of tags) {
      const before = this.failing.get(tag);
      this.failing.set(tag, { tag, since: before?.since ?? since, attempts, error, retrying });
    }
  }

  private async retryInBackground(tags: readonly string[], since: string, done: number) {
    let attempts = done;
    for (const [index, delay] of this.backgroundDelaysMs.entries()) {
      await sleep(delay);
      // A later publish may have purged some of them meanwhile.
      const still = tags.filter((tag) => this.failing.has(tag));
      if (still.length === 0) return;
      const result = await this.attempt(still, [], attempts);
      attempts = result.attempts;
      if (result.ok) {
        for (const tag of still) this.failing.delete(tag);
        this.log(`cdn purge (${this.cdn}): ${still.join(' ')} purged at attempt ${attempts}`);
        return;
      }
      const more = !result.permanent && index < this.backgroundDelaysMs.length - 1;
      this.markFailing(still, since, attempts, result.error, more);
      if (!more) {
        this.log(
          `cdn purge (${this.cdn}): gave up on ${still.join(' ')} after ${attempts} attempts: ${result.error}`,
        );
        return;
      }
    }
  }

  /** Up to 1 + delays.length attempts; stops early on success or a permanent refusal. */
  private async attempt(
    tags: readonly string[],
    delaysMs: readonly number[],
    before: number,
  ): Promise<
    | { ok: true; attempts: number }
    | { ok: false; attempts: number; error: string; permanent: boolean }
  > {
    let attempts = before;
    let error = '';
    for (let i = 0; i <= delaysMs.length; i++) {
      if (i > 0) await sleep(delaysMs[i - 1] ?? 0);
      attempts++;
      try {
        await this.send(tags);
        return { ok: true, attempts };
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        if (failure instanceof PermanentFailure)
          return { ok: false, attempts, error, permanent: true };
      }
    }
    return { ok: false, attempts, error, permanent: false };
  }

  private async send(tags: readonly string[]): Promise<void> {
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

// The webhook receiver and the status route are bundled separately: one purger per process
// (its record of failing purges) lives on globalThis.
const KEY = Symbol.for('rg.site.cdn-purger');

/** The purger of this server, configured from its settings (CDN_PURGE …). */
export function cdnPurger(): CdnPurger {
  const holder = globalThis as { [KEY]?: CdnPurger };
  holder[KEY] ??= new CdnPurger(cdnPurgeSettings(readSiteSettings()));
  return holder[KEY];
}
