/**
 * Entering and leaving a preview (Next's draft mode).
 *
 * Entering is Sanity's preview-secret flow: the Studio's Presentation tool stores a
 * random secret (valid for an hour) and opens `/api/draft-mode/enable?sanity-preview-secret=…`
 * in its frame; next-sanity's `defineEnableDraftMode` reads the secret back through the
 * client and only then sets the draft-mode cookie and redirects to the page asked for.
 * A wrong or expired secret gets 401 and no cookie; a store that cannot be asked gets 503.
 */
import 'server-only';
import { defineEnableDraftMode } from 'next-sanity/draft-mode';
import { cookies, draftMode } from 'next/headers';
import { unstable_rethrow } from 'next/navigation';
import { isSitePath } from '@/schemas/site-path';
import { clientAddress } from '../edge/client-address';
import { exitTarget, rawParameter } from './exit-target';
import { PREVIEW_PERSPECTIVE } from './preview-settings';
import { PreviewUnavailable, previewSecretClient } from './secret-client';
import { FAILURES_PER_MINUTE, SecretGuessing } from './secret-guessing';

const PATHNAME_PARAM = 'sanity-preview-pathname';
/** Cookies next-sanity sets beside Next's own when a preview starts. */
const PREVIEW_COOKIES = [PREVIEW_PERSPECTIVE, 'sanity-preview-variant'];

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * The page to show after entering, as the enable route will resolve it, only if it is a
 * path of this site (the rule every link of the site obeys): otherwise the home page.
 */
export function withSafePathname(url: string): string {
  const parsed = new URL(url);
  const asked = parsed.searchParams.get(PATHNAME_PARAM);
  if (asked === null) return url;
  let resolved: string;
  try {
    const target = new URL(asked, 'http://site.invalid');
    resolved = `${target.pathname}${target.search}${target.hash}`;
  } catch {
    resolved = '';
  }
  if (!isSitePath(resolved)) parsed.searchParams.set(PATHNAME_PARAM, '/');
  return parsed.toString();
}

const guessing = new SecretGuessing();

export async function enableDraftMode(request: Request): Promise<Response> {
  // Without the production server's word on the address, all such requests share one count.
  const from = clientAddress(request.headers) ?? 'unknown address';
  const wait = guessing.retryAfter(from);
  if (wait > 0) {
    console.warn(`draft mode: preview secret refused unchecked for ${from}: too many wrong ones`);
    return new Response('Too many wrong preview secrets: try again later.', {
      status: 429,
      headers: { 'Retry-After': String(wait), 'Cache-Control': 'no-store' },
    });
  }
  const response = await checkPreviewSecret(request);
  if (response.status === 401) {
    const count = guessing.failed(from);
    console.warn(
      `draft mode: wrong or expired preview secret from ${from} (${count} within a minute; ${FAILURES_PER_MINUTE} allowed)`,
    );
  }
  return response;
}

async function checkPreviewSecret(request: Request): Promise<Response> {
  let client;
  try {
    client = await previewSecretClient();
  } catch (error) {
    if (error instanceof PreviewUnavailable) return plain(503, error.message);
    throw error;
  }
  const { GET } = defineEnableDraftMode({ client });
  try {
    return await GET(new Request(withSafePathname(request.url), { headers: request.headers }));
  } catch (error) {
    // The redirect into the preview is thrown, as Next's redirect() always is.
    unstable_rethrow(error);
    console.error(`draft mode: could not check the preview secret: ${(error as Error).message}`);
    return plain(503, 'The preview secret could not be checked: the content store did not answer.');
  }
}

/** Leaves the preview and goes back to `to` (a path of this site), as a visitor sees it. */
export async function disableDraftMode(request: Request): Promise<Response> {
  (await draftMode()).disable();
  const jar = await cookies();
  for (const name of PREVIEW_COOKIES) if (jar.has(name)) jar.delete(name);
  // A path, not a URL: the browser resolves it on this site.
  const to = exitTarget(rawParameter(new URL(request.url).search, 'to'));
  return new Response(null, {
    status: 307,
    headers: { Location: to, 'Cache-Control': 'no-store' },
  });
}
