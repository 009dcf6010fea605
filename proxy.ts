/**
 * Every request passes here first: the edge rules (methods, encoding, trailing slash) for
 * every path, then page routing. Its own answers carry the security headers like every
 * other response, because next.config's headers apply to them too.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { EDGE_TEXT, edgeAnswer } from '@/web/site/http-edge';
import { routeRequest } from '@/web/site/routing';

// Inlined at build time (next.config `env`), like every other site setting.
const LEGACY_TARGETS = {
  en: process.env.LEGACY_SITE_EN_URL as string,
  tr: process.env.LEGACY_SITE_TR_URL as string,
};

function plainText(kind: keyof typeof EDGE_TEXT, headers: Record<string, string> = {}) {
  const { status, body } = EDGE_TEXT[kind];
  return new NextResponse(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers },
  });
}

export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const edge = edgeAnswer(request.method, pathname, search);
  switch (edge.kind) {
    case 'method-not-allowed':
      return plainText(edge.kind, { Allow: edge.allow });
    case 'bad-request':
      return plainText(edge.kind);
    case 'redirect':
      return NextResponse.redirect(new URL(edge.location, request.url), 308);
  }
  const decision = routeRequest(pathname);
  if (decision.kind === 'not-a-page') return NextResponse.next();
  if (decision.kind === 'legacy') {
    const target = new URL(LEGACY_TARGETS[decision.site]);
    target.search = search;
    return NextResponse.redirect(target, 308);
  }
  if (decision.rewrite === null) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = decision.rewrite;
  return NextResponse.rewrite(url, decision.kind === 'not-found' ? { status: 404 } : undefined);
}

// Every path: the edge rules hold for framework files and dictionaries as much as for pages.
export const config = { matcher: '/:path*' };
