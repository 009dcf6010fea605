/**
 * Whether the site serves its copy as published: health for anyone, and which namespaces
 * are held back and why only for the webhook secret's holder or this machine. With
 * `?document=<id>&rev=<_rev>`, for anyone (the Studio, which may read it from its own
 * origin): whether that published revision is served.
 */
import { documentId, NAMESPACES } from '@/schemas';
import { readPreviewSettings } from '@/web/preview/preview-settings';
import {
  contentHealth,
  contentStatus,
  maySeeContentStatus,
  servesRevision,
} from '@/web/go-live/status';

export const dynamic = 'force-dynamic';

const DOCUMENTS: ReadonlySet<string> = new Set(NAMESPACES.map(documentId));
/** Sanity's revision ids: short letters and digits. */
const REVISION = /^[A-Za-z0-9_-]{1,64}$/;

export async function GET(request: Request) {
  const query = new URL(request.url).searchParams;
  const document = query.get('document');
  const rev = query.get('rev');
  if (document !== null || rev !== null) {
    if (!document || !DOCUMENTS.has(document) || !rev || !REVISION.test(rev))
      return Response.json(
        { status: 'rejected', message: 'document must be a dictionary id and rev a revision id' },
        { status: 400, headers: { 'Cache-Control': 'no-store' } },
      );
    return Response.json(await servesRevision(document, rev), {
      headers: {
        'Cache-Control': 'no-store',
        'Access-Control-Allow-Origin': readPreviewSettings().studioOrigin,
        Vary: 'Origin',
      },
    });
  }
  const body = (await maySeeContentStatus(request)) ? await contentStatus() : await contentHealth();
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
