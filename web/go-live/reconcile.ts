/**
 * No publish lost: on start and every CONTENT_RECONCILE_SECONDS (default 30, at most 60),
 * each server compares the store's published revisions with the ones it last made live
 * (recorded in Redis for every instance, or in a file for one: published-revisions.ts) and
 * puts what changed live through `goLive`, exactly as the webhook would and as one set: versions
 * kept, tags expired, one CDN purge owed. That catches a publish whose webhook reached no instance (a single
 * one restarting; Sanity retries a failed delivery only twice, 30 s apart), one whose
 * receiving instance was killed before it recorded it, and one answered 503 while Redis was
 * away (a round also starts as soon as Redis answers again).
 *
 * revalidateTag needs a request, so the loop asks its own server: `POST /api/reconcile`,
 * accepted only with this process's random token.
 */
import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { documentId, NAMESPACES, type Namespace } from '@/schemas';
import { isRedisUnavailable, sharedRedis } from '../shared-cache/redis-connection';
import { readReconcileSeconds } from '../site/site-settings';
import { expireHere, goLiveChanges } from './go-live';
import { purgeOutbox } from './purge-outbox';
import { dictionaryTag, siteContent, type SiteContent } from '../dictionaries/site-gate';

export interface Reconciled {
  /** Namespaces whose new version went live. */
  readonly live: Namespace[];
  readonly heldBack: Namespace[];
}

export async function reconcileOnce(
  content: SiteContent,
  log: (line: string) => void,
  { firstRound = false } = {},
): Promise<Reconciled> {
  const { changes, wentLive } = await goLiveChanges(content, { publishedBy: null });
  // Without Redis, Next keeps expired tags in memory only: a process started after a publish
  // may hold pages rendered before it (say it was killed right after its 200). Expiring what
  // was published since the build once costs a render per page, never an old text.
  if (firstRound && !content.redis)
    expireHere(
      NAMESPACES.filter((namespace) => changes.published[namespace] !== undefined).map(
        dictionaryTag,
      ),
    );
  if (!wentLive || wentLive.notEverywhere) return { live: [], heldBack: [] };
  const reconciled: Reconciled = {
    live: wentLive.decided.filter((decided) => decided.live).map(({ namespace }) => namespace),
    heldBack: wentLive.decided.filter((decided) => !decided.live).map(({ namespace }) => namespace),
  };
  if (reconciled.live.length)
    log(
      `reconciliation: ${reconciled.live.map(documentId).join(', ')} changed in the store without ` +
        `a recorded publish; now live together${content.redis ? ' on every instance' : ''}`,
    );
  return reconciled;
}

const STATE = Symbol.for('rg.site.reconciliation');
const TOKEN_HEADER = 'x-rg-reconcile';

interface State {
  /** Proves a round request comes from this process's loop. */
  readonly token: string;
  started: boolean;
  /** Rounds that ran to their end in this process. */
  rounds: number;
}

function state(): State {
  const holder = globalThis as { [STATE]?: State };
  holder[STATE] ??= { token: randomBytes(24).toString('hex'), started: false, rounds: 0 };
  return holder[STATE];
}

/** `POST /api/reconcile`: one round, for this process's own loop only (404 to anyone else). */
export async function handleReconcileRequest(request: Request): Promise<Response> {
  const own = state();
  const given = Buffer.from(request.headers.get(TOKEN_HEADER) ?? '');
  const token = Buffer.from(own.token);
  if (given.length !== token.length || !timingSafeEqual(given, token))
    return Response.json({ status: 'not-found' }, { status: 404 });
  const log = (line: string) => console.warn(line);
  try {
    const reconciled = await reconcileOnce(siteContent(), log, { firstRound: own.rounds === 0 });
    own.rounds += 1;
    return Response.json(reconciled);
  } catch (error) {
    // Redis or the store away: the next round tries again; the connection logs Redis.
    if (!isRedisUnavailable(error))
      log(`reconciliation: skipped this round: ${(error as Error).message}`);
    return Response.json({ status: 'unavailable' }, { status: 503 });
  }
}

const ORIGIN = Symbol.for('rg.site.origin');

/** This process's own server: server.ts records where it listens; `next start` uses PORT. */
function ownOrigin(): string {
  const recorded = (globalThis as { [ORIGIN]?: string })[ORIGIN];
  return recorded ?? `http://localhost:${process.env.PORT || 3000}`;
}

/** Starts the loop and the purge outbox's worker once per process (instrumentation.ts). */
export function startReconciliation() {
  const own = state();
  if (own.started) return;
  own.started = true;
  const redis = sharedRedis();
  purgeOutbox(redis).start();
  let running = false;
  /** True when the round ran to its end. */
  const round = async (): Promise<boolean> => {
    if (running) return false;
    running = true;
    try {
      const response = await fetch(`${ownOrigin()}/api/reconcile`, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: own.token },
        signal: AbortSignal.timeout(120_000),
      });
      await response.body?.cancel();
      return response.ok;
    } catch {
      // The server is not listening yet (the first round) or is stopping.
      return false;
    } finally {
      running = false;
    }
  };
  // On start: as soon as the server and Redis answer (retried each second); then at the interval.
  const first = async () => {
    if (!(await round())) setTimeout(() => void first(), 1_000).unref();
  };
  setTimeout(() => void first(), 200).unref();
  setInterval(() => void round(), readReconcileSeconds() * 1000).unref();
  redis?.onReachable(() => void round());
}
