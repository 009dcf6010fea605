import { lang } from 'next/root-params';
import { NewsletterLinkPage } from '@/web/newsletter/LinkPage';
import { assertLanguage } from '@/web/site/page-params';

/** An unsubscribe link that does not work (unknown or cut off): status 404. */
export default async function InvalidUnsubscribeLink() {
  return (
    <NewsletterLinkPage language={assertLanguage(await lang())} kind="invalidUnsubscribeLink" />
  );
}
