import { createServer, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, type LocalHttpServer } from '@/testing/local-http';
import {
  applyEdgeCachePolicy,
  BRIEF,
  edgeCachePolicy,
  NEVER,
  SHARED,
  UNTAGGED,
  type EdgeResponse,
} from './edge-cache';

const visitor = (pathname: string) => ({ method: 'GET', pathname, hasCookie: false });
const prerendered: EdgeResponse = {
  status: 200,
  cacheControl: 's-maxage=31536000',
  setsCookie: false,
};
const tagsOf = (...namespaces: string[]) => namespaces.map((n) => `dictionary:${n}`);

describe('edgeCachePolicy', () => {
  it('lets a shared cache keep a page a day, tagged with every dictionary it shows', () => {
    expect(edgeCachePolicy(visitor('/de'), prerendered)).toEqual({
      cacheControl: SHARED,
      tags: tagsOf(
        'common',
        'layout',
        'footer',
        'home',
        'hero',
        'manifesto',
        'publisher',
        'faq',
        'discord',
        'newsletter',
        'privacyPolicy',
      ),
    });
    expect(edgeCachePolicy(visitor('/contact'), prerendered)?.tags).toEqual(
      tagsOf('common', 'layout', 'footer', 'contact', 'discord', 'privacyPolicy'),
    );
    expect(edgeCachePolicy(visitor('/tr/about'), { ...prerendered, status: 304 })).toEqual({
      cacheControl: SHARED,
      tags: tagsOf('common', 'layout', 'footer', 'about', 'privacyPolicy'),
    });
  });

  it('tags a /locales file with its own dictionary only', () => {
    const response = { ...prerendered, cacheControl: 'public, max-age=0, must-revalidate' };
    expect(edgeCachePolicy(visitor('/locales/tr/hero.json'), response)).toEqual({
      cacheControl: SHARED,
      tags: tagsOf('hero'),
    });
  });

  it('keeps the not-found page (404) only briefly', () => {
    expect(edgeCachePolicy(visitor('/de/nope'), { ...prerendered, status: 404 })).toEqual({
      cacheControl: BRIEF,
      tags: tagsOf('common', 'layout', 'footer', 'error', 'privacyPolicy'),
    });
  });

  it.each([
    ['a preview (any cookie)', { ...visitor('/de'), hasCookie: true }, prerendered],
    ['an API answer', visitor('/api/content-status'), { ...prerendered, cacheControl: 'no-store' }],
    [
      'an API answer Next said nothing about',
      visitor('/api/health'),
      { ...prerendered, cacheControl: undefined },
    ],
    ['a Set-Cookie', visitor('/api/draft-mode/enable'), { ...prerendered, setsCookie: true }],
    ['a page that sets a cookie', visitor('/de'), { ...prerendered, setsCookie: true }],
    ['a 500', visitor('/de'), { ...prerendered, status: 500 }],
    ['a 503 of a /locales file', visitor('/locales/de/hero.json'), { ...prerendered, status: 503 }],
    [
      "Next's own private answer",
      visitor('/de'),
      { ...prerendered, cacheControl: 'private, no-cache, no-store, max-age=0, must-revalidate' },
    ],
    [
      'a redirect made per request',
      visitor('/de/about'),
      { status: 307, cacheControl: undefined, setsCookie: false },
    ],
    [
      'a legacy redirect',
      visitor('/crazydemagogywars'),
      { status: 308, cacheControl: undefined, setsCookie: false },
    ],
  ] as const)('never lets a shared cache keep %s', (_name, request, response) => {
    expect(edgeCachePolicy(request, response)).toEqual({ cacheControl: NEVER, tags: [] });
  });

  it("replaces Next's year on other prerendered files by minutes; keeps a route's own choice", () => {
    expect(edgeCachePolicy(visitor('/press/rg-press-kit.zip'), prerendered)).toEqual({
      cacheControl: UNTAGGED,
      tags: [],
    });
    const immutable = { ...prerendered, cacheControl: 'public, max-age=31536000, immutable' };
    expect(edgeCachePolicy(visitor('/_next/static/chunks/a.js'), immutable)).toBeNull();
    const image = {
      ...prerendered,
      cacheControl: 'public, max-age=3600, stale-while-revalidate=86400',
    };
    expect(edgeCachePolicy(visitor('/og/en/home.png'), image)).toBeNull();
  });
});

describe('applyEdgeCachePolicy', () => {
  let server: LocalHttpServer;
  beforeAll(async () => {
    server = await listenLocally(
      createServer((req, res) => {
        applyEdgeCachePolicy(req, res);
        // As Next does: a Cache-Control set early, the head written with more headers.
        res.setHeader('Cache-Control', 's-maxage=31536000');
        if (req.url === '/de/about') res.writeHead(200, { 'Content-Type': 'text/html' });
        else res.writeHead(500, 'Broken', ['Content-Type', 'text/plain']);
        res.end('body');
      }),
    );
  });
  afterAll(() => server?.stop());

  const head = (pathname: string) =>
    new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
      httpRequest(`${server.url}${pathname}`, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
        .on('error', reject)
        .end();
    });

  it('sets the policy when the head goes out, keeping the headers writeHead was given', async () => {
    const page = await head('/de/about');
    expect(page.headers).toMatchObject({
      'cache-control': SHARED,
      'surrogate-key':
        'dictionary:common dictionary:layout dictionary:footer dictionary:about dictionary:privacyPolicy',
      'cache-tag':
        'dictionary:common,dictionary:layout,dictionary:footer,dictionary:about,dictionary:privacyPolicy',
      'content-type': 'text/html',
    });
    const broken = await head('/de');
    expect(broken.status).toBe(500);
    expect(broken.headers).toMatchObject({ 'cache-control': NEVER, 'content-type': 'text/plain' });
    expect(broken.headers['surrogate-key']).toBeUndefined();
  });
});
