/** The addresses in the e-mails: the site's own pages, with the language prefix of the request. */
import type { Language } from '@/schemas/languages';
import { NEWSLETTER_LINK_PAGES } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';

export function confirmUrl(siteUrl: string, language: Language, token: string): string {
  return `${siteUrl}${pagePath(NEWSLETTER_LINK_PAGES.confirm, language)}?token=${token}`;
}

export function unsubscribeUrl(siteUrl: string, language: Language, token: string): string {
  return `${siteUrl}${pagePath(NEWSLETTER_LINK_PAGES.unsubscribe, language)}?token=${token}`;
}

/**
 * RFC 8058 headers for every newsletter the mailing tool sends: mail clients show an
 * unsubscribe button, and Gmail or Yahoo send the one-click POST to the address.
 */
export function unsubscribeHeaders(url: string) {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  } as const;
}
