/** The reconciliation's own round (web/go-live/reconcile.ts): its server calls itself here. */
import { handleReconcileRequest } from '@/web/go-live/reconcile';

export const dynamic = 'force-dynamic';
export const POST = handleReconcileRequest;
