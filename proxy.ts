/**
 * What must run inside Next, for the requests server.ts has let through (it has decided
 * refusals, redirects of the path's form, previews, cache policy and security headers):
 * page paths are rewritten to their language routes (unknown ones to the not-found page,
 * with status 404), the legacy game paths go to their sister sites, and the links from
 * newsletter e-mails are answered. Paths that are not pages are left to Next.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { routeRequest } from '@/web/edge/routing';

// Inlined at build time (next.config `env`), like every other site setting.
const LEGACY_TARGETS = {
  en: process.env.LEGACY_SITE_EN_URL as string,
  tr: process.env.LEGACY_SITE_TR_URL as string,
};

export function proxy(request: NextRequest): NextResponse | Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const decision = routeRequest(pathname, request.method);
  if (decision.kind === 'not-a-page') return NextResponse.next();
  if (decision.kind === 'newsletter-link') {
    // Loaded only for these links: it brings the Firestore client.
    return import('@/web/newsletter/server/link-answer').then(({ answerNewsletterLink }) =>
      answerNewsletterLink(request, decision.link, decision.language),
    );
  }
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

// Every path but Next's own files, which are never pages.
export const config = { matcher: '/((?!_next/).*)' };
