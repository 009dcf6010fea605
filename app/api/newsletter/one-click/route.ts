/** RFC 8058 one-click unsubscribe: the proxy sends POSTs to the unsubscribe pages here. */
import { handleOneClickUnsubscribe } from '@/web/newsletter/server/one-click';

export const dynamic = 'force-dynamic';
export const POST = handleOneClickUnsubscribe;
