/**
 * The CDN purges a publish owes, kept until the CDN confirms them. `goLive` adds the
 * publish's tags before the webhook is answered; a worker on every instance sends what is due
 * and removes a tag only once the CDN said yes, so neither a killed instance nor a CDN API
 * that is down for a while loses a purge: it is retried with backoff until it passes.
 *
 * - With REDIS_URL the outbox is a Redis hash that every instance reads; any instance may send
 *   a due purge, and a short lease makes exactly one do so at a time. A purge added by an
 *   instance that died before sending it is sent by another within about LEASE_MS.
 * - Without it, a file beside the gate's snapshot, so a purge survives a restart.
 *
 * A tag added again while its purge is under way gets a new id, so the purge in flight (sent,
 * maybe, before the new version was recorded) does not clear it: it is sent once more.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { readTextIfPresent, writeFileAtomically } from '@/content/atomic-file';
import { isRedisUnavailable, type SharedRedis } from '../shared-cache/redis-connection';
import { PURGE_LAST_KEY, PURGE_LEASE_KEY, PURGE_OUTBOX_KEY } from '../shared-cache/shared-store';
import { siteDistDir } from '../site/site-settings';
import { cdnPurger, type CdnName, type CdnPurger } from './cdn-purge';

export interface PendingPurge {
  readonly tag: string;
  /** When a purge of this tag was first owed and not yet confirmed (ISO time). */
  readonly since: string;
  readonly attempts: number;
  /** The last attempt's failure ('' before the first attempt). */
  readonly error: string;
  /** When the next attempt is due (ms since the epoch). */
  readonly dueAt: number;
  /** New at each addition: a purge only clears the additions it was sent for. */
  readonly id: string;
}

export interface LastPurge {
  readonly tags: readonly string[];
  readonly at: string;
  readonly attempts: number;
}

/** Where the outbox lives: Redis for several instances, a file for one. */
export interface OutboxStore {
  add(tags: readonly string[], since: string, dueAt: number): Promise<void>;
  list(): Promise<PendingPurge[]>;
  /** Replaces each entry that is unchanged since it was listed (or removes it: `null`). */
  settle(changes: readonly { before: PendingPurge; after: PendingPurge | null }[]): Promise<void>;
  /** Whether this instance may send now; true for a file (one instance). */
  lease(holder: string): Promise<boolean>;
  saveLast(last: LastPurge): Promise<void>;
  readLast(): Promise<LastPurge | null>;
}

/** How long an instance holds the right to send; another takes over once it lapses. */
const LEASE_MS = 5_000;
/** Another instance leaves a new purge this long to the instance that added it. */
const HAND_OVER_MS = 1_000;
const TICK_MS = 500;
/** Backoff between attempts: 1, 2, 4 s, then every 4 s (every 60 s for a refused token). */
const retryDelay = (attempts: number, permanent: boolean) =>
  permanent ? 60_000 : Math.min(1_000 * 2 ** (attempts - 1), 4_000);
/** A purge pending longer than this makes the status degraded. */
export const PENDING_ALARM_MS = 30_000;
/** Sent at start: a purge address that does not answer is reported before the first publish. */
export const CHECK_TAG = 'rg-site:purge-check';

/** Adds tags, keeping the first `since` of a tag still pending. */
const ADD_SCRIPT = `
for i = 4, #ARGV do
  local tag = ARGV[i]
  local since, attempts, err = ARGV[1], 0, ''
  local current = redis.call('HGET', KEYS[1], tag)
  if current then
    local entry = cjson.decode(current)
    since, attempts, err = entry.since, entry.attempts, entry.error
  end
  redis.call('HSET', KEYS[1], tag, cjson.encode({tag = tag, since = since, attempts = attempts,
    error = err, dueAt = tonumber(ARGV[2]), id = ARGV[3] .. ':' .. i}))
end
return 1`;

/** Sets (or removes, '') each tag whose value is still the one listed. */
const SETTLE_SCRIPT = `
for i = 1, #ARGV, 3 do
  if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[i + 1] then
    if ARGV[i + 2] == '' then redis.call('HDEL', KEYS[1], ARGV[i])
    else redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 2]) end
  end
end
return 1`;

export class RedisOutbox implements OutboxStore {
  /** The exact stored text of each listed entry, for the compare in SETTLE_SCRIPT. */
  private readonly listed = new Map<string, string>();

  constructor(private readonly redis: SharedRedis) {}

  async add(tags: readonly string[], since: string, dueAt: number) {
    await this.redis.run(
      (client) =>
        client.eval(ADD_SCRIPT, {
          keys: [PURGE_OUTBOX_KEY],
          arguments: [since, String(dueAt), randomUUID(), ...tags],
        }),
      // Part of recording a publish: a slow Redis must not turn it into a 503.
      { patient: true },
    );
  }

  async list() {
    const stored = await this.redis.run((client) => client.hGetAll(PURGE_OUTBOX_KEY));
    this.listed.clear();
    return Object.entries(stored).flatMap(([tag, text]) => {
      try {
        const entry = JSON.parse(text) as PendingPurge;
        this.listed.set(entry.id, text);
        return [{ ...entry, tag }];
      } catch {
        return [];
      }
    });
  }

  async settle(changes: readonly { before: PendingPurge; after: PendingPurge | null }[]) {
    const args = changes.flatMap(({ before, after }) => [
      before.tag,
      this.listed.get(before.id) ?? '',
      after ? JSON.stringify(after) : '',
    ]);
    if (args.length === 0) return;
    await this.redis.run((client) =>
      client.eval(SETTLE_SCRIPT, { keys: [PURGE_OUTBOX_KEY], arguments: args }),
    );
  }

  async lease(holder: string) {
    return this.redis.run(async (client) => {
      if (await client.set(PURGE_LEASE_KEY, holder, { NX: true, PX: LEASE_MS })) return true;
      if ((await client.get(PURGE_LEASE_KEY)) !== holder) return false;
      await client.pExpire(PURGE_LEASE_KEY, LEASE_MS);
      return true;
    });
  }

  async saveLast(last: LastPurge) {
    await this.redis.run((client) => client.set(PURGE_LAST_KEY, JSON.stringify(last)));
  }

  async readLast() {
    const text = await this.redis.run((client) => client.get(PURGE_LAST_KEY));
    return text ? (JSON.parse(text) as LastPurge) : null;
  }
}

interface OutboxFile {
  pending: Record<string, PendingPurge>;
  last: LastPurge | null;
}

export class FileOutbox implements OutboxStore {
  private state: Promise<OutboxFile> | undefined;

  constructor(readonly file: string) {}

  private read(): Promise<OutboxFile> {
    this.state ??= readTextIfPresent(this.file).then((text) => {
      try {
        if (text) return JSON.parse(text) as OutboxFile;
      } catch {
        console.warn(`cdn purge: ${this.file} is not an outbox; starting an empty one`);
      }
      return { pending: {}, last: null };
    });
    return this.state;
  }

  private async change(edit: (state: OutboxFile) => void) {
    const state = await this.read();
    edit(state);
    await writeFileAtomically(this.file, JSON.stringify(state));
  }

  add(tags: readonly string[], since: string, dueAt: number) {
    return this.change(({ pending }) => {
      for (const tag of tags) {
        const before = pending[tag];
        pending[tag] = {
          tag,
          since: before?.since ?? since,
          attempts: before?.attempts ?? 0,
          error: before?.error ?? '',
          dueAt,
          id: randomUUID(),
        };
      }
    });
  }

  async list() {
    return Object.values((await this.read()).pending);
  }

  settle(changes: readonly { before: PendingPurge; after: PendingPurge | null }[]) {
    return this.change(({ pending }) => {
      for (const { before, after } of changes) {
        if (pending[before.tag]?.id !== before.id) continue;
        if (after) pending[before.tag] = after;
        else delete pending[before.tag];
      }
    });
  }

  async lease() {
    return true;
  }

  saveLast(last: LastPurge) {
    return this.change((state) => (state.last = last));
  }

  async readLast() {
    return (await this.read()).last;
  }
}

export interface PurgeReport {
  readonly cdn: CdnName | null;
  /** Purges owed and not yet confirmed, oldest first, with how long they have waited. */
  readonly pending: readonly (PendingPurge & { readonly ageSeconds: number })[];
  readonly lastPurge: LastPurge | null;
}

export class PurgeOutbox {
  /** The outbox as this instance last read it: status answers from memory. */
  private seen: readonly PendingPurge[] = [];
  private draining = false;
  private readonly holder = randomUUID();
  /** Set while purges fail: a CDN that stays down costs one line, not one a try. */
  private failing = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: OutboxStore,
    private readonly purger: CdnPurger,
    private readonly log: (line: string) => unknown = (line) => console.error(line),
  ) {}

  get cdn(): CdnName | null {
    return this.purger.cdn;
  }

  /** Owes a purge of `tags`; throws RedisUnavailable when it cannot be recorded. */
  async add(tags: readonly string[]): Promise<void> {
    if (!this.purger.cdn || tags.length === 0) return;
    await this.store.add(tags, new Date().toISOString(), Date.now() + HAND_OVER_MS);
  }

  /** Sends `tags` now if they are owed (the instance that added them, once it answered). */
  kick(tags: readonly string[] = []): Promise<void> {
    return this.drain(new Set(tags));
  }

  /** Starts the worker: the check purge, then whatever is due, every TICK_MS. */
  start(): void {
    if (this.timer || !this.purger.cdn) return;
    void this.add([CHECK_TAG]).catch(() => undefined);
    this.timer = setInterval(() => void this.drain(new Set()), TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Purges waiting longer than PENDING_ALARM_MS, as this instance last saw the outbox. */
  overdue(now = Date.now()): PendingPurge[] {
    return this.seen.filter((entry) => now - Date.parse(entry.since) > PENDING_ALARM_MS);
  }

  async report(): Promise<PurgeReport> {
    const now = Date.now();
    let lastPurge: LastPurge | null = null;
    try {
      [this.seen, lastPurge] = await Promise.all([this.store.list(), this.store.readLast()]);
    } catch (error) {
      if (!isRedisUnavailable(error)) throw error;
    }
    return {
      cdn: this.purger.cdn,
      pending: [...this.seen]
        .sort((a, b) => a.since.localeCompare(b.since))
        .map((entry) => ({
          ...entry,
          ageSeconds: Math.round((now - Date.parse(entry.since)) / 1000),
        })),
      lastPurge,
    };
  }

  private async drain(now: ReadonlySet<string>): Promise<void> {
    if (this.draining || !this.purger.cdn) return;
    this.draining = true;
    try {
      this.seen = await this.store.list();
      const due = this.seen.filter((entry) => now.has(entry.tag) || entry.dueAt <= Date.now());
      if (due.length === 0 || !(await this.store.lease(this.holder))) return;
      const tags = due.map((entry) => entry.tag);
      const outcome = await this.purger.send(tags);
      if (outcome.ok) {
        await this.store.settle(due.map((before) => ({ before, after: null })));
        const attempts = Math.max(...due.map((entry) => entry.attempts)) + 1;
        await this.store.saveLast({ tags, at: new Date().toISOString(), attempts });
        if (this.failing)
          this.log(
            `cdn purge (${this.purger.cdn}): ${this.purger.target} confirms purges again: ` +
              `${tags.join(' ')} purged at attempt ${attempts}`,
          );
        this.failing = false;
        return;
      }
      await this.store.settle(
        due.map((before) => ({
          before,
          after: {
            ...before,
            attempts: before.attempts + 1,
            error: outcome.error,
            dueAt: Date.now() + retryDelay(before.attempts + 1, outcome.permanent),
          },
        })),
      );
      if (!this.failing)
        this.log(
          `cdn purge (${this.purger.cdn}): ${tags.join(' ')} not confirmed by ${this.purger.target}: ` +
            `${outcome.error}; the edge may serve the old copy; retrying with backoff until it is ` +
            `(pending purges are in /api/content-status)`,
        );
      this.failing = true;
    } catch (error) {
      // Redis away: the outbox waits there; the connection logs the outage once.
      if (!isRedisUnavailable(error))
        this.log(`cdn purge: the outbox could not be read: ${(error as Error).message}`);
    } finally {
      this.draining = false;
    }
  }
}

// Route bundles and instrumentation share one outbox (and worker) per process.
const KEY = Symbol.for('rg.site.purge-outbox');

/** This server's outbox, in Redis when the instances share one, else beside the snapshot. */
export function purgeOutbox(redis: SharedRedis | undefined): PurgeOutbox {
  const holder = globalThis as { [KEY]?: PurgeOutbox };
  holder[KEY] ??= new PurgeOutbox(
    redis
      ? new RedisOutbox(redis)
      : new FileOutbox(path.join(siteDistDir(), 'content-purge-outbox.json')),
    cdnPurger(),
  );
  return holder[KEY];
}
