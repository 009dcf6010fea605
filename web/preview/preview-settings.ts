/**
 * Settings of previews (draft mode), read by the running server whenever a preview needs
 * them, so one build serves any Studio address. Free of path aliases: the production
 * server (server.ts) loads it directly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { readLocalApiAddressNow } from '../../content/local-api-address.ts';
import { readContentSettings } from '../../content/store-settings.ts';

/** The cookie Next's draft mode sets; only draft-mode responses may be framed by the Studio. */
export const DRAFT_MODE_COOKIE = '__prerender_bypass';

/**
 * The perspective the Studio shows (./preview-perspective.ts): Presentation puts it in the
 * address of every page it frames under this name, and next-sanity's enable route keeps it in a
 * cookie of the same name.
 */
export const PREVIEW_PERSPECTIVE = 'sanity-preview-perspective';

/** The proxy passes a preview page's `?sanity-preview-perspective=` on in this request header. */
export const PREVIEW_PERSPECTIVE_HEADER = 'x-rg-preview-perspective';

/** The proxy passes `?keys=1` of a page request on to the render in this request header. */
export const PREVIEW_KEYS_HEADER = 'x-rg-preview-keys';

export const DEFAULT_STUDIO_URL = 'http://localhost:3333';

const PreviewSettings = z.object({
  STUDIO_URL: z
    .url({
      protocol: /^https?$/,
      error: 'must be the absolute http(s) address of the Studio, e.g. https://rg.sanity.studio',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .default(DEFAULT_STUDIO_URL),
});

export interface PreviewSettings {
  /** Where click-to-edit links open the Studio. */
  readonly studioUrl: string;
  /** The Studio's origin: the only one that may frame draft-mode pages. */
  readonly studioOrigin: string;
}

/**
 * The Studio `npm run studio` runs on this checkout's store, as its local API announces it
 * beside the dataset file: the Studio's port is then its own setting alone, and a Studio
 * started after the site is found at the next preview request. A missing or unreadable
 * announcement is no Studio; the enable route reports the API's file when it needs it.
 */
function announcedStudio(env: Record<string, string | undefined>): string | undefined {
  try {
    const content = readContentSettings(env, 'read');
    if (content.kind !== 'local') return undefined;
    const studio = readLocalApiAddressNow(content.file)?.studio;
    return studio && URL.canParse(studio) ? studio : undefined;
  } catch {
    return undefined;
  }
}

/** STUDIO_URL, else the Studio announced by this checkout's local API, else the default. */
export function readPreviewSettings(
  env: Record<string, string | undefined> = process.env,
): PreviewSettings {
  const value = env.STUDIO_URL?.trim() ? env.STUDIO_URL.trim() : announcedStudio(env);
  const result = PreviewSettings.safeParse({ STUDIO_URL: value });
  if (!result.success)
    throw new Error(`Invalid preview settings:\n${z.prettifyError(result.error)}`);
  const studioUrl = result.data.STUDIO_URL;
  return { studioUrl, studioOrigin: new URL(studioUrl).origin };
}

function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name)
      return pair.slice(separator + 1).trim();
  }
  return undefined;
}

const draftModeIds = new Map<string, string | null>();

/**
 * The value of the draft-mode cookie this build accepts. Next generates it at build time
 * and keeps it in the build's prerender manifest; outside a page render nothing else can
 * tell a real draft-mode cookie from a forged one (the proxy's draftMode() is always off).
 */
function draftModeId(distDir: string): string | null {
  let id = draftModeIds.get(distDir);
  if (id === undefined) {
    try {
      const manifest = JSON.parse(
        readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8'),
      ) as { preview?: { previewModeId?: unknown } };
      const value = manifest.preview?.previewModeId;
      id = typeof value === 'string' && value ? value : null;
    } catch {
      id = null;
    }
    draftModeIds.set(distDir, id);
  }
  return id;
}

/** Whether a request carries this build's draft-mode cookie: the request of a preview. */
export function isDraftModeRequest(
  cookieHeader: string | null | undefined,
  distDir: string = process.env.NEXT_DIST_DIR || '.next',
): boolean {
  const value = cookieHeader ? cookieValue(cookieHeader, DRAFT_MODE_COOKIE) : undefined;
  if (!value) return false;
  const id = draftModeId(distDir);
  return id !== null && value === id;
}
