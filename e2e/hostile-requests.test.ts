/**
 * The HTTP edge, complete: raw requests a hostile client can send to the production
 * server (server.ts serving the plain build). Whatever the request line, method, headers
 * or body: every answer carries the security headers, none is a 5xx, no redirect leaves
 * the site, a body over the limit is refused before it is read, a body cut off is closed
 * quietly, and the server logs no error or stack trace.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_BODY_LIMIT } from '@/web/edge/http-edge';
import { securityHeaders } from '@/web/edge/security-headers';
import { serveSite, type RunningSite } from '@/testing/site-server';
import { VARIANTS } from './variants';

const HEADERS = securityHeaders();
const STACK_TRACE = /^\s+at .+\(.*:\d+:\d+\)|^\s+at .+:\d+:\d+$|Error:|⨯/m;

let site: RunningSite;
beforeAll(async () => {
  site = await serveSite(VARIANTS.plain);
}, 120_000);
afterAll(() => site?.stop());

interface Answer {
  status: number;
  headers: Map<string, string>;
  /** Interim `100 Continue` answers before the final one. */
  continued: boolean;
  raw: string;
}

/** Sends bytes as they are; `cutAfterMs` closes the connection early (a body cut off). */
function raw(bytes: string, { cutAfterMs }: { cutAfterMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = connect(site.port, '127.0.0.1');
    let text = '';
    const done = () => {
      clearTimeout(timer);
      const answers = text.split(/\r\n\r\n/);
      const continued = /^HTTP\/1\.1 100 /.test(text);
      const head = (continued ? answers[1] : answers[0]) ?? '';
      const [statusLine = '', ...lines] = head.split('\r\n');
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
        headers: new Map(
          lines.map((line) => [
            line.slice(0, line.indexOf(':')).toLowerCase(),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
        ),
        continued,
        raw: text,
      });
    };
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.write(bytes);
    if (cutAfterMs !== undefined) setTimeout(() => socket.destroy(), cutAfterMs);
  });
}

const HOST = 'Host: localhost\r\nConnection: close\r\n';
const get = (target: string, headers = '') => `GET ${target} HTTP/1.1\r\n${HOST}${headers}\r\n`;

/** Each: the request, and the status it must get (a list: any of them). */
const CASES: [string, string, number[]][] = [
  ['absolute-form target naming another host', get('http://evil.example/'), [200]],
  ['absolute-form target with a trailing slash', get('http://evil.example/about/'), [308]],
  [
    'Host naming another host, trailing slash',
    `GET /about/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
    [308],
  ],
  [
    'X-Forwarded-Host naming another host',
    get('/about/', 'X-Forwarded-Host: evil.example\r\nX-Forwarded-Proto: https\r\n'),
    [308],
  ],
  ['scheme-relative path', get('//evil.example'), [308]],
  ['scheme-relative path with a slash', get('//evil.example/'), [308]],
  ['backslash path', get('/\\evil.example'), [308]],
  ['backslash path with a slash', get('/\\evil.example/'), [308]],
  ['asterisk-form target', `OPTIONS * HTTP/1.1\r\n${HOST}\r\n`, [400]],
  ['authority-form target', `GET localhost:80 HTTP/1.1\r\n${HOST}\r\n`, [400]],
  ['CONNECT', `CONNECT evil.example:443 HTTP/1.1\r\n${HOST}\r\n`, [405]],
  ['an unknown method', `BREW / HTTP/1.1\r\n${HOST}\r\n`, [400, 405]],
  ['WebDAV PROPFIND', `PROPFIND / HTTP/1.1\r\n${HOST}\r\n`, [405]],
  ['TRACE', `TRACE / HTTP/1.1\r\n${HOST}\r\n`, [405]],
  ['no Host header', `GET / HTTP/1.1\r\nConnection: close\r\n\r\n`, [400]],
  ['a Host with a space', `GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`, [200, 400]],
  [
    'two Host headers',
    `GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n`,
    [200, 400],
  ],
  ['HTTP/1.0 without Host', `GET / HTTP/1.0\r\n\r\n`, [400]],
  ['an unknown expectation', get('/', 'Expect: teapot\r\n'), [417]],
  [
    'Transfer-Encoding and Content-Length together',
    `POST /api/revalidate HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n`,
    [400],
  ],
  [
    'a chunked webhook body',
    `POST /api/revalidate HTTP/1.1\r\n${HOST}Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    [411],
  ],
  ['invalid percent-encoding', get('/%zz'), [400]],
  ['a cut UTF-8 sequence', get('/de/%E0%A4%A'), [400]],
  ['an encoded NUL', get('/a%00b'), [400, 404]],
  ['raw non-ASCII bytes in the path', get('/über'), [400, 404]],
  ['an encoded non-ASCII path', get('/de/%C3%BCber/'), [308]],
  ['a path of 60,000 characters', get(`/${'a'.repeat(60_000)}`), [414, 431]],
  ['a huge header', get('/', `X-Big: ${'a'.repeat(20_000)}\r\n`), [431]],
  [
    'a broken router-state header',
    get('/', 'RSC: 1\r\nNext-Router-State-Tree: [1,2\r\n'),
    [200, 307],
  ],
  [
    'a server action on a page',
    `POST / HTTP/1.1\r\n${HOST}Next-Action: abc\r\nContent-Length: 2\r\n\r\n{}`,
    [405],
  ],
  [
    'the image optimizer asked for another host',
    get('/_next/image?url=http://evil.example/x.png&w=64&q=75'),
    [400],
  ],
  ['a dictionary with a broken name', get('/locales/de/%E0.json'), [400]],
  ['a body on a page request', `GET / HTTP/1.1\r\n${HOST}Content-Length: 3\r\n\r\nabc`, [200]],
];

describe('raw requests to the production server', () => {
  it.each(CASES)(
    '%s: security headers, no 5xx, no redirect off the site',
    async (_, bytes, statuses) => {
      const answer = await raw(bytes);
      expect(statuses).toContain(answer.status);
      for (const { key, value } of HEADERS)
        expect(answer.headers.get(key.toLowerCase()), key).toBe(value);
      const location = answer.headers.get('location');
      if (location !== undefined) expect(location).toMatch(/^\/(?![/\\])/);
    },
  );

  it('answers CONNECT and other methods with exactly the methods that work', async () => {
    expect(
      (await raw(`CONNECT evil.example:443 HTTP/1.1\r\n${HOST}\r\n`)).headers.get('allow'),
    ).toBe('GET, HEAD');
    // GET asks for the site's proof of the webhook secret (content/site-proof.ts).
    for (const method of ['PUT', 'OPTIONS', 'DELETE']) {
      const answer = await raw(
        `${method} /api/revalidate HTTP/1.1\r\n${HOST}Content-Length: 0\r\n\r\n`,
      );
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow'), method).toBe('GET, HEAD, POST');
    }
  });

  it('refuses a webhook body over the limit before reading it, also when the client waits for 100-continue', async () => {
    const big = 64 * 1024 * 1024;
    // Only the headers are sent: the answer comes without waiting for 64 MiB.
    const announced = await raw(
      `POST /api/revalidate HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: ${big}\r\n\r\n`,
    );
    expect(announced.status).toBe(413);
    const waiting = await raw(
      `POST /api/revalidate HTTP/1.1\r\n${HOST}Expect: 100-continue\r\nContent-Length: ${big}\r\n\r\n`,
    );
    expect(waiting.status).toBe(413);
    expect(waiting.continued).toBe(false);
    const justOver = await raw(
      `POST /api/revalidate HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: ${REQUEST_BODY_LIMIT + 1}\r\n\r\n${'x'.repeat(REQUEST_BODY_LIMIT + 1)}`,
    );
    expect(justOver.status).toBe(413);
    // A small body after 100-continue is read and checked (no signature: 401).
    const small = await raw(
      `POST /api/revalidate HTTP/1.1\r\n${HOST}Expect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
    );
    expect(small.continued).toBe(true);
    expect(small.status).toBe(401);
  });

  it('closes a connection whose body is cut off, quietly', async () => {
    const cut = await raw(
      `POST /api/revalidate HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"_id":`,
      { cutAfterMs: 300 },
    );
    expect(cut.status).toBe(0);
    const malformed = await raw(
      `POST /api/revalidate HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 3\r\n\r\n{{{`,
    );
    expect(malformed.status).toBe(401);
  });

  it('logs no stack trace or error for any of those requests', async () => {
    // The server is still up and well.
    expect((await raw(get('/'))).status).toBe(200);
    const output = site.server.output();
    expect(output).toContain('Next.js');
    expect(output.match(STACK_TRACE)?.[0] ?? null).toBeNull();
  });
});
