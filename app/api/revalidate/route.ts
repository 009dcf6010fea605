/** Sanity's publish webhook (and ours, from import-locales and the local content API). */
import { handlePublishWebhook } from '@/web/content/publish-webhook';

export const dynamic = 'force-dynamic';
export const POST = handlePublishWebhook;
