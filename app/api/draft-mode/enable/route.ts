import { enableDraftMode } from '@/web/preview/draft-mode';

// Opened by the Studio's Presentation tool with a preview secret (see web/preview/draft-mode.ts).
export const GET = enableDraftMode;
