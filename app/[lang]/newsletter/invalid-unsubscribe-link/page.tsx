import type { Metadata } from 'next';
import { linkPageMetadata, NewsletterLinkPage } from '@/web/newsletter/LinkPage';
import { assertLanguage, languageParams } from '@/web/site/page-params';

// What a unsubscribe link that does not work shows, at the link's own address: the proxy
// rewrites it here with status 404 (web/newsletter/server/link-answer.ts). Static: the same
// for every reason and every token.
export const generateStaticParams = languageParams;
export const dynamicParams = false;

type Props = PageProps<'/[lang]/newsletter/invalid-unsubscribe-link'>;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return linkPageMetadata(assertLanguage((await params).lang), 'invalidUnsubscribeLink');
}

export default async function InvalidUnsubscribeLink({ params }: Props) {
  return (
    <NewsletterLinkPage
      language={assertLanguage((await params).lang)}
      kind="invalidUnsubscribeLink"
    />
  );
}
