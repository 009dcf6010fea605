/**
 * RFC 8058 one-click unsubscribe: the POST a mail provider (Gmail, Yahoo) sends to the
 * `List-Unsubscribe` address when the reader clicks its unsubscribe button. The body is
 * `List-Unsubscribe=One-Click` (form-encoded or multipart); the subscription ends at once,
 * with no login and no further question. The proxy sends such POSTs to the unsubscribe
 * pages here (web/edge/routing.ts).
 */
import 'server-only';
import { unsubscribeFromLink } from './link-tokens';

/** The body is one short field; anything longer is not a one-click request. */
const BODY_LIMIT = 4096;
const HEADERS = { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' };

async function readBody(request: Request): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function isOneClick(contentType: string, body: string): Promise<boolean> {
  if (/^multipart\/form-data/i.test(contentType)) {
    try {
      const form = await new Response(body, {
        headers: { 'Content-Type': contentType },
      }).formData();
      return form.get('List-Unsubscribe') === 'One-Click';
    } catch {
      return false;
    }
  }
  return new URLSearchParams(body.trim()).get('List-Unsubscribe') === 'One-Click';
}

export async function handleOneClickUnsubscribe(request: Request): Promise<Response> {
  const body = await readBody(request);
  if (body === null) return new Response('Payload Too Large', { status: 413, headers: HEADERS });
  if (!(await isOneClick(request.headers.get('content-type') ?? '', body)))
    return new Response('Bad Request: the body must be List-Unsubscribe=One-Click', {
      status: 400,
      headers: HEADERS,
    });
  const token = new URL(request.url).searchParams.get('token');
  const outcome = await unsubscribeFromLink(token, 'one-click');
  return outcome === 'done'
    ? new Response('Unsubscribed', { status: 200, headers: HEADERS })
    : new Response('Not Found', { status: 404, headers: HEADERS });
}
