/**
 * Runs once when a server instance of the site starts (Next calls `register` before the
 * first request; `next build` does not). The newsletter's confirmation mails are sent from
 * here: see web/newsletter/server/start.ts and docs/newsletter.md.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startNewsletterConfirmations } = await import('./web/newsletter/server/start');
  startNewsletterConfirmations();
}
