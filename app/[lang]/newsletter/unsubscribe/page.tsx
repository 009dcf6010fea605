import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { NEWSLETTER_LINK_PAGES } from '@/schemas/site';
import { pagePath } from '@/web/i18n/paths';
import { linkPageMetadata } from '@/web/newsletter/LinkPage';
import { unsubscribeFromLink } from '@/web/newsletter/server/links';
import { assertLanguage } from '@/web/site/page-params';

// The unsubscribe link of every newsletter: it unsubscribes at once, then shows the outcome
// page. Its one-click POST (RFC 8058) goes to app/api/newsletter/one-click (the proxy sends
// it there). A token that does not work gets ./not-found.tsx with status 404.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[lang]/newsletter/unsubscribe'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return linkPageMetadata(assertLanguage((await params).lang), 'invalidUnsubscribeLink');
}

export default async function UnsubscribeLink({ params, searchParams }: Props) {
  const language = assertLanguage((await params).lang);
  const { token } = await searchParams;
  const outcome = await unsubscribeFromLink(token, 'link');
  if (outcome === 'done') redirect(pagePath(NEWSLETTER_LINK_PAGES.unsubscribed, language));
  notFound();
}
