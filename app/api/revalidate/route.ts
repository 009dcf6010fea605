/**
 * Sanity's publish webhook (and ours, from import-locales and the local API), and the proof
 * of the webhook secret the local API asks for before it sends one.
 */
import { answerSiteChallenge, handlePublishWebhook } from '@/web/go-live/webhook-receiver';

export const dynamic = 'force-dynamic';
export const GET = answerSiteChallenge;
export const POST = handlePublishWebhook;
