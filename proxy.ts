/** Routes every page request; the decision itself lives in web/site/routing.ts. */
import { NextResponse, type NextRequest } from 'next/server';
import { routeRequest } from '@/web/site/routing';

export function proxy(request: NextRequest) {
  const decision = routeRequest(request.nextUrl.pathname);
  if (decision.rewrite === null) return NextResponse.next();
  const url = request.nextUrl.clone();
  url.pathname = decision.rewrite;
  return NextResponse.rewrite(url, decision.kind === 'not-found' ? { status: 404 } : undefined);
}

export const config = {
  matcher: [
    // og/ (link-preview images) and press/ (the press kit) are files, the same in every language.
    '/((?!_next/|locales/|og/|press/|favicon\\.ico|icon\\.svg|manifest\\.webmanifest|robots\\.txt|sitemap\\.xml).*)',
  ],
};
