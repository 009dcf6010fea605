/**
 * The site's one request edge: `npm run serve` and `npm run dev` (`--dev`: Next's development
 * server) run this pipeline, which decides each of these once, before Next's own request
 * handler (the one `next start` runs) sees the request:
 *
 * 1. The fast path: a page or `/locales` file kept in memory while current is answered from
 *    there (web/edge/page-memory.ts), in production only.
 * 2. Preview or not (this build's draft-mode cookie): a preview may be framed by the Studio and
 *    gets its query (`?keys=1`, the perspective) passed on to its render in request headers.
 * 3. The security headers, set before Next answers, so that Next's own answers (its files, 404
 *    and 500, the 308 that collapses `//` and `\` in paths) carry them.
 * 4. Refusals, each a plain-text answer (web/edge/http-edge.ts): a target that is no path, no
 *    Host, a method the path does not answer (TRACE included, which Next could not even hand
 *    to its proxy), a path that does not decode, a body too large or of unknown size before a
 *    byte is read. Node's own answers (a request it cannot parse, an unknown `Expect`,
 *    CONNECT) are made here too, so that they carry the security headers.
 * 5. The trailing-slash redirect; what a shared cache may keep and its tags
 *    (web/edge/edge-cache.ts); who the client is (web/edge/client-address.ts).
 *
 * proxy.ts keeps only what must run inside Next: the rewrites of page paths to their language
 * routes, the legacy redirects and the links from newsletter e-mails. On SIGTERM (or SIGINT)
 * the server stops accepting connections, finishes the requests in flight (for at most
 * SHUTDOWN_GRACE_MS) and exits 0.
 *
 * Run with Node 24 (it strips the types): `npm run serve -- [--port 3000] [--hostname host]`.
 */
import { createServer, IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnvFiles } from './content/env-files.ts';
import { readContentSettings } from './content/store-settings.ts';
import { removeSiteAddress, writeSiteAddress } from './content/site-address.ts';
import { chooseClientAddressHeader, clientOf, markClient } from './web/edge/client-address.ts';
import {
  isDraftModeRequest,
  PREVIEW_KEYS_HEADER,
  PREVIEW_PERSPECTIVE,
  PREVIEW_PERSPECTIVE_HEADER,
  readPreviewSettings,
} from './web/preview/preview-settings.ts';
import { sharedRedis } from './web/shared-cache/redis-connection.ts';
import { edgeCachePolicy, NEVER, SHARED, tagHeaders } from './web/edge/edge-cache.ts';
import { bodyAnswer, EDGE_TEXT, edgeAnswer, originForm } from './web/edge/http-edge.ts';
import { PageMemory } from './web/edge/page-memory.ts';
import { securityHeaders } from './web/edge/security-headers.ts';
import { readSharedCacheSetting, readSiteSettings } from './web/site/site-settings.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p' },
    hostname: { type: 'string', short: 'H' },
    dev: { type: 'boolean', default: false },
  },
});
const DEV = values.dev;
// What `next start` (or `next dev`) sets; React and Next read it when they load (below).
Object.assign(process.env, { NODE_ENV: DEV ? 'development' : 'production' });
// Next reads the .env files only when it loads (below); PORT and STUDIO_URL are needed earlier.
loadEnvFiles(import.meta.dirname, DEV);
values.port ??= process.env.PORT || '3000';
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`server: --port must be a port number, got "${values.port}"`);
  process.exit(1);
}

const HEADERS = securityHeaders({ development: DEV });
// Route handlers learn who sent a request from headers named now (web/edge/client-address.ts).
chooseClientAddressHeader();
const DIST_DIR = path.resolve(import.meta.dirname, process.env.NEXT_DIST_DIR || '.next');
/** The proxies whose X-Forwarded-For names the client (TRUSTED_PROXIES). */
let TRUSTED_PROXIES: ReturnType<typeof readSiteSettings>['TRUSTED_PROXIES'];
try {
  // Read now, so that a malformed STUDIO_URL stops the server instead of failing previews;
  // read again for each preview, which follows a Studio started or moved since.
  readPreviewSettings();
  // The CDN purge settings are read when a publish arrives: a mistake shows now instead.
  TRUSTED_PROXIES = readSiteSettings().TRUSTED_PROXIES;
} catch (error) {
  console.error(`server: ${(error as Error).message}`);
  process.exit(1);
}
/** How long requests in flight may take to finish once the server is told to stop. */
const SHUTDOWN_GRACE_MS = 10_000;

/** One of the edge's own plain-text answers. */
function refuse(
  res: ServerResponse,
  kind: keyof typeof EDGE_TEXT,
  headers: Record<string, string> = {},
): void {
  const { status, body } = EDGE_TEXT[kind];
  res.statusCode = status;
  res.setHeader('Cache-Control', NEVER);
  for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(body);
}

/**
 * The whole body (at most REQUEST_BODY_LIMIT, checked before), or undefined when the client
 * went away before sending it. Next copies a body for the proxy and logs an uncaught
 * `Error: aborted` when it is cut off, so it gets the body only once it is complete.
 */
function receivedBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', () => resolve(undefined));
    req.once('close', () => resolve(req.complete ? Buffer.concat(chunks) : undefined));
  });
}

/** The same request with its body already received, for Next to read. */
function replayed(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  Object.assign(copy, {
    method: req.method,
    url: req.url,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    httpVersion: req.httpVersion,
    httpVersionMajor: req.httpVersionMajor,
    httpVersionMinor: req.httpVersionMinor,
    complete: true,
  });
  copy.push(body);
  copy.push(null);
  return copy;
}

/** A whole response written to a socket Node gives no response object for, with the security headers. */
function rawResponse(status: number, reason: string, extra: string[] = []): string {
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    ...HEADERS.map(({ key, value }) => `${key}: ${value}`),
    ...extra,
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(reason)}`,
    'Connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${reason}`;
}

/** The response Node would send for a request it cannot parse, with the security headers. */
function rawClientError(code: string | undefined): string {
  return code === 'HPE_HEADER_OVERFLOW'
    ? rawResponse(431, 'Request Header Fields Too Large')
    : code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? rawResponse(408, 'Request Timeout')
      : rawResponse(400, 'Bad Request');
}

// Several instances share one cache through Redis (docs/several-instances.md). A malformed
// REDIS_URL is one line, never a stop: this instance then serves from its own cache.
const sharedCache = readSharedCacheSetting();
if (sharedCache.kind === 'invalid')
  console.error(
    `server: shared cache off: ${sharedCache.message}; serving from this instance's own cache`,
  );
// Connects now, so the log says at start whether Redis answers.
else sharedRedis();
// Pages and /locales files answered from memory while their tags are current (the fast path);
// none in development, where every request renders the code as it is now.
const pageMemory = DEV ? undefined : new PageMemory(sharedRedis());

/** The local store's dataset file, beside which the site announces itself; none with Sanity. */
const localStoreFile = (() => {
  try {
    const content = readContentSettings(process.env, 'read');
    return content.kind === 'local' ? content.file : undefined;
  } catch {
    // The content store reports its own settings' mistakes where it is used.
    return undefined;
  }
})();

let stopping = false;
const inFlight = new Set<ServerResponse>();
function track(res: ServerResponse): void {
  inFlight.add(res);
  res.once('close', () => {
    inFlight.delete(res);
    // Once stopping, a keep-alive connection closes as soon as its request is answered.
    if (stopping) setImmediate(() => server.closeIdleConnections());
  });
  if (stopping) res.shouldKeepAlive = false;
}
// The Host header is checked in answer(), so that its refusal carries the security headers.
const server = createServer({ requireHostHeader: false }, (req, res) => {
  track(res);
  answer(req, res).catch((error: unknown) => failed(req, res, error));
});
// Node answers these itself, without the headers, unless told otherwise.
server.on('checkContinue', (req, res) => {
  track(res);
  answer(req, res, { expectsContinue: true }).catch((error: unknown) => failed(req, res, error));
});
server.on('checkExpectation', (_req, res: ServerResponse) => {
  for (const { key, value } of HEADERS) res.setHeader(key, value);
  refuse(res, 'expectation-failed');
});
// CONNECT asks for a tunnel: this is no proxy.
server.on('connect', (_req: IncomingMessage, socket: Socket) => {
  socket.on('error', () => undefined);
  socket.end(rawResponse(405, 'Method Not Allowed', ['Allow: GET, HEAD']));
});

server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
  // Answer only on a connection that has sent nothing yet; otherwise just close it.
  if (error.code !== 'ECONNRESET' && socket.writable && socket.bytesWritten === 0) {
    socket.end(rawClientError(error.code));
  } else {
    socket.destroy();
  }
});

const { default: next } = await import('next');
// No `hostname` for Next, whatever --hostname says: Next 16 builds the proxy's URLs on
// "localhost" but its router's on the hostname it is given, so with any other name a rewrite
// (every 404, the newsletter link pages) looked external and was fetched over HTTP from this
// same server, which rewrote it again: hundreds of connections to itself, then a hang. With
// none, both sides say "localhost" and every rewrite stays inside the process.
// The server is Next's for WebSocket upgrades: the development server's hot reloading.
const app = next({ dir: import.meta.dirname, dev: DEV, port, httpServer: server });
await app.prepare();
const nextHandler = app.getRequestHandler();

/** The last resort `next start` has too, for an error nobody handled (Next handles its own). */
function failed(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  console.error(`Failed to handle request for ${req.url}`, error);
  if (!res.headersSent) {
    res.statusCode = 500;
    res.setHeader('Cache-Control', NEVER);
  }
  res.end('Internal Server Error');
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  { expectsContinue = false } = {},
): Promise<void> {
  // The fast path first: a kept page needs none of what follows (its answer was made by it).
  if (pageMemory && (await pageMemory.answer(req, res))) return;
  // A preview (this build's draft-mode cookie) may be framed by the Studio.
  const preview = isDraftModeRequest(req.headers.cookie, DIST_DIR);
  const headers = preview
    ? securityHeaders({ development: DEV, framedBy: readPreviewSettings().studioOrigin })
    : HEADERS;
  for (const { key, value } of headers) res.setHeader(key, value);
  // Next resolves redirects and routes against the target's host if it names one.
  const target = originForm(req.url);
  if (target === undefined) return refuse(res, 'bad-target');
  req.url = target;
  if (!req.headers.host) return refuse(res, 'no-host');
  // Refused before a byte of it is read; the connection closes, so the rest is never read.
  const body = bodyAnswer(req.headers['content-length'], req.headers['transfer-encoding']);
  if (body !== 'pass') return refuse(res, body, { Connection: 'close' });
  // The path as sent (still encoded, `//` not yet collapsed by Next): methods, encoding, slash.
  const query = target.indexOf('?');
  const method = req.method ?? 'GET';
  const edge = edgeAnswer(
    method,
    query < 0 ? target : target.slice(0, query),
    query < 0 ? '' : target.slice(query),
  );
  if (edge.kind === 'method-not-allowed') return refuse(res, edge.kind, { Allow: edge.allow });
  if (edge.kind === 'bad-request') return refuse(res, edge.kind);
  if (edge.kind === 'redirect') {
    res.writeHead(308, { 'Cache-Control': NEVER, Location: edge.location });
    return void res.end();
  }
  // Joined, not resolved: `//evil.example` is a path here (Next collapses it), not a host.
  const url = URL.parse(`http://site.invalid${target}`) ?? new URL('http://site.invalid/');
  const policy = edgeCachePolicy({
    method,
    pathname: url.pathname,
    search: url.search,
    hasCookie: Boolean(req.headers.cookie),
    rsc: req.headers.rsc !== undefined,
  });
  if (policy) {
    res.setHeader('Cache-Control', policy.cacheControl);
    for (const [key, value] of Object.entries(tagHeaders(policy.tags))) res.setHeader(key, value);
  }
  markClient(req.headers, clientOf(req.socket.remoteAddress ?? '', req.headers, TRUSTED_PROXIES));
  // Set (or overwritten) for previews only: the render reads them only in draft mode. The
  // perspective Presentation shows (a release, say) comes in the address when it switches.
  if (preview) {
    req.headers[PREVIEW_KEYS_HEADER] = url.searchParams.get('keys') === '1' ? '1' : '0';
    const perspective = url.searchParams.get(PREVIEW_PERSPECTIVE);
    if (perspective === null) delete req.headers[PREVIEW_PERSPECTIVE_HEADER];
    else req.headers[PREVIEW_PERSPECTIVE_HEADER] = perspective;
  }
  if (expectsContinue) res.writeContinue();
  let request = req;
  if (Number(req.headers['content-length'] ?? 0) > 0) {
    const received = await receivedBody(req);
    // Nobody is left to answer: close quietly.
    if (!received) return void req.socket.destroy();
    request = replayed(req, received);
  }
  if (pageMemory && policy?.cacheControl === SHARED)
    return pageMemory.fill(request, res, policy.tags, () => nextHandler(request, res));
  await nextHandler(request, res);
}

server.listen(port, values.hostname, () => {
  console.log(
    `▲ Next.js ${DEV ? 'development' : 'production'} server on http://${values.hostname ?? 'localhost'}:${port}`,
  );
  // Where the reconciliation (web/go-live/reconcile.ts) reaches this server from inside it.
  const bound = server.address();
  if (bound && typeof bound === 'object') {
    const host = ['::', '0.0.0.0'].includes(bound.address) ? '127.0.0.1' : bound.address;
    (globalThis as Record<symbol, string>)[Symbol.for('rg.site.origin')] =
      `http://${host.includes(':') ? `[${host}]` : host}:${bound.port}`;
    // This checkout's local API and Studio find the site here (content/site-address.ts).
    const name = values.hostname;
    const named = !name || ['0.0.0.0', '::'].includes(name) ? 'localhost' : name;
    if (localStoreFile)
      writeSiteAddress(localStoreFile, {
        url: `http://${named.includes(':') ? `[${named}]` : named}:${bound.port}`,
        pid: process.pid,
      }).catch((error: unknown) =>
        console.error(`server: could not announce this site: ${(error as Error).message}`),
      );
  }
});

/**
 * Stops accepting, lets the requests in flight finish (each answer closes its connection), then
 * exits 0; connections still busy after SHUTDOWN_GRACE_MS are cut. A load balancer sees refused
 * connections at once and sends the next requests elsewhere.
 */
function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`server: ${signal}: finishing the requests in flight, accepting no new ones`);
  const cutOff = setTimeout(() => {
    console.warn(`server: requests still running after ${SHUTDOWN_GRACE_MS} ms; closing them`);
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  cutOff.unref();
  for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  server.close(() => {
    clearTimeout(cutOff);
    void Promise.all([
      app.close(),
      localStoreFile && removeSiteAddress(localStoreFile, process.pid).catch(() => undefined),
    ]).finally(() => process.exit(0));
  });
  server.closeIdleConnections();
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
