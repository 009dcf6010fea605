/**
 * The HTTP edge against real servers of the plain build: every kind of path × every method,
 * asserting status, `Allow`, `Location` and the security headers on each response, and that
 * the server log holds no stack trace afterwards. The site runs only behind server.ts (what
 * `npm run serve` and `npm run dev` run): stock `next start` is not a way to run it.
 */
import { connect } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '@/web/edge/security-headers';
import { distDir, sendRaw, serveSite, type RunningSite } from '@/testing/site-server';
import { VARIANTS } from './variants';

// (Node's parser itself refuses TRACK and CONNECT never reaches a request handler.)
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];
const HEADERS = securityHeaders();

interface PathKind {
  kind: string;
  path: string;
  /** The answer to GET and HEAD. */
  status: number;
  location?: string;
}

function firstChunk(): string {
  const dir = path.join(distDir(VARIANTS.plain), 'static', 'chunks');
  const chunk = readdirSync(dir).find((file) => file.endsWith('.js'));
  if (!chunk) throw new Error(`no JavaScript chunk in ${dir}`);
  return `/_next/static/chunks/${chunk}`;
}

const PATHS = (): PathKind[] => [
  { kind: 'page', path: '/', status: 200 },
  { kind: 'page', path: '/de/about', status: 200 },
  { kind: 'not-found page', path: '/nope', status: 404 },
  { kind: 'not-found page', path: '/tr/about/team', status: 404 },
  {
    kind: 'legacy redirect',
    path: '/quarantinechronicles',
    status: 308,
    location: 'https://quarantinechronicles.rggames.example/',
  },
  {
    kind: 'legacy redirect',
    path: '/Cilginalgisavaslari?ref=old',
    status: 308,
    location: 'https://karantinagunlukleri.rggames.example/?ref=old',
  },
  { kind: 'trailing-slash redirect', path: '/about/?a=1', status: 308, location: '/about?a=1' },
  { kind: 'dictionary JSON', path: '/locales/en/common.json', status: 200 },
  { kind: 'missing dictionary', path: '/locales/de/nope.json', status: 404 },
  { kind: 'metadata file', path: '/sitemap.xml', status: 200 },
  { kind: 'metadata file', path: '/robots.txt', status: 200 },
  { kind: 'metadata file', path: '/icon.svg', status: 200 },
  { kind: 'metadata file', path: '/manifest.webmanifest', status: 200 },
  { kind: 'framework static file', path: firstChunk(), status: 200 },
  { kind: 'missing static file', path: '/_next/static/chunks/nope.js', status: 404 },
  { kind: 'framework error (image optimizer)', path: '/_next/image?url=%2Ficon.svg', status: 400 },
  { kind: 'malformed encoding', path: '/de/%zz', status: 400 },
  { kind: 'malformed encoding', path: '/locales/%E0%A4%A', status: 400 },
  { kind: 'malformed encoding', path: '/_next/static/%', status: 400 },
  // Next collapses `//` and `\` with a 308, after the edge has refused other methods.
  { kind: 'collapsed slashes', path: '//evil.example', status: 308, location: '/evil.example' },
  { kind: 'collapsed slashes', path: '/\\evil.example', status: 308, location: '/evil.example' },
];

function expectation(row: PathKind, method: string) {
  if (method === 'GET' || method === 'HEAD') return { status: row.status, location: row.location };
  return { status: 405, allow: 'GET, HEAD' };
}

/** Every difference between the answer and what the edge promises, as readable lines. */
function problems(
  row: PathKind,
  method: string,
  answer: Awaited<ReturnType<typeof sendRaw>>,
): string[] {
  const want = expectation(row, method);
  const found: string[] = [];
  const where = `${method} ${row.path}`;
  if (answer.status !== want.status)
    found.push(`${where}: status ${answer.status}, want ${want.status}`);
  if (answer.headers.allow !== want.allow)
    found.push(`${where}: Allow ${String(answer.headers.allow)}, want ${String(want.allow)}`);
  if (want.location !== undefined && answer.headers.location !== want.location)
    found.push(`${where}: Location ${String(answer.headers.location)}, want ${want.location}`);
  for (const { key, value } of HEADERS) {
    if (answer.headers[key.toLowerCase()] !== value)
      found.push(`${where}: ${key} missing or wrong`);
  }
  if (answer.headers['x-powered-by'] !== undefined) found.push(`${where}: sends X-Powered-By`);
  return found;
}

const STACK_TRACE = /^\s+at .+\(.*:\d+:\d+\)|^\s+at .+:\d+:\d+$|Error:/m;

describe('HTTP edge', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await serveSite(VARIANTS.plain);
  });
  afterAll(() => site?.stop());

  it.each(PATHS().map((row) => [`${row.kind}: ${row.path}`, row] as const))(
    '%s',
    async (_, row) => {
      const found: string[] = [];
      for (const method of METHODS)
        found.push(...problems(row, method, await sendRaw(site, method, row.path)));
      expect(found).toEqual([]);
    },
  );

  it('logs no stack trace or error for any of those requests', () => {
    const output = site.server.output();
    expect(output).toContain('Next.js');
    expect(output.match(STACK_TRACE)?.[0] ?? null).toBeNull();
  });
});

describe('requests Node cannot parse (production server)', () => {
  let site: RunningSite;
  beforeAll(async () => {
    site = await serveSite(VARIANTS.plain);
  });
  afterAll(() => site?.stop());

  function raw(bytes: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(site.port, 'localhost');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.write(bytes);
    });
  }

  it.each([
    ['a malformed request line', 'NOT HTTP AT ALL\r\n\r\n', 'HTTP/1.1 400 Bad Request'],
    ['an unknown method', 'TRACK / HTTP/1.1\r\nHost: x\r\n\r\n', 'HTTP/1.1 400 Bad Request'],
    [
      'header fields too large',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'HTTP/1.1 431 Request Header Fields Too Large',
    ],
  ])('%s gets the security headers', async (_, bytes, statusLine) => {
    const text = await raw(bytes);
    const [head = ''] = text.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe(statusLine);
    const headers = new Map(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
    );
    for (const { key, value } of HEADERS) expect(headers.get(key.toLowerCase()), key).toBe(value);
  });
});
