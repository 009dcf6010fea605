/**
 * `GET /data/listen/<dataset>`: server-sent events for the documents a GROQ filter matches.
 *
 * The Studio confirms its own writes through this stream, not through the HTTP answer:
 * each transaction arrives as one `mutation` event per matching document, with
 * `previousRev` → `resultRev`, the mutations that turn the previous revision into the new
 * one, and the same change as Mendoza effects. A client that reconnects with the id of
 * the last event it saw gets `welcomeback` and the events it missed.
 */
import { randomUUID } from 'node:crypto';
import { evaluate, parse } from 'groq-js';
import type { DocumentStore } from './document-store';
import type { ApiDocument, Transaction } from './transactions';
import { ApiError, corsHeaders, type ApiRequest, type ApiResponse } from './http';
import { mendozaEffects } from './mendoza';
import { paramsFromSearch } from './query';

const HEARTBEAT_MS = 25_000;

type Filter = (doc: ApiDocument) => Promise<boolean>;

function compileFilter(query: string, params: Record<string, unknown>): Filter {
  let tree: ReturnType<typeof parse>;
  try {
    tree = parse(query, { params });
  } catch (error) {
    throw new ApiError(400, `the listener query cannot be parsed: ${(error as Error).message}`);
  }
  return async (doc) => {
    const result = await (await evaluate(tree, { dataset: [doc], params })).get();
    return Array.isArray(result) ? result.length > 0 : Boolean(result);
  };
}

function flag(search: URLSearchParams, name: string, fallback: boolean): boolean {
  const value = search.get(name);
  return value === null ? fallback : value !== 'false';
}

/** Events of one transaction for one listener; empty when nothing it watches changed. */
async function eventsFor(
  transaction: Transaction,
  matches: Filter,
  options: { effects: boolean; result: boolean; previous: boolean; mutations: boolean },
): Promise<{ id: string; data: Record<string, unknown> }[]> {
  const matching = [];
  for (const change of transaction.changes) {
    const before = change.before !== null && (await matches(change.before));
    const after = change.after !== null && (await matches(change.after));
    if (before || after) matching.push({ change, before, after });
  }
  return matching.map(({ change, before, after }, index) => {
    const eventId = `${transaction.id}#${change.id}`;
    const withoutRev = (doc: ApiDocument | null) => {
      if (!doc) return null;
      const { _rev, ...rest } = doc;
      return rest;
    };
    return {
      id: eventId,
      data: {
        eventId,
        documentId: change.id,
        transactionId: transaction.id,
        identity: transaction.author,
        previousRev: change.before?._rev,
        resultRev: change.after?._rev ?? transaction.id,
        timestamp: transaction.timestamp,
        transition: before && after ? 'update' : after ? 'appear' : 'disappear',
        visibility: 'query',
        transactionTotalEvents: matching.length,
        transactionCurrentEvent: index,
        // A whole-document replacement: applied to the previous revision it yields exactly
        // the new one, whichever patches produced it.
        ...(options.mutations
          ? {
              mutations: change.after
                ? [{ createOrReplace: change.after }]
                : [{ delete: { id: change.id } }],
            }
          : {}),
        ...(options.effects
          ? { effects: mendozaEffects(withoutRev(change.before), withoutRev(change.after)) }
          : {}),
        ...(options.result && change.after ? { result: change.after } : {}),
        ...(options.previous ? { previous: change.before } : {}),
      },
    };
  });
}

export function handleListen(
  req: ApiRequest,
  res: ApiResponse,
  url: URL,
  store: DocumentStore,
): void {
  const query = url.searchParams.get('query');
  if (!query) throw new ApiError(400, 'the listener needs a query parameter');
  const matches = compileFilter(query, paramsFromSearch(url.searchParams));
  const options = {
    effects: url.searchParams.get('effectFormat') === 'mendoza',
    result: flag(url.searchParams, 'includeResult', true),
    previous: flag(url.searchParams, 'includePreviousRevision', false),
    mutations: flag(url.searchParams, 'includeMutations', true),
  };

  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...corsHeaders(req.headers),
  });
  const send = (event: string, data: unknown, id?: string) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(`${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  // Events go out in transaction order, each transaction after the previous one.
  let pending: Promise<void> = Promise.resolve();
  const deliver = (transaction: Transaction) => {
    pending = pending
      .then(async () => {
        for (const event of await eventsFor(transaction, matches, options))
          send('mutation', event.data, event.id);
      })
      .catch((error: unknown) => {
        send('channelError', { message: (error as Error).message });
      });
  };

  const listenerName = randomUUID();
  const lastEventId = req.headers['last-event-id'];
  const resumeFrom =
    typeof lastEventId === 'string' && flag(url.searchParams, 'enableResume', false)
      ? lastEventId.split('#')[0]
      : undefined;
  const history = store.history();
  const resumeIndex = resumeFrom ? history.findIndex((tx) => tx.id === resumeFrom) : -1;
  const unsubscribe = store.subscribe(deliver);
  if (resumeIndex >= 0) {
    send('welcomeback', { listenerName });
    for (const transaction of history.slice(resumeIndex + 1)) deliver(transaction);
  } else {
    send('welcome', { listenerName });
  }

  const heartbeat = setInterval(() => {
    if (!res.writableEnded && !res.destroyed) res.write(': ping\n\n');
  }, HEARTBEAT_MS);
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  res.on('close', stop);
  req.on('close', stop);
}

/**
 * `GET /data/live/events/<dataset>`: Sanity's Live Local API, which tells clients when
 * results of their queries (by the sync tags Sanity attaches to them) went stale. This
 * API's query answers carry no sync tags, so there is never such news: the stream says
 * welcome and stays open. The Presentation tool opens it and fails without it.
 */
export function handleLiveEvents(req: ApiRequest, res: ApiResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    ...corsHeaders(req.headers),
  });
  res.write('event: welcome\ndata: {}\n\n');
  const heartbeat = setInterval(() => {
    if (!res.writableEnded && !res.destroyed) res.write(': ping\n\n');
  }, HEARTBEAT_MS);
  res.on('close', () => clearInterval(heartbeat));
  req.on('close', () => clearInterval(heartbeat));
}
