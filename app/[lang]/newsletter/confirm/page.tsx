import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { NEWSLETTER_LINK_PAGES } from '@/schemas/site';
import { pagePath } from '@/web/i18n/paths';
import { linkPageMetadata } from '@/web/newsletter/LinkPage';
import { confirmFromLink } from '@/web/newsletter/server/links';
import { assertLanguage } from '@/web/site/page-params';

// The link in the confirmation mail: it confirms once, then shows the outcome page (so a
// reload or a language switch never uses the token again). A token that does not work gets
// ./not-found.tsx with status 404, the same for every reason.
export const dynamic = 'force-dynamic';

type Props = PageProps<'/[lang]/newsletter/confirm'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return linkPageMetadata(assertLanguage((await params).lang), 'invalidConfirmLink');
}

export default async function ConfirmLink({ params, searchParams }: Props) {
  const language = assertLanguage((await params).lang);
  const { token } = await searchParams;
  const outcome = await confirmFromLink(token, (await headers()).get('user-agent'));
  if (outcome === 'done') redirect(pagePath(NEWSLETTER_LINK_PAGES.confirmed, language));
  notFound();
}
