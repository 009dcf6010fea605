import type { Metadata } from 'next';
import {
  linkPageKind,
  linkPageMetadata,
  linkPageParams,
  NewsletterLinkPage,
} from '@/web/newsletter/LinkPage';
import { assertLanguage } from '@/web/site/page-params';

// The pages of the e-mail links: the outcomes (`confirmed`, `unsubscribed`) at their own
// address, and the pages of a link that does not work, which the proxy shows at the link's
// address with status 404 (web/newsletter/server/link-answer.ts). The same for every visitor
// and token, so static.
export const generateStaticParams = linkPageParams;
export const dynamicParams = false;

type Props = PageProps<'/[lang]/newsletter/[page]'>;

async function linkPageOf({ params }: Props) {
  const { lang, page } = await params;
  return { language: assertLanguage(lang), kind: linkPageKind(page) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { language, kind } = await linkPageOf(props);
  return linkPageMetadata(language, kind);
}

export default async function NewsletterLinkRoute(props: Props) {
  return <NewsletterLinkPage {...await linkPageOf(props)} />;
}
