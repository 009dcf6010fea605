/**
 * Runs once when a server starts (Next's instrumentation hook). With REDIS_URL, each production
 * server reconciles what it serves with the content store on start and at an interval
 * (web/shared-cache/reconcile.ts); without it, nothing happens here.
 */
import { PHASE_PRODUCTION_BUILD } from 'next/constants';

export async function register() {
  const productionServer =
    process.env.NODE_ENV === 'production' && process.env.NEXT_PHASE !== PHASE_PRODUCTION_BUILD;
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !productionServer) return;
  if (!process.env.REDIS_URL?.trim()) return;
  const { startReconciliation } = await import('./web/shared-cache/reconcile');
  startReconciliation();
}
