/** Sanity's publish webhook (and ours, from import-locales and the local API). */
import { handlePublishWebhook } from '@/web/publish/webhook-receiver';

export const dynamic = 'force-dynamic';
export const POST = handlePublishWebhook;
