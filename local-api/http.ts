/**
 * Requests and answers in the shapes Sanity's HTTP API uses, so the real Sanity client
 * turns our errors into readable messages (`{error: {type, description}}`).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

export type ApiRequest = Http2ServerRequest;
export type ApiResponse = Http2ServerResponse;

/** A client mistake or a refusal, answered with its status and never logged as a crash. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'httpError',
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Bodies larger than this are refused (the largest dictionary is about 60 KB). */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

export async function readBody(req: ApiRequest): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'request body is too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON body, and only a JSON body: other types are what forms and simple requests send. */
export async function readJsonBody(req: ApiRequest): Promise<unknown> {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw new ApiError(
      415,
      `expected a JSON body (Content-Type: application/json), got "${type.slice(0, 100)}"`,
    );
  const text = await readBody(req);
  if (text.trim() === '') throw new ApiError(400, 'request body is empty; expected JSON');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ApiError(400, `request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** CORS for the Studio's origin: only pages served from this machine may call the API. */
export function corsHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const origin = headers.origin;
  if (!origin || !isLoopbackOrigin(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'origin',
  };
}

export function isLoopbackOrigin(origin: string): boolean {
  try {
    const { hostname } = new URL(origin);
    return (
      hostname === 'localhost' ||
      hostname.endsWith('.localhost') ||
      hostname === '127.0.0.1' ||
      hostname === '[::1]'
    );
  } catch {
    return false;
  }
}

export function sendJson(
  req: ApiRequest,
  res: ApiResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  { cors = true }: { cors?: boolean } = {},
): void {
  if (res.headersSent || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...(cors ? corsHeaders(req.headers) : {}),
    ...headers,
  });
  res.end(text);
}

/** `cors: false` for a refused origin: its page must not even read why. */
export function sendError(
  req: ApiRequest,
  res: ApiResponse,
  error: ApiError,
  options: { cors?: boolean } = {},
): void {
  sendJson(
    req,
    res,
    error.status,
    {
      error: { type: error.type, description: error.message, ...error.extra },
      statusCode: error.status,
      message: error.message,
    },
    {},
    options,
  );
}

/** A percent-encoded path segment; malformed encoding is the client's mistake (400). */
export function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new ApiError(400, `malformed percent-encoding in the path: ${part.slice(0, 100)}`);
  }
}
