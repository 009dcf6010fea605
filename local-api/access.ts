/**
 * Who may use the local API: the Studio and the project's own tools on this
 * machine, nobody else. A web page on another origin that an editor visits while the
 * Studio runs could otherwise write drafts or mint preview secrets (the API answers on
 * loopback, which every page in the editor's browser can reach).
 *
 * - `Origin`: a browser request must come from a Studio origin the API was started for; a
 *   preflight from any other origin is refused, so such a page's request never goes out.
 * - `Host`: only the names the API serves (a DNS-rebinding page reaches 127.0.0.1 under
 *   its own host name).
 * - A request without `Origin` is not from a web page's script: it must carry the API's
 *   token (`Authorization: Bearer …`), which the tools read from the address file the API
 *   writes for this machine (content/local-api-address.ts). The page that lets a person
 *   accept the certificate (`GET /`) holds nothing and needs none.
 * - Bodies must be JSON (`readJsonBody`), so no HTML form or "simple" cross-origin request
 *   can write: a browser asks first, and that preflight is refused to other origins.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from './http';

export interface AccessRules {
  /** Exact origins of the Studio, e.g. `http://localhost:3333`. */
  readonly studioOrigins: readonly string[];
  /** Host header values (`name:port`, or a name alone for port 443) the API answers. */
  readonly hosts: readonly string[];
  readonly token: string;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The refusal for a request, or undefined when it may be answered. */
export function accessRefusal(
  headers: IncomingHttpHeaders,
  request: { method: string; path: string },
  rules: AccessRules,
): ApiError | undefined {
  const host = (header(headers, ':authority') ?? header(headers, 'host') ?? '').toLowerCase();
  if (!rules.hosts.includes(host))
    return new ApiError(
      403,
      `the local API does not answer for host "${host.slice(0, 100)}"`,
      'forbidden',
    );
  const origin = header(headers, 'origin');
  if (origin !== undefined) {
    return rules.studioOrigins.includes(origin)
      ? undefined
      : new ApiError(
          403,
          `the local API answers only the Studio, not pages of ${origin.slice(0, 100)}`,
          'forbidden',
        );
  }
  if (request.method === 'GET' && request.path === '/') return undefined;
  const authorization = header(headers, 'authorization') ?? '';
  const given = /^Bearer (.+)$/.exec(authorization)?.[1];
  if (given !== undefined && sameToken(given, rules.token)) return undefined;
  return new ApiError(
    401,
    'the local API needs its token (Authorization: Bearer …, from the address file beside the dataset)',
    'unauthorized',
  );
}

/** Loopback names the API answers under, with its port. */
export function loopbackHosts(port: number, projectId: string): string[] {
  return ['localhost', '127.0.0.1', '[::1]', `${projectId}.localhost`].map(
    (name) => `${name}:${port}`,
  );
}
