/**
 * Starts confirmation mails in this server process (instrumentation.ts calls it once per
 * instance), or says in one line why they are off. Off, the site works as before: signups
 * wait in Firestore's inbox and are sent once mails are on (within 48 hours of the signup).
 */
import { LANGUAGES, type Language } from '@/schemas/languages';
import { siteContent } from '@/web/dictionaries/site-gate';
import {
  confirmationsOffReason,
  readNewsletterSettings,
  siteUrl,
  type NewsletterSettings,
} from '@/web/site/site-settings';
import { presentText } from '@/web/ui/presence';
import { serverDatabase } from '@/web/firebase/server-database';
import { startConfirmationWorker, type NewsletterCopy } from './worker';

async function readCopy(): Promise<NewsletterCopy> {
  const { gate } = siteContent();
  const [newsletter, common] = await Promise.all([gate.read('newsletter'), gate.read('common')]);
  const siteName = Object.fromEntries(
    LANGUAGES.map((language) => {
      const texts = common.languages[language];
      return [language, presentText(texts.appName) ?? presentText(texts.brandName) ?? ''];
    }),
  ) as Record<Language, string>;
  return { newsletter: newsletter.languages, siteName };
}

/** The SMTP server without its credentials, for the log. */
function smtpServer(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

export function startNewsletterConfirmations(): void {
  let settings: NewsletterSettings;
  try {
    // Next inlines the browser's Firebase settings only where they are named.
    settings = readNewsletterSettings({
      ...process.env,
      NEXT_PUBLIC_FIREBASE_PROJECT_ID: process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
    });
  } catch (error) {
    const reason = (error as Error).message.replace(/\s*\n\s*/g, ' ');
    console.error(`newsletter: confirmation mails are off: ${reason}`);
    return;
  }
  const off = confirmationsOffReason(settings);
  if (off || !settings.projectId || !settings.mail) {
    console.log(`newsletter: confirmation mails are off: ${off} (see docs/newsletter.md)`);
    return;
  }
  startConfirmationWorker({
    db: serverDatabase(settings.projectId),
    mail: settings.mail,
    siteUrl: siteUrl(),
    copy: readCopy,
  });
  console.log(
    `newsletter: confirmation mails on: from ${settings.mail.from} through ` +
      `${smtpServer(settings.mail.smtpUrl)}, Firestore project ${settings.projectId}`,
  );
}
