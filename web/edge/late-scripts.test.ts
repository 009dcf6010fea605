/**
 * The framework's scripts start after the largest paint: the streaming rewrite of a page, and
 * the page response as the production server sends it (a real Node HTTP server).
 *
 * The page is Next's own: `testing/next-page.html` is what `npm run serve` sent for
 * `/tr/gibt-es-nicht` (a 404 page, the smallest) after `next build` with Next 16.4.6, to a
 * request that is not a browser's and so is not rewritten (`curl -H 'accept: text/plain'
 * http://localhost:3000/tr/gibt-es-nicht`). `e2e/late-scripts.test.ts` checks that today's
 * build still writes its scripts the way this copy does.
 */
import { readFileSync } from 'node:fs';
import { createServer, get, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createGunzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { listenLocally, type LocalHttpServer } from '@/testing/local-http';
import {
  afterLargestPaint,
  isPageRequest,
  LateScriptsRewrite,
  pagesWithLateScripts,
  type ScriptLoader,
} from './late-scripts';
import { attributeOf, scriptsOf, withElementsChanged, withoutElements } from './testing/next-html';

const PAGE = readFileSync(new URL('testing/next-page.html', import.meta.url), 'utf8');
const NEXT = scriptsOf(PAGE);

/** The page rewritten, fed to the rewrite in pieces of `pieceSize` characters. */
async function rewrite(
  html: string,
  { pieceSize = html.length, loader }: { pieceSize?: number; loader?: ScriptLoader } = {},
) {
  const problems: string[] = [];
  const pieces = Array.from({ length: Math.ceil(html.length / pieceSize) }, (_, i) =>
    html.slice(i * pieceSize, (i + 1) * pieceSize),
  );
  const rewriter = new LateScriptsRewrite({
    report: (problem) => problems.push(problem),
    ...(loader && { loader }),
  });
  const out = await text(Readable.from(pieces).pipe(rewriter));
  return { html: out, problems };
}

const loaderOf = (html: string) =>
  scriptsOf(html).inline.filter((script) => script.includes('largest-contentful-paint'));

describe("LateScriptsRewrite on Next's HTML", () => {
  it('the page as Next wrote it has async framework scripts and a script preload', () => {
    // What the rest of this file relies on: if Next stops writing these, it says so here.
    expect(NEXT.framework.length).toBeGreaterThan(2);
    expect(NEXT.framework.every(({ attributes }) => attributes.join() === 'async,src')).toBe(true);
    expect(NEXT.preloads.length).toBeGreaterThan(0);
  });

  it('takes every framework script and script preload out, and no other element', async () => {
    const { html, problems } = await rewrite(PAGE);
    expect(scriptsOf(html).framework).toEqual([]);
    expect(scriptsOf(html).preloads).toEqual([]);
    // The rest of the document is Next's: the two trees differ only in what moved.
    const moved = (element: Parameters<Parameters<typeof withoutElements>[1]>[0]) =>
      (element.tagName === 'script' &&
        attributeOf(element, 'async') !== undefined &&
        NEXT.framework.some(({ src }) => src === attributeOf(element, 'src'))) ||
      (element.tagName === 'link' && attributeOf(element, 'as') === 'script');
    const loader = (element: Parameters<typeof moved>[0]) =>
      element.tagName === 'script' &&
      attributeOf(element, 'src') === undefined &&
      element.childNodes.some(
        (child) => 'value' in child && child.value.includes('largest-contentful-paint'),
      );
    expect(withoutElements(html, loader)).toBe(withoutElements(PAGE, moved));
    expect(problems).toEqual([]);
  });

  it('adds one loader at the end of the body that starts the same scripts, in order, once the largest paint is reported', async () => {
    const { html } = await rewrite(PAGE);
    const [loader, ...more] = loaderOf(html);
    expect(more).toEqual([]);
    expect(loader).toBe(afterLargestPaint(NEXT.framework.map(({ src }) => src)));
    expect(html.endsWith(`<script>${loader}</script></body></html>`)).toBe(true);
    // Where nothing is painted (a hidden tab) the load event starts them.
    expect(loader).toContain('addEventListener("load"');
  });

  it('keeps the old browsers’ script and the inline data scripts where they are', async () => {
    const { html } = await rewrite(PAGE);
    expect(html).toContain('noModule=""');
    const data = NEXT.inline.filter((script) => script.includes('self.__next_f'));
    expect(data.length).toBeGreaterThan(0);
    expect(scriptsOf(html).inline.filter((script) => script.includes('self.__next_f'))).toEqual(
      data,
    );
  });

  it('recognises the scripts by parsing: attributes in another order, other quotes', async () => {
    const reordered = withElementsChanged(PAGE, (element) => {
      if (element.tagName === 'script' || element.tagName === 'link') element.attrs.reverse();
    });
    expect(reordered).toMatch(/<script async="" src="\/_next\//);
    const { html, problems } = await rewrite(reordered);
    expect(scriptsOf(html).framework).toEqual([]);
    expect(loaderOf(html)).toEqual([afterLargestPaint(NEXT.framework.map(({ src }) => src))]);
    expect(problems).toEqual([]);
  });

  it('gives the same page when Next’s HTML arrives in pieces that split tags', async () => {
    const whole = await rewrite(PAGE);
    for (const pieceSize of [7, 100, 4096])
      expect(await rewrite(PAGE, { pieceSize })).toEqual(whole);
  });

  it('leaves framework scripts of a shape it does not know where they are, and reports the page', async () => {
    // As if Next started writing its chunks as modules.
    const changed = withElementsChanged(PAGE, (element) => {
      if (element.tagName === 'script' && attributeOf(element, 'async') !== undefined)
        element.attrs.push({ name: 'type', value: 'module' });
    });
    const { html, problems } = await rewrite(changed);
    expect(scriptsOf(html).framework).toEqual(scriptsOf(changed).framework);
    expect(loaderOf(html)).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(
        `^${NEXT.framework.length} framework script\\(s\\) left where Next put them, of a shape the rewrite does not know or after </body> \\(first: <script .*type="module".*>\\).*Next's HTML changed`,
      ),
    );
  });

  it('adds the loader at the end of a document that has no </body>, and reports it', async () => {
    const cut = PAGE.slice(0, PAGE.lastIndexOf('</body>'));
    const { html, problems } = await rewrite(cut);
    expect(scriptsOf(html).framework).toEqual([]);
    expect(html.endsWith(`<script>${loaderOf(html)[0]}</script>`)).toBe(true);
    expect(problems).toEqual([expect.stringMatching(/has no <\/body>/)]);
  });

  it('leaves a framework script after </body> where it is, and reports it', async () => {
    const late = '<script src="/_next/static/chunks/late.js" async=""></script>';
    const { html, problems } = await rewrite(
      PAGE.replace('</body></html>', `</body>${late}</html>`),
    );
    expect(html.endsWith(`</body>${late}</html>`)).toBe(true);
    expect(problems).toEqual([expect.stringMatching(/^1 framework script\(s\) .*after <\/body>/)]);
  });

  it('leaves a framework script cut off by the end of the document as it is, and reports it', async () => {
    const firstChunk = PAGE.indexOf(`<script src="${NEXT.framework[0]!.src}"`);
    const cut = PAGE.slice(0, PAGE.indexOf('>', firstChunk) + 1);
    const { html, problems } = await rewrite(cut, { pieceSize: 100 });
    expect(html.endsWith(cut.slice(firstChunk))).toBe(true);
    expect(loaderOf(html)).toEqual([]);
    expect(problems).toEqual([expect.stringMatching(/ends inside a framework script/)]);
  });

  it('leaves a document without framework scripts as it is, other sites’ scripts too', async () => {
    const plain =
      '<!DOCTYPE html><html><head><script src="https://www.googletagmanager.com/gtag/js" async=""></script>' +
      '<script src="http://[" async=""></script></head><body><p>x</p></body></html>';
    expect(await rewrite(plain)).toEqual({ html: plain, problems: [] });
  });

  it('takes another loader (the benchmark compares them)', async () => {
    const { html } = await rewrite(PAGE, { loader: (sources) => `start(${sources.length})` });
    expect(html).toContain(`<script>start(${NEXT.framework.length})</script></body>`);
  });
});

describe('a page response through pagesWithLateScripts', () => {
  let server: LocalHttpServer | undefined;
  afterEach(() => server?.stop());

  /**
   * A server answering as server.ts does: page requests through the rewrite, the others
   * straight from `handle`, which stands in for Next's handler. Problems reported go to `log`.
   */
  async function serve(
    handle: (req: IncomingMessage, res: ServerResponse) => void,
    log: string[] = [],
  ) {
    const pages = pagesWithLateScripts(handle, (problem) => log.push(problem));
    server = await listenLocally(
      createServer((req, res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        if (isPageRequest(req, false)) pages(req, res);
        else handle(req, res);
      }),
    );
    return server.url;
  }

  /** Answers with Next's page and the headers Next sends with it, written in two pieces. */
  const nextLike = (_req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('vary', 'rsc, next-router-state-tree');
    res.setHeader('cache-control', 'public, max-age=0, s-maxage=60');
    res.setHeader('x-nextjs-cache', 'HIT');
    res.writeHead(404, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(PAGE),
    });
    res.write(PAGE.slice(0, 1000));
    res.end(PAGE.slice(1000));
  };
  const asBrowser = (encoding: string) => ({
    accept: 'text/html,application/xhtml+xml',
    'sec-fetch-dest': 'document',
    'accept-encoding': encoding,
  });

  it('sends the rewritten page gzip-compressed, with Next’s status and headers', async () => {
    const url = await serve(nextLike);
    const response = await fetch(`${url}/tr/gibt-es-nicht`, { headers: asBrowser('gzip') });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('rsc, next-router-state-tree, Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(response.headers.get('x-nextjs-cache')).toBe('HIT');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // Next's length described Next's page, not this one.
    expect(response.headers.get('content-length')).toBeNull();
    expect(await response.text()).toBe((await rewrite(PAGE)).html);
  });

  it('sends brotli to a browser that offers it, gzip to one that offers only gzip', async () => {
    const url = await serve(nextLike);
    const response = await fetch(`${url}/`, { headers: asBrowser('gzip, deflate, br, zstd') });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe((await rewrite(PAGE)).html);
    const gzipOnly = await fetch(`${url}/`, { headers: asBrowser('gzip, deflate') });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipOnly.text()).toBe((await rewrite(PAGE)).html);
    const refusing = await fetch(`${url}/`, { headers: asBrowser('deflate, gzip;q=0') });
    expect(refusing.headers.get('content-encoding')).toBeNull();
    expect(await refusing.text()).toBe((await rewrite(PAGE)).html);
  });

  it('does not compress a page Next marks `no-transform`', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'public, no-transform',
      });
      res.end(PAGE);
    });
    const response = await fetch(`${url}/`, { headers: asBrowser('gzip') });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe((await rewrite(PAGE)).html);
  });

  it('sends it uncompressed to a client that asks for no compression', async () => {
    const url = await serve(nextLike);
    const response = await fetch(url, { headers: asBrowser('identity') });
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(body.toString('utf8')).toBe((await rewrite(PAGE)).html);
  });

  it('asks Next for the page uncompressed, with the visitor’s other headers and address', async () => {
    let seen: IncomingMessage['headers'] = {};
    const url = await serve((req, res) => {
      seen = req.headers;
      nextLike(req, res);
    });
    await (await fetch(`${url}/de`, { headers: { ...asBrowser('gzip'), cookie: 'a=1' } })).text();
    expect(seen['accept-encoding']).toBe('identity');
    expect(seen.cookie).toBe('a=1');
    expect(seen['sec-fetch-dest']).toBe('document');
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('streams: the head of the page reaches the browser, compressed, while Next is still writing', async () => {
    let browserHasHead!: () => void;
    const headArrived = new Promise<void>((resolve) => (browserHasHead = resolve));
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(PAGE.slice(0, PAGE.indexOf('<body')));
      // The rest only once the browser has read the head: a server that buffered the page
      // would never send it.
      void headArrived.then(() => res.end(PAGE.slice(PAGE.indexOf('<body'))));
    });
    const html = await new Promise<string>((resolve, reject) => {
      get(`${url}/`, { headers: asBrowser('gzip') }, (response) => {
        let received = '';
        const unzipped = response.pipe(createGunzip()).setEncoding('utf8');
        unzipped.on('data', (piece: string) => {
          received += piece;
          if (received.includes('</head>')) browserHasHead();
        });
        unzipped.on('end', () => resolve(received));
        unzipped.on('error', reject);
      }).on('error', reject);
    });
    expect(html).toBe((await rewrite(PAGE)).html);
  });

  it('sends the page in as many pieces as Next wrote, not one per tag', async () => {
    const url = await serve(nextLike);
    // Read as bytes: each piece the server writes is one chunk of the chunked body.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1');
      socket.setEncoding('latin1');
      let received = '';
      socket.on('data', (piece: string) => (received += piece));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
      socket.end(
        'GET / HTTP/1.1\r\nHost: site.test\r\nAccept: text/html\r\n' +
          'Accept-Encoding: identity\r\nConnection: close\r\n\r\n',
      );
    });
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    const chunks: string[] = [];
    for (let at = 0; ;) {
      const sizeEnd = body.indexOf('\r\n', at);
      const size = parseInt(body.slice(at, sizeEnd), 16);
      if (size === 0) break;
      chunks.push(body.slice(sizeEnd + 2, sizeEnd + 2 + size));
      at = sizeEnd + 2 + size + 2;
    }
    expect(Buffer.from(chunks.join(''), 'latin1').toString('utf8')).toBe(
      (await rewrite(PAGE)).html,
    );
    expect(chunks.length).toBeLessThanOrEqual(2);
  });

  it('stops Next when the visitor leaves', async () => {
    let nextStopped!: () => void;
    const stopped = new Promise<void>((resolve) => (nextStopped = resolve));
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(PAGE.slice(0, 2000));
      res.once('close', nextStopped);
    });
    await new Promise<void>((resolve, reject) => {
      const request = get(`${url}/`, { headers: asBrowser('gzip') }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      }).on('error', () => undefined);
      request.on('error', reject);
    });
    await stopped;
  });

  it('keeps the status and headers of a 304 and sends it without a length', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(304, ['etag', '"v1"', 'cache-control', 's-maxage=60', 'vary', 'rsc']);
      res.end();
    });
    const response = await fetch(url, {
      headers: { ...asBrowser('gzip'), 'if-none-match': '"v1"' },
    });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe('"v1"');
    expect(response.headers.get('cache-control')).toBe('s-maxage=60');
    expect(response.headers.get('vary')).toBe('rsc, Accept-Encoding');
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  it('passes what is not HTML on as Next sent it, with its length', async () => {
    const json = JSON.stringify({ text: 'x'.repeat(2000) });
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': json.length });
      res.end(json);
    });
    const response = await fetch(`${url}/locales/de/hero.json`, { headers: asBrowser('gzip') });
    expect(response.headers.get('content-length')).toBe(String(json.length));
    expect(await response.text()).toBe(json);
  });

  it('logs a page whose framework scripts it could not move, with its address, and sends it whole', async () => {
    const changed = withElementsChanged(PAGE, (element) => {
      if (element.tagName === 'script' && attributeOf(element, 'async') !== undefined)
        element.attrs.push({ name: 'defer', value: '' });
    });
    const log: string[] = [];
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(changed);
    }, log);
    const response = await fetch(`${url}/de/about`, { headers: asBrowser('gzip') });
    expect(scriptsOf(await response.text()).framework).toEqual(scriptsOf(changed).framework);
    expect(log).toEqual([
      expect.stringMatching(/^\/de\/about: \d+ framework script\(s\) left where Next put them/),
    ]);
  });

  it('passes data and framework requests through untouched', async () => {
    const url = await serve(nextLike);
    const data = await fetch(url, { headers: { accept: '*/*', rsc: '1' } });
    expect(await data.text()).toBe(PAGE);
  });
});
