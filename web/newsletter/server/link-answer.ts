/**
 * The proxy's answer to the links in the e-mails (`/<lang>/newsletter/confirm?token=…` and
 * `…/unsubscribe?token=…`): it acts on the token, then redirects (303) to the outcome page,
 * or shows the page of a link that does not work at the link's own address with status 404,
 * rewritten like every unknown path. A page could give that status only with `notFound()`,
 * whose HTML Next 16 leaves empty for the browser to fill in (measured: an
 * `<html id="__next_error__">` document without `lang` or text), so the proxy decides first.
 *
 * GET acts at once (the issue asks for links that act with one click); HEAD, which link
 * checkers send, never acts. Nothing here is cached anywhere: each address is per person.
 */
import { NextResponse, type NextRequest } from 'next/server';
import type { Language } from '@/schemas/languages';
import { NEWSLETTER_INVALID_LINK_PAGES, NEWSLETTER_LINK_PAGES } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';
import { confirmFromLink, unsubscribeFromLink } from './link-tokens';

export type NewsletterLink = 'confirm' | 'unsubscribe';

const NO_STORE = { 'Cache-Control': 'private, no-store' };

const OUTCOME_PAGE = {
  confirm: NEWSLETTER_LINK_PAGES.confirmed,
  unsubscribe: NEWSLETTER_LINK_PAGES.unsubscribed,
} as const;

async function act(request: NextRequest, link: NewsletterLink) {
  if (request.method !== 'GET') return 'invalid';
  const token = request.nextUrl.searchParams.get('token');
  return link === 'confirm'
    ? confirmFromLink(token, request.headers.get('user-agent'))
    : unsubscribeFromLink(token, 'link');
}

export async function answerNewsletterLink(
  request: NextRequest,
  link: NewsletterLink,
  language: Language,
): Promise<NextResponse> {
  let outcome;
  try {
    outcome = await act(request, link);
  } catch (error) {
    // Firestore unreachable: nothing happened, the link still works later.
    console.error(`newsletter: the ${link} link could not be answered: ${String(error)}`);
    return new NextResponse('Service Unavailable: please open the link again in a few minutes', {
      status: 503,
      headers: { ...NO_STORE, 'Retry-After': '60', 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  if (outcome === 'done') {
    const target = new URL(pagePath(OUTCOME_PAGE[link], language), request.url);
    return NextResponse.redirect(target, { status: 303, headers: NO_STORE });
  }
  const url = request.nextUrl.clone();
  url.pathname = `/${language}/${NEWSLETTER_INVALID_LINK_PAGES[link]}`;
  url.search = '';
  return NextResponse.rewrite(url, { status: 404, headers: NO_STORE });
}
