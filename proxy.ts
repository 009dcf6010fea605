/**
 * Every request passes here first: the edge rules (methods, encoding, trailing slash) for
 * every path, then page routing. Its own answers carry the security headers like every
 * other response, because next.config's headers apply to them too.
 *
 * Requests that carry the draft-mode cookie get their framing headers from here rather
 * than from next.config: a preview (the cookie this build accepts) may be framed by the
 * Studio, anything else by no one. Such page requests also pass `?keys=1` and Presentation's
 * `?sanity-preview-perspective=` on to the render.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { securityHeaders } from '@/web/edge/security-headers';
import { bodyAnswer, EDGE_TEXT, edgeAnswer } from '@/web/edge/http-edge';
import { routeRequest } from '@/web/edge/routing';
import {
  DRAFT_MODE_COOKIE,
  isDraftModeRequest,
  PREVIEW_PERSPECTIVE,
  PREVIEW_KEYS_HEADER,
  PREVIEW_PERSPECTIVE_HEADER,
  readPreviewSettings,
} from '@/web/preview/preview-settings';

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

/** The framing headers of a request with the draft-mode cookie (next.config leaves them out). */
function withFraming(response: NextResponse, preview: boolean): NextResponse {
  const framedBy = preview ? readPreviewSettings().studioOrigin : undefined;
  for (const { key, value } of securityHeaders({ framedBy })) {
    if (key === 'Content-Security-Policy' || key === 'X-Frame-Options')
      response.headers.set(key, value);
  }
  return response;
}

function route(request: NextRequest, preview: boolean): NextResponse | Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const edge = edgeAnswer(request.method, pathname, search);
  switch (edge.kind) {
    case 'method-not-allowed':
      return plainText(edge.kind, { Allow: edge.allow });
    case 'bad-request':
      return plainText(edge.kind);
    case 'redirect':
      // Next sends a redirect to the request's own origin as a path (Location: /about); the
      // production server makes every request target a path, so no client names that origin.
      return NextResponse.redirect(new URL(edge.location, request.url), 308);
  }
  const body = bodyAnswer(
    request.headers.get('content-length'),
    request.headers.get('transfer-encoding'),
  );
  if (body !== 'pass') return plainText(body, { Connection: 'close' });
  const decision = routeRequest(pathname, request.method);
  if (decision.kind === 'not-a-page') return NextResponse.next();
  if (decision.kind === 'newsletter-link') {
    // Loaded only for these links: it brings the Firestore client.
    return import('@/web/newsletter/server/link-answer').then(({ answerNewsletterLink }) =>
      answerNewsletterLink(request, decision.link, decision.language),
    );
  }
  if (decision.kind === 'one-click') {
    const url = request.nextUrl.clone();
    url.pathname = decision.rewrite;
    return NextResponse.rewrite(url);
  }
  if (decision.kind === 'legacy') {
    const target = new URL(LEGACY_TARGETS[decision.site]);
    target.search = search;
    return NextResponse.redirect(target, 308);
  }
  // Set (or overwritten) for previews only: the render reads it only in draft mode.
  const headers = new Headers(request.headers);
  if (preview) {
    const { searchParams } = request.nextUrl;
    headers.set(PREVIEW_KEYS_HEADER, searchParams.get('keys') === '1' ? '1' : '0');
    const perspective = searchParams.get(PREVIEW_PERSPECTIVE);
    if (perspective === null) headers.delete(PREVIEW_PERSPECTIVE_HEADER);
    else headers.set(PREVIEW_PERSPECTIVE_HEADER, perspective);
  }
  const forwarded = preview ? { request: { headers } } : undefined;
  if (decision.rewrite === null) return NextResponse.next(forwarded);
  const url = request.nextUrl.clone();
  url.pathname = decision.rewrite;
  return NextResponse.rewrite(url, {
    ...forwarded,
    ...(decision.kind === 'not-found' ? { status: 404 } : {}),
  });
}

export async function proxy(request: NextRequest) {
  if (!request.cookies.has(DRAFT_MODE_COOKIE)) return route(request, false);
  const preview = isDraftModeRequest(request.headers.get('cookie'));
  return withFraming(await route(request, preview), preview);
}

// Every path: the edge rules hold for framework files and dictionaries as much as for pages.
export const config = { matcher: '/:path*' };
