import type { Metadata } from 'next';
import { linkPageMetadata, NewsletterLinkPage } from '@/web/newsletter/LinkPage';
import { assertLanguage, languageParams } from '@/web/site/page-params';

// Where the confirmation link leads once it worked: the same for everyone, so static.
export const generateStaticParams = languageParams;
export const dynamicParams = false;

type Props = PageProps<'/[lang]/newsletter/confirmed'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return linkPageMetadata(assertLanguage((await params).lang), 'confirmed');
}

export default async function NewsletterConfirmed({ params }: Props) {
  return <NewsletterLinkPage language={assertLanguage((await params).lang)} kind="confirmed" />;
}
