/** The reconciliation's own round (web/publish/reconcile.ts): its server calls itself here. */
import { handleReconcileRequest } from '@/web/publish/reconcile';

export const dynamic = 'force-dynamic';
export const POST = handleReconcileRequest;
