/**
 * The local API: the part of Sanity's HTTP API the pinned Studio uses, served
 * from the embedded store's dataset file, for development and tests on this machine only.
 * HTTP/2 over TLS (an open document keeps six or seven event streams open; over HTTP/1.1 the
 * browser's six-connections-per-host limit stalls the third document), bound to loopback.
 */
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { removeLocalApiAddress, writeLocalApiAddress } from '@/content/local-api-address';
import { accessRefusal, loopbackHosts, type AccessRules } from './access';
import { DocumentStore } from './document-store';
import type { Transaction } from './transactions';
import { documentEvents, documentsAt, transactionsLog } from './history';
import {
  ApiError,
  corsHeaders,
  decodePathPart,
  readJsonBody,
  sendError,
  sendJson,
  type ApiRequest,
  type ApiResponse,
} from './http';
import { handleListen, handleLiveEvents } from './listen';
import { createPresenceSocket } from './presence-socket';
import { PreviewSecrets } from './preview-secrets';
import { ReleaseScheduler, type ReleaseCheck } from './release-scheduler';
import { isRelease, isReleaseDocumentId } from './releases';
import { isHarmlessExtra, LOCAL_USER, Preferences, projectAnswer } from './project';
import { documentsIn, paramsFromSearch, perspectiveOf, runQuery } from './query';
import { publishedIdOf } from '@/content/perspective';
import { releasePublisher } from '@/content/versions/version-records';
import { throwawayCertificate, type TlsCertificate } from './tls';
import { DocumentRules, planActions, planMutations, type KnownDocument } from './writes';

export interface PublishedDocument {
  readonly _id: string;
  readonly _type: string;
  /** The transaction's author, passed on to the site (its versions name the publisher). */
  readonly publishedBy?: string;
}

export interface LocalApiOptions {
  /** The dataset file, e.g. `.content/production.ndjson`. */
  readonly storeFile: string;
  /** Port on 127.0.0.1; 0 or absent picks a free one. */
  readonly port?: number;
  /** Called after every transaction that changed published documents, once it is on disk. */
  readonly onPublished?: (documents: PublishedDocument[]) => void | Promise<void>;
  /**
   * What became of the last publish of a document on the site (content/site-state.ts),
   * for the Studio's badge beside Publish: `GET /v<date>/site-state/<dataset>/<id>`.
   */
  readonly publishState?: (documentId: string) => Promise<unknown>;
  /** Default `local`: the Studio then calls https://local.localhost:<port>. */
  readonly projectId?: string;
  readonly dataset?: string;
  /** Certificate and key (PEM); absent, a throwaway self-signed one is made. */
  readonly tls?: TlsCertificate;
  /**
   * The site's release check (contract: `POST <site>/api/release-check`), asked when a release
   * is scheduled and at its time; absent, scheduled releases publish unchecked.
   */
  readonly releaseCheck?: ReleaseCheck;
  /** Documents writable besides the dictionaries of schemas/ (benchmarks use this). */
  readonly extraDocuments?: readonly KnownDocument[];
  readonly lockWaitMs?: number;
  readonly watchIntervalMs?: number;
  readonly log?: (line: string) => void;
  /**
   * Tell other processes where this API is (`<store file>.api.json`, removed on close):
   * the site checks the Studio's preview secrets with the API found there, and lets the
   * first of `studioOrigins` frame its previews.
   */
  readonly announce?: boolean;
  /**
   * The Studio's origins (`http://localhost:3333`, the address printed first): browser
   * requests from any other are refused.
   */
  readonly studioOrigins?: readonly string[];
  /** Host names besides this machine's loopback names (`name`, or `name:port`), e.g. in tests. */
  readonly extraHosts?: readonly string[];
  /** What tools send as `Authorization: Bearer …`; a random one when absent. */
  readonly token?: string;
}

export interface RunningLocalApi {
  readonly port: number;
  /** `https://127.0.0.1:<port>`, for clients that address the API directly. */
  readonly url: string;
  /** What the Studio's `apiHost` is set to: `https://localhost:<port>`. */
  readonly apiHost: string;
  /** Where the Studio's requests go: `https://<projectId>.localhost:<port>`. */
  readonly projectUrl: string;
  readonly projectId: string;
  readonly dataset: string;
  /** The certificate served (PEM), for clients that should trust it. */
  readonly certificate: string;
  readonly store: DocumentStore;
  /** What requests without an Origin (tools, not the Studio) must send as a bearer token. */
  readonly token: string;
  /** Requests no route answered, `METHOD /path`, in the order first seen. */
  unknownRoutes(): string[];
  close(): Promise<void>;
}

const VERSIONED_PATH = /^\/v(\d{4}-\d{2}-\d{2}|\d+|X)(\/.*)$/;

export async function startLocalApi(options: LocalApiOptions): Promise<RunningLocalApi> {
  const log = options.log ?? ((line: string) => console.log(line));
  const projectId = options.projectId ?? 'local';
  const dataset = options.dataset ?? 'production';
  const store = await DocumentStore.open({
    file: options.storeFile,
    lockWaitMs: options.lockWaitMs,
    watchIntervalMs: options.watchIntervalMs,
    log,
  });
  const rules = DocumentRules.dictionaries(options.extraDocuments);
  const previewSecrets = new PreviewSecrets();
  const preferences = new Preferences();
  const unknown = new Set<string>();
  const presence = createPresenceSocket();
  const tls = options.tls ?? (await throwawayCertificate());
  const token = options.token ?? randomBytes(32).toString('base64url');
  // Filled in once the port is known.
  const access: { rules: AccessRules } = {
    rules: { studioOrigins: options.studioOrigins ?? [], hosts: [], token },
  };

  let publishing: Promise<void> = Promise.resolve();
  const announcePublished = (transaction: Transaction) => {
    // A release's documents name it, so the site's versions say which release wrote what.
    const release = transaction.changes.find(
      (change) => isRelease(change.after) && change.after.state === 'published',
    )?.after?.name;
    const publishedBy = release
      ? releasePublisher(transaction.author, String(release))
      : transaction.author;
    const published = transaction.changes.flatMap((change) =>
      change.after &&
      publishedIdOf(change.id) === change.id &&
      !isReleaseDocumentId(change.id) &&
      !rules.isVersionRecord(change.id)
        ? [{ _id: change.after._id, _type: change.after._type, publishedBy }]
        : [],
    );
    if (!published.length || !options.onPublished) return;
    const onPublished = options.onPublished;
    publishing = publishing
      .then(() => onPublished(published))
      .catch((error: unknown) =>
        log(`local API: onPublished failed: ${(error as Error).message ?? error}`),
      );
  };

  const storedIds = () => store.all().map((doc) => doc._id);
  const scheduler = new ReleaseScheduler(store, rules, {
    check: options.releaseCheck,
    onTransaction: announcePublished,
    log,
  });

  async function route(req: ApiRequest, res: ApiResponse): Promise<void> {
    const url = new URL(`https://localhost${req.url?.startsWith('/') ? req.url : '/'}`);
    const method = req.method ?? 'GET';
    const refusal = accessRefusal(req.headers, { method, path: url.pathname }, access.rules);
    if (refusal) {
      // Read nothing more of what a refused client sends.
      req.resume();
      return sendError(req, res, refusal, { cors: false });
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        ...corsHeaders(req.headers),
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': String(
          req.headers['access-control-request-headers'] ?? 'content-type, authorization',
        ),
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    if (url.pathname === '/' && method === 'GET') {
      // Where a person accepts a self-signed certificate once, before using the Studio. The
      // Studio's first page (studio/api-gate.ts) links here with `?back=` its own address:
      // once the browser has let the person through, it goes straight back there.
      const back = studioAddress(url.searchParams.get('back'), access.rules.studioOrigins);
      if (back) {
        res.writeHead(303, { location: back, 'cache-control': 'no-store' });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html lang="en"><title>Local API</title><p>This is the local API for the Studio. ' +
          'Your browser now accepts its certificate: go back to the Studio and reload it.</p></html>',
      );
      return;
    }
    const versioned = VERSIONED_PATH.exec(url.pathname);
    const apiVersion = versioned?.[1] ?? '';
    const path = versioned?.[2] ?? url.pathname;
    const live = /^\/data\/live\/events\/([^/]+)$/.exec(path);
    if (versioned && live && method === 'GET') {
      if (live[1] !== dataset) throw new ApiError(404, `dataset "${live[1]}" not found`);
      return handleLiveEvents(req, res);
    }
    const siteState = /^\/site-state\/([^/]+)\/([^/]+)$/.exec(path);
    if (versioned && siteState && method === 'GET') {
      if (siteState[1] !== dataset) throw new ApiError(404, `dataset "${siteState[1]}" not found`);
      const id = decodeURIComponent(siteState[2]!);
      return sendJson(req, res, 200, (await options.publishState?.(id)) ?? { state: 'none' });
    }
    const data = /^\/data\/(query|doc|listen|actions|mutate|history)\/([^/]+)(?:\/(.*))?$/.exec(
      path,
    );
    if (versioned && data) {
      const [, endpoint, name, rest = ''] = data;
      if (name !== dataset) throw new ApiError(404, `dataset "${name}" not found`);
      return dataRoute(req, res, url, method, apiVersion, endpoint!, rest);
    }
    if (versioned && path.startsWith('/users/me/keyvalue')) {
      if (method === 'PUT')
        return sendJson(req, res, 200, preferences.put(await readJsonBody(req)));
      if (method === 'GET')
        return sendJson(req, res, 200, preferences.get(path.slice('/users/me/keyvalue/'.length)));
    }
    if (versioned && path === `/projects/${projectId}/new-content-release-allowed`) {
      // The Studio asks before creating a release; locally there is no plan limit but Sanity's
      // 1,000 per dataset, and the counts are the open (active or scheduled) releases.
      const open = store
        .all()
        .filter((doc) => isRelease(doc) && ['active', 'scheduled'].includes(doc.state)).length;
      return sendJson(req, res, 200, {
        data: {
          orgActiveReleaseCount: open,
          orgMeteredActiveReleaseCount: open,
          datasetReleaseLimit: 1000,
          orgActiveReleaseLimit: null,
        },
      });
    }
    const answer = versioned ? projectAnswer(method, path, projectId, dataset) : undefined;
    if (answer !== undefined) return sendJson(req, res, 200, answer);
    if (versioned && isHarmlessExtra(path)) return sendJson(req, res, 200, {});
    const key = `${method} ${url.pathname}`;
    if (!unknown.has(key)) {
      unknown.add(key);
      log(`local API: no route for ${key} (answered 404)`);
    }
    throw new ApiError(404, `the local API does not answer ${key}`, 'notFound');
  }

  async function dataRoute(
    req: ApiRequest,
    res: ApiResponse,
    url: URL,
    method: string,
    apiVersion: string,
    endpoint: string,
    rest: string,
  ): Promise<void> {
    const search = url.searchParams;
    switch (endpoint) {
      case 'query': {
        if (method !== 'GET' && method !== 'POST') break;
        let query = search.get('query');
        let params = paramsFromSearch(search);
        if (method === 'POST') {
          const body = await readJsonBody(req);
          if (
            typeof body !== 'object' ||
            body === null ||
            typeof (body as { query?: unknown }).query !== 'string'
          )
            throw new ApiError(400, 'expected a JSON object with a "query" string');
          const parsed = body as { query: string; params?: unknown; perspective?: unknown };
          query = parsed.query;
          if (parsed.params !== undefined) {
            if (typeof parsed.params !== 'object' || parsed.params === null)
              throw new ApiError(400, '"params" must be an object');
            params = parsed.params as Record<string, unknown>;
          }
        }
        if (!query) throw new ApiError(400, 'missing the "query" parameter');
        const started = performance.now();
        const perspective = perspectiveOf(search.get('perspective'), apiVersion);
        const documents = documentsIn([...store.all(), ...previewSecrets.all()], perspective);
        const result = await runQuery(query, params, documents);
        return sendJson(req, res, 200, {
          ms: Math.round(performance.now() - started),
          ...(search.get('returnQuery') === 'false' ? {} : { query }),
          result,
        });
      }
      case 'doc': {
        if (method !== 'GET') break;
        const ids = decodePathPart(rest).split(',').filter(Boolean);
        if (ids.length === 0) throw new ApiError(400, 'no document id given');
        const documents = ids.flatMap((id) => store.get(id) ?? []);
        const omitted = ids
          .filter((id) => !store.get(id))
          .map((id) => ({ id, reason: 'existence' }));
        return sendJson(req, res, 200, { documents, omitted });
      }
      case 'listen':
        if (method !== 'GET') break;
        return handleListen(req, res, url, store);
      case 'actions': {
        if (method !== 'POST') break;
        const body = await readJsonBody(req);
        const transactionId = transactionIdOf(body);
        if (isDryRun(body)) {
          planActions(body, (id) => store.get(id), rules, storedIds);
          return sendJson(req, res, 200, { transactionId, results: [] });
        }
        await scheduler.refuseHeld(body);
        const transaction = await store.transact(
          LOCAL_USER.id,
          (read) => planActions(body, read, rules, storedIds),
          transactionId,
        );
        announcePublished(transaction);
        return sendJson(req, res, 200, { transactionId: transaction.id, results: [] });
      }
      case 'mutate': {
        if (method !== 'POST') break;
        const body = await readJsonBody(req);
        if (previewSecrets.handles(body)) {
          const answer = await previewSecrets.mutate(body, store.all());
          return sendJson(req, res, 200, answer);
        }
        let results: ReturnType<typeof planMutations>['results'] = [];
        const dryRun = search.get('dryRun') === 'true';
        if (dryRun) {
          results = planMutations(body, (id) => store.get(id), rules).results;
          return sendJson(req, res, 200, { transactionId: null, results });
        }
        const transaction = await store.transact(
          LOCAL_USER.id,
          (read) => {
            const plan = planMutations(body, read, rules);
            results = plan.results;
            return plan;
          },
          transactionIdOf(body) ?? search.get('transactionId') ?? undefined,
        );
        announcePublished(transaction);
        const withDocuments = search.get('returnDocuments') === 'true';
        return sendJson(req, res, 200, {
          transactionId: transaction.id,
          results: results.map((result) => ({
            ...result,
            ...(withDocuments ? { document: store.get(result.id) } : {}),
          })),
        });
      }
      case 'history': {
        if (method !== 'GET') break;
        const transactions = /^transactions\/(.+)$/.exec(rest);
        if (transactions) {
          const text = transactionsLog(store, decodePathPart(transactions[1]!), search);
          res.writeHead(200, {
            'content-type': 'application/x-ndjson; charset=utf-8',
            'cache-control': 'no-store',
            ...corsHeaders(req.headers),
          });
          res.end(text ? `${text}\n` : '');
          return;
        }
        const events = /^events\/documents\/(.+)$/.exec(rest);
        if (events)
          return sendJson(req, res, 200, documentEvents(store, decodePathPart(events[1]!), search));
        const documents = /^documents\/(.+)$/.exec(rest);
        if (documents)
          return sendJson(req, res, 200, documentsAt(store, decodePathPart(documents[1]!), search));
        break;
      }
    }
    throw new ApiError(405, `${method} is not supported on /data/${endpoint}`);
  }

  const server: Http2SecureServer = createSecureServer({
    key: tls.key,
    cert: tls.cert,
    allowHTTP1: true,
  });
  server.setTimeout(0);
  server.on('request', (req: ApiRequest, res: ApiResponse) => {
    route(req, res).catch((error: unknown) => {
      if (error instanceof ApiError) return sendError(req, res, error);
      log(`local API: ${req.method} ${req.url} failed: ${(error as Error).stack ?? error}`);
      sendError(req, res, new ApiError(500, 'internal error in the local API', 'serverError'));
    });
  });
  server.on('upgrade', (req, socket, head: Buffer) => {
    const refused = accessRefusal(
      req.headers,
      { method: 'GET', path: req.url ?? '' },
      access.rules,
    );
    if (refused) socket.destroy();
    else if (/^\/v[^/]+\/socket\/[^/]+/.test(req.url ?? '')) presence.upgrade(req, socket, head);
    else socket.destroy();
  });
  const sockets = new Set<TLSSocket>();
  server.on('secureConnection', (socket: TLSSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A malformed TLS or HTTP/2 frame from a client is its problem; the server carries on.
  server.on('sessionError', () => undefined);
  server.on('tlsClientError', () => undefined);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  store.watch();
  scheduler.start();
  const port = (server.address() as AddressInfo).port;
  access.rules = {
    ...access.rules,
    hosts: [...loopbackHosts(port, projectId), ...(options.extraHosts ?? [])],
  };
  if (options.announce)
    await writeLocalApiAddress(options.storeFile, {
      url: `https://127.0.0.1:${port}`,
      projectId,
      dataset,
      authority: tls.authority ?? tls.cert,
      pid: process.pid,
      token,
      ...(options.studioOrigins?.[0] && { studio: options.studioOrigins[0] }),
    });

  return {
    port,
    url: `https://127.0.0.1:${port}`,
    apiHost: `https://localhost:${port}`,
    projectUrl: `https://${projectId}.localhost:${port}`,
    projectId,
    dataset,
    certificate: tls.cert,
    store,
    token,
    unknownRoutes: () => [...unknown],
    async close() {
      if (options.announce) await removeLocalApiAddress(options.storeFile, process.pid);
      await scheduler.close();
      store.close();
      presence.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Open event streams would keep the server open for ever.
        for (const socket of sockets) socket.destroy();
      });
      await publishing;
    },
  };
}

/** `address` when it is a page of one of the Studio's origins; never anywhere else. */
function studioAddress(address: string | null, origins: readonly string[]): string | undefined {
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return origins.includes(url.origin) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function transactionIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const id = (body as { transactionId?: unknown }).transactionId;
  if (id === undefined || id === null) return undefined;
  if (typeof id !== 'string' || !/^[A-Za-z0-9._-]{1,200}$/.test(id))
    throw new ApiError(400, 'transactionId must be a string of letters, digits, ".", "_" or "-"');
  return id;
}

function isDryRun(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && (body as { dryRun?: unknown }).dryRun === true
  );
}
