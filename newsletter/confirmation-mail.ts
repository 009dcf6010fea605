/**
 * The confirmation mail, from the dictionary texts editors write in the Studio
 * (`newsletter.confirmationMail`): a plain-text part and a simple HTML part with the same
 * words, the link and nothing else (no images, no tracking, no advertising).
 */
import type { DictionaryOf } from '@/schemas';
import type { Language } from '@/schemas/languages';
import { fillPlaceholders } from '@/schemas/lookup';
import { presentText } from '@/web/ui/presence';
import { CONFIRMATION_HOURS } from '@/web/newsletter/newsletter-limits';

export interface ConfirmationMailInput {
  readonly texts: DictionaryOf<'newsletter'>['confirmationMail'];
  readonly language: Language;
  /** The site's host, e.g. `rggames.example` (`{site}` in the texts). */
  readonly site: string;
  /** The confirmation link with its token. */
  readonly link: string;
}

export interface ConfirmationMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A paragraph of HTML from a text whose lines are kept. */
const htmlParagraph = (text: string) =>
  `<p style="margin:0 0 16px">${text.split('\n').map(escapeHtml).join('<br>')}</p>`;

export function confirmationMail(input: ConfirmationMailInput): ConfirmationMail {
  const { texts, language, site, link } = input;
  const values = { site, hours: CONFIRMATION_HOURS };
  const fill = (text: string | undefined) => {
    const present = presentText(text);
    return present === undefined ? undefined : fillPlaceholders(present, values);
  };
  const greeting = fill(texts.greeting);
  const intro = fill(texts.intro) ?? '';
  const button = fill(texts.button) ?? link;
  const validity = fill(texts.validity);
  const ignore = fill(texts.ignore);
  const signature = fill(texts.signature);

  const text = [
    greeting,
    intro,
    `${button}:\n${link}`,
    validity,
    ignore,
    signature && `-- \n${signature}`,
  ]
    .filter((part): part is string => Boolean(part))
    .join('\n\n');

  const linkHtml =
    `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;` +
    'padding:12px 20px;border-radius:8px;background:#ffcf3f;color:#120f24;font-weight:bold;' +
    `text-decoration:none">${escapeHtml(button)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;word-break:break-all">${escapeHtml(link)}</p>`;
  const html = [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(fill(texts.subject) ?? '')}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#120f24;background:#ffffff">',
    '<div style="max-width:560px;margin:0 auto">',
    greeting && htmlParagraph(greeting),
    htmlParagraph(intro),
    linkHtml,
    validity && htmlParagraph(validity),
    ignore && htmlParagraph(ignore),
    signature &&
      `<p style="margin:32px 0 0;font-size:13px;color:#555">${signature.split('\n').map(escapeHtml).join('<br>')}</p>`,
    '</div></body></html>',
  ]
    .filter(Boolean)
    .join('\n');

  return { subject: fill(texts.subject) ?? '', text, html };
}
