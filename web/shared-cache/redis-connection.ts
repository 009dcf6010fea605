/**
 * The one Redis connection of a server process (`REDIS_URL`), shared by the cache handler,
 * the gate's shared snapshot, the webhook receiver and the reconciliation. Every call has a
 * deadline of CALL_TIMEOUT_MS, and a call that misses it opens a breaker: until a
 * background PING answers again, calls fail at once instead of each waiting, so a Redis
 * that stops or hangs costs a request at most one deadline, never the minute that Next's
 * own Redis example waited. Each change of state is logged in one line.
 *
 * Loaded twice per process: natively by Next (the cache handler, see next.config.ts) and
 * inside Next's bundles (the receiver, the gate); both copies find the same connection on
 * globalThis. So this file imports nothing through the `@/` alias.
 */
import { createClient, ErrorReply } from 'redis';
import { readSharedCacheSetting } from '../site/site-settings.ts';

/** Every Redis call gives up after this long (the limit: 250 ms). */
export const CALL_TIMEOUT_MS = 250;
/**
 * Publish records (the go-live path) and the breaker's probe wait longer: on a loaded machine
 * a healthy Redis answered late several times, and a publish refused (503) or a breaker kept
 * open for that left instances stale for seconds. A page read never waits this long.
 */
export const PATIENT_TIMEOUT_MS = 2_000;
const PROBE_EVERY_MS = 500;

function makeClient(url: string) {
  return createClient({
    url,
    // A command on a broken connection fails at once instead of waiting for a reconnect.
    disableOfflineQueue: true,
    commandOptions: { timeout: CALL_TIMEOUT_MS },
    socket: {
      connectTimeout: CALL_TIMEOUT_MS * 4,
      // Keep trying, at most a second apart, for as long as the server runs.
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1_000),
    },
  });
}
type Client = ReturnType<typeof makeClient>;
export type RedisState = 'connecting' | 'reachable' | 'unreachable';

export class RedisUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedisUnavailable';
  }
}

/**
 * By name, not instanceof: the connection may come from the other copy of this module (the
 * handler's or the bundles'), whose class is another object.
 */
export function isRedisUnavailable(error: unknown): error is RedisUnavailable {
  return error instanceof Error && error.name === 'RedisUnavailable';
}

export interface SharedRedis {
  /** The address without credentials, for log lines and status. */
  readonly address: string;
  readonly reconcileSeconds: number;
  state(): RedisState;
  /** Since when the state holds (ISO time). */
  since(): string;
  /** Calls `listener` each time Redis answers again after being unreachable. */
  onReachable(listener: () => void): void;
  /**
   * Runs one call (or one MULTI) within the deadline; any failure is a RedisUnavailable.
   * `patient`: within PATIENT_TIMEOUT_MS, and tried while the breaker is open but connected.
   */
  run<T>(call: (client: Client) => Promise<T>, options?: { patient?: boolean }): Promise<T>;
  close(): Promise<void>;
}

function addressOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

/** A new connection; the server uses the one `sharedRedis()` makes (tests make several). */
export function connectRedis(
  url: string,
  reconcileSeconds: number,
  log: (line: string) => void,
): SharedRedis {
  const address = addressOf(url);
  let state: RedisState = 'connecting';
  let since = new Date().toISOString();
  let probe: NodeJS.Timeout | undefined;
  const reachableAgain: (() => void)[] = [];

  const client = makeClient(url);
  const patientClient = client.withCommandOptions({ timeout: PATIENT_TIMEOUT_MS });

  const become = (next: RedisState, reason?: string) => {
    if (next === state) return;
    const before = state;
    state = next;
    since = new Date().toISOString();
    if (next === 'unreachable')
      log(
        `shared cache: Redis at ${address} unreachable (${reason ?? 'no answer'}): ` +
          "serving from this instance's own cache until it answers",
      );
    else if (next === 'reachable' && before === 'unreachable') {
      log(`shared cache: Redis at ${address} reachable again: the shared cache is back in use`);
      for (const listener of reachableAgain) listener();
    } else if (next === 'reachable') log(`shared cache: Redis at ${address} in use`);
  };

  // Without an 'error' listener a refused connection would end the process.
  client.on('error', (error: unknown) => become('unreachable', reasonOf(error)));
  client.on('ready', () => {
    if (!probe) become('reachable');
  });
  client.connect().catch((error: unknown) => become('unreachable', reasonOf(error)));

  const openBreaker = (reason: string) => {
    become('unreachable', reason);
    if (probe) return;
    probe = setInterval(() => {
      if (!client.isReady) return;
      withDeadline(patientClient.ping(), PATIENT_TIMEOUT_MS).then(
        () => {
          clearInterval(probe);
          probe = undefined;
          become('reachable');
        },
        () => undefined,
      );
    }, PROBE_EVERY_MS);
    probe.unref();
  };

  return {
    address,
    reconcileSeconds,
    state: () => state,
    since: () => since,
    onReachable: (listener) => void reachableAgain.push(listener),
    async run(call, { patient = false } = {}) {
      if (!client.isReady || (probe && !patient))
        throw new RedisUnavailable(
          `Redis at ${address} is ${client.isReady ? 'not answering' : 'not connected'}`,
        );
      try {
        if (patient) return await withDeadline(call(patientClient as Client), PATIENT_TIMEOUT_MS);
        return await withDeadline(call(client), CALL_TIMEOUT_MS);
      } catch (error) {
        // Redis answering with an error (out of memory, a key of another type) is reported
        // like an outage, so that no caller fails a request on it, but opens no breaker.
        if (!(error instanceof ErrorReply)) openBreaker(reasonOf(error));
        throw new RedisUnavailable(`Redis at ${address}: ${reasonOf(error)}`);
      }
    },
    async close() {
      clearInterval(probe);
      client.destroy();
    },
  };
}

/** node-redis has its own command timeout; this one also covers a MULTI as a whole. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    // After the timer, one turn of the event loop first: a reply that arrived while a render
    // held the loop is read before the call counts as unanswered.
    timer = setTimeout(
      () => setImmediate(() => reject(new RedisUnavailable(`no answer within ${ms} ms`))),
      ms,
    );
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

interface Holder {
  connection: SharedRedis | undefined;
  decided: boolean;
}
const KEY = Symbol.for('rg.site.shared-redis');

/**
 * The process's connection, made on first use; undefined without a usable REDIS_URL (no
 * setting, or one that is malformed: server.ts reports that one at start).
 */
export function sharedRedis(
  env: Record<string, string | undefined> = process.env,
  log: (line: string) => void = (line) => console.warn(line),
): SharedRedis | undefined {
  const holder = ((globalThis as { [KEY]?: Holder })[KEY] ??= {
    connection: undefined,
    decided: false,
  });
  if (!holder.decided) {
    holder.decided = true;
    const setting = readSharedCacheSetting(env);
    if (setting.kind === 'redis')
      holder.connection = connectRedis(setting.url, setting.reconcileSeconds, log);
  }
  return holder.connection;
}
