import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedMethods, edgeAnswer, ROUTE_METHODS } from './http-edge';

const WRITE_ROUTES = { '/api/hooks/[source]': ['POST'] };

describe('allowedMethods', () => {
  it.each(['/', '/de/about', '/locales/en/common.json', '/_next/static/x.js', '/api/hooks'])(
    '%s answers GET and HEAD only',
    (pathname) => expect(allowedMethods(pathname, WRITE_ROUTES)).toEqual(['GET', 'HEAD']),
  );
  it('answers exactly the methods a listed route accepts; [segment] matches one segment', () => {
    expect(allowedMethods('/api/hooks/sanity', WRITE_ROUTES)).toEqual(['POST']);
    expect(allowedMethods('/api/x', { '/api/x': ['GET', 'DELETE'] })).toEqual([
      'GET',
      'HEAD',
      'DELETE',
    ]);
    expect(allowedMethods('/api/hooks/a/b', WRITE_ROUTES)).toEqual(['GET', 'HEAD']);
  });
});

describe('edgeAnswer', () => {
  it.each([
    ['GET', '/de/about', '', { kind: 'pass' }],
    ['HEAD', '/locales/en/common.json', '', { kind: 'pass' }],
    ['POST', '/', '', { kind: 'method-not-allowed', allow: 'GET, HEAD' }],
    ['OPTIONS', '/locales/en/common.json', '', { kind: 'method-not-allowed', allow: 'GET, HEAD' }],
    ['TRACE', '/_next/static/x.js', '', { kind: 'method-not-allowed', allow: 'GET, HEAD' }],
    ['get', '/', '', { kind: 'method-not-allowed', allow: 'GET, HEAD' }],
    ['POST', '/api/hooks/sanity', '', { kind: 'pass' }],
    ['PUT', '/api/hooks/sanity', '', { kind: 'method-not-allowed', allow: 'POST' }],
    ['GET', '/api/hooks/sanity', '', { kind: 'method-not-allowed', allow: 'POST' }],
    ['GET', '/de/%zz', '', { kind: 'bad-request' }],
    ['GET', '/locales/%E0%A4%A', '', { kind: 'bad-request' }],
    ['GET', '/%', '', { kind: 'bad-request' }],
    ['GET', '/de/%C3%BC', '', { kind: 'pass' }],
    ['GET', '/about/', '?a=1', { kind: 'redirect', location: '/about?a=1' }],
    ['GET', '/de///', '', { kind: 'redirect', location: '/de' }],
    ['GET', '/', '', { kind: 'pass' }],
  ] as const)('%s %s%s', (method, pathname, search, expected) =>
    expect(edgeAnswer(method, pathname, search, WRITE_ROUTES)).toEqual(expected),
  );

  it.each(['//evil.example/', '/\\evil.example/', '/\\/evil.example/', '///evil.example//'])(
    'a trailing-slash redirect of %s stays on this site',
    (pathname) => {
      const answer = edgeAnswer('GET', pathname);
      expect(answer).toEqual({ kind: 'redirect', location: expect.stringMatching(/^\/[^/\\]/) });
    },
  );
});

/** The HTTP methods a route file exports (function, const or re-export). */
function exportedMethods(source: string): string[] {
  const names = [
    ...source.matchAll(/export\s+(?:async\s+)?(?:function|const|let)\s+([A-Z]+)\b/g),
  ].map((m) => m[1]!);
  for (const block of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const item of block[1]!.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return names.filter((name) => /^(GET|HEAD|POST|PUT|DELETE|PATCH|OPTIONS)$/.test(name)).sort();
}

function routeFiles(dir = 'app'): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|\/)route\.(ts|tsx|js)$/.test(file))
    .map((file) => path.join(dir, file));
}

/** app/api/(group)/hooks/[source]/route.ts → /api/hooks/[source] */
function routePath(file: string): string {
  const segments = path.dirname(file).split(path.sep).slice(1);
  return `/${segments.filter((s) => !/^\(.*\)$/.test(s)).join('/')}`;
}

describe('ROUTE_METHODS matches the route handlers under app/', () => {
  it('reads the methods a route file exports', () => {
    expect(exportedMethods('export async function POST(req) {}\nexport const GET = h;')).toEqual([
      'GET',
      'POST',
    ]);
    expect(exportedMethods('export { handler as PUT, GET };\nexport function helper() {}')).toEqual(
      ['GET', 'PUT'],
    );
    expect(routePath(path.join('app', 'api', '(hooks)', 'sanity', '[id]', 'route.ts'))).toBe(
      '/api/sanity/[id]',
    );
  });

  it('lists every route that answers other methods than GET and HEAD, with exactly its methods', () => {
    const found = Object.fromEntries(
      routeFiles()
        .map(
          (file) =>
            [
              routePath(file),
              exportedMethods(readFileSync(file, 'utf8')).filter((m) => m !== 'HEAD'),
            ] as const,
        )
        .filter(([, methods]) => methods.join() !== 'GET'),
    );
    const declared = Object.fromEntries(
      Object.entries(ROUTE_METHODS).map(([route, methods]) => [route, [...methods].sort()]),
    );
    expect(declared).toEqual(found);
  });
});
