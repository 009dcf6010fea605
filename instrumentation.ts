/**
 * Runs once when a server instance of the site starts (Next's instrumentation hook; never in
 * the workers of `next build`).
 * - The content gate gets its render check (web/dictionaries/site-gate.ts).
 * - The newsletter's confirmation mails are sent from here (newsletter/start.ts,
 *   docs/newsletter.md).
 * - A production server reconciles what it serves with the content store on start and at an
 *   interval, and sends the CDN purges it owes (web/go-live/reconcile.ts, purge-outbox.ts).
 */
import { PHASE_PRODUCTION_BUILD } from 'next/constants';

export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD)
    return;
  // The top of the site: the gate renders each version with the pages before serving it.
  const { handSiteRenderCheck } = await import('./web/render/render-check');
  handSiteRenderCheck();
  const { startNewsletterConfirmations } = await import('./newsletter/start');
  startNewsletterConfirmations();
  if (process.env.NODE_ENV === 'production') {
    const { startReconciliation } = await import('./web/go-live/reconcile');
    startReconciliation();
  }
}
