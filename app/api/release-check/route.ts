/**
 * Whether a content release may be published: validated and rendered as a whole, its
 * outdated translations listed (web/go-live/release-check.ts). Signed like the webhook.
 */
import { handleReleaseCheck } from '@/web/go-live/release-check';

export const dynamic = 'force-dynamic';
export const POST = handleReleaseCheck;
