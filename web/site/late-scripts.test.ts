/**
 * The framework's scripts start after the first paint: the rewrite of a page, and the response
 * as the production server sends it (a real Node HTTP server, answered the ways Next answers).
 */
import { createServer, type ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLocally, type LocalHttpServer } from '@/testing/local-http';
import { isPageRequest, rewritePageResponse, startScriptsAfterPaint } from './late-scripts';

const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/w.js"/>' +
  '<script src="/_next/static/chunks/r.js" async=""></script>' +
  '<script src="/_next/static/chunks/m.js" async=""></script>' +
  '<script src="/_next/static/chunks/p.js" noModule=""></script></head>' +
  `<body><h1>Hallo</h1><p>${'Ein Absatz. '.repeat(200)}</p>` +
  '<script>self.__next_f.push([1,"x"])</script></body></html>';

describe('startScriptsAfterPaint', () => {
  const out = startScriptsAfterPaint(PAGE);

  it('takes the async framework scripts and their preload out of the document', () => {
    expect(out).not.toMatch(/<script src="[^"]+" async="">/);
    expect(out).not.toContain('as="script"');
  });

  it('adds them, in order and still async, at the end of the body, once the largest paint is reported', () => {
    expect(out).toMatch(
      /<script>\(function\(\)\{.*"largest-contentful-paint".*\["\/_next\/static\/chunks\/r\.js","\/_next\/static\/chunks\/m\.js"\]\.forEach\(.*e\.async=true.*\}\)\(\)<\/script><\/body><\/html>$/,
    );
    // Where nothing is painted (a hidden tab) the load event starts them.
    expect(out).toContain('addEventListener("load"');
  });

  it('can start them after the next frame instead (the benchmark compares the two)', () => {
    expect(startScriptsAfterPaint(PAGE, 'frame')).toMatch(
      /<script>requestAnimationFrame\(function\(\)\{setTimeout\(function\(\)\{\["\/_next\/static\/chunks\/r\.js","\/_next\/static\/chunks\/m\.js"\]\.forEach\(.*e\.async=true.*\}\)<\/script><\/body><\/html>$/,
    );
  });

  it('keeps the data scripts, the stylesheet, the old-browser script and the text', () => {
    for (const kept of [
      '<script>self.__next_f.push([1,"x"])</script>',
      '<link rel="stylesheet" href="/_next/static/chunks/a.css"/>',
      'noModule=""',
      '<h1>Hallo</h1>',
    ])
      expect(out).toContain(kept);
  });

  it('leaves a document without framework scripts as it is', () => {
    const plain = '<html><body><p>x</p></body></html>';
    expect(startScriptsAfterPaint(plain)).toBe(plain);
  });
});

describe('a page response through rewritePageResponse', () => {
  let server: LocalHttpServer | undefined;
  afterEach(() => server?.stop());

  /** A server whose handler answers as `answer` does, behind the rewrite for page requests. */
  async function serve(answer: (res: ServerResponse) => void) {
    server = await listenLocally(
      createServer((req, res) => {
        if (isPageRequest(req, false)) rewritePageResponse(req, res);
        answer(res);
      }),
    );
    return server.url;
  }

  const nextLike = (res: ServerResponse) => {
    res.setHeader('vary', 'rsc');
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(PAGE),
    });
    res.write(PAGE.slice(0, 100));
    res.end(PAGE.slice(100));
  };

  it('sends the rewritten page gzip-compressed, with a length that matches', async () => {
    const url = await serve(nextLike);
    const response = await fetch(url, {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('rsc, Accept-Encoding');
    expect(await response.text()).toBe(startScriptsAfterPaint(PAGE));
  });

  it('sends it uncompressed to a client that asks for no compression', async () => {
    const url = await serve(nextLike);
    const response = await fetch(url, {
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
    });
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.toString('utf8')).toBe(startScriptsAfterPaint(PAGE));
    expect(() => gunzipSync(body)).toThrow();
  });

  it('keeps the status and headers given as a flat list, and sends no length with a 304', async () => {
    const url = await serve((res) => {
      res.writeHead(304, ['etag', '"v1"', 'cache-control', 's-maxage=60']);
      res.end();
    });
    const response = await fetch(url, {
      headers: { accept: 'text/html', 'if-none-match': '"v1"' },
    });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe('"v1"');
    expect(response.headers.get('cache-control')).toBe('s-maxage=60');
    expect(response.headers.get('content-length')).toBeNull();
  });

  it('passes data and framework requests through untouched', async () => {
    const url = await serve(nextLike);
    const data = await fetch(url, { headers: { accept: '*/*', rsc: '1' } });
    expect(await data.text()).toBe(PAGE);
  });
});
