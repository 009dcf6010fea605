import { lang } from 'next/root-params';
import { NewsletterLinkPage } from '@/web/newsletter/LinkPage';
import { assertLanguage } from '@/web/site/page-params';

/** A confirmation link that does not work (unknown, expired, used or cut off): status 404. */
export default async function InvalidConfirmLink() {
  return <NewsletterLinkPage language={assertLanguage(await lang())} kind="invalidConfirmLink" />;
}
