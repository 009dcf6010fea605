import { disableDraftMode } from '@/web/preview/draft-mode';

// The preview bar's exit link.
export const GET = disableDraftMode;
