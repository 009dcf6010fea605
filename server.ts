/**
 * The production server: Next's own request handler (the same one `next start` runs) behind
 * a thin guard for what Next answers before the proxy or next.config can act:
 *
 * - TRACE and TRACK: Next builds a fetch Request for the proxy, which refuses these methods,
 *   so each one became a 500 with a stack trace in the log. Answered here with 405.
 * - Every response starts with the security headers, so that the few Next writes before any
 *   route rule (the 308 that collapses `//` and `\` in paths, its last-resort 500) carry them
 *   too; the proxy and next.config set the same values on everything else.
 * - A request Node cannot parse gets its 400 (or 431) with the same headers.
 *
 * Run with Node 24 (it strips the types): `npm run serve -- [--port 3000] [--hostname host]`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnvFiles } from './content/env-files.ts';
import { isDraftModeRequest, readPreviewSettings } from './web/preview/settings.ts';
import { sharedRedis } from './web/shared-cache/redis-connection.ts';
import { allowedMethods, EDGE_TEXT, UNROUTABLE_METHODS } from './web/site/http-edge.ts';
import { isPageRequest, rewritePageResponse } from './web/site/late-scripts.ts';
import { securityHeaders } from './web/site/security-headers.ts';
import { readSharedCacheSetting } from './web/site/settings.ts';

// What `next start` sets; React and Next read it when they load (below, after this line).
Object.assign(process.env, { NODE_ENV: 'production' });
// Next reads the .env files only when it loads (below); PORT and STUDIO_URL are needed earlier.
loadEnvFiles(import.meta.dirname);

const { values } = parseArgs({
  options: {
    port: { type: 'string', short: 'p', default: process.env.PORT || '3000' },
    hostname: { type: 'string', short: 'H' },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`server: --port must be a port number, got "${values.port}"`);
  process.exit(1);
}

const HEADERS = securityHeaders();
const DIST_DIR = path.resolve(import.meta.dirname, process.env.NEXT_DIST_DIR || '.next');
// Read now, so that a malformed STUDIO_URL stops the server instead of failing previews.
let PREVIEW_HEADERS: ReturnType<typeof securityHeaders>;
try {
  PREVIEW_HEADERS = securityHeaders({ framedBy: readPreviewSettings().studioOrigin });
} catch (error) {
  console.error(`server: ${(error as Error).message}`);
  process.exit(1);
}

function pathnameOf(url: string | undefined): string {
  try {
    return new URL(url ?? '/', 'http://site.invalid').pathname;
  } catch {
    return '/';
  }
}

function refuseMethod(req: IncomingMessage, res: ServerResponse): void {
  const { status, body } = EDGE_TEXT['method-not-allowed'];
  res.statusCode = status;
  res.setHeader('Allow', allowedMethods(pathnameOf(req.url)).join(', '));
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(body);
}

/** The response Node would send for a request it cannot parse, with the security headers. */
function rawClientError(code: string | undefined): string {
  const [status, reason] =
    code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large']
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout']
        : [400, 'Bad Request'];
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    ...HEADERS.map(({ key, value }) => `${key}: ${value}`),
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(reason)}`,
    'Connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${reason}`;
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

const { default: next } = await import('next');
const app = next({
  dir: import.meta.dirname,
  dev: false,
  ...(values.hostname && { hostname: values.hostname }),
  port,
});
await app.prepare();
const handle = app.getRequestHandler();

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // A preview (this build's draft-mode cookie) may be framed by the Studio.
  const draftMode = isDraftModeRequest(req.headers.cookie, DIST_DIR);
  const headers = draftMode ? PREVIEW_HEADERS : HEADERS;
  for (const { key, value } of headers) res.setHeader(key, value);
  if (UNROUTABLE_METHODS.has(req.method ?? '')) return refuseMethod(req, res);
  // Pages paint before the framework's scripts start (web/site/late-scripts.ts).
  if (isPageRequest(req, draftMode)) rewritePageResponse(req, res);
  try {
    await handle(req, res);
  } catch (error) {
    // Next handles its own errors; this is the same last resort `next start` has.
    console.error(`Failed to handle request for ${req.url}`, error);
    if (!res.headersSent) res.statusCode = 500;
    res.end('Internal Server Error');
  }
}

const server = createServer((req, res) => void answer(req, res));

server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
  // Answer only on a connection that has sent nothing yet; otherwise just close it.
  if (error.code !== 'ECONNRESET' && socket.writable && socket.bytesWritten === 0) {
    socket.end(rawClientError(error.code));
  } else {
    socket.destroy();
  }
});

server.listen(port, values.hostname, () => {
  console.log(`▲ Next.js production server on http://${values.hostname ?? 'localhost'}:${port}`);
});

const shutdown = () => {
  server.close();
  void app.close().finally(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
