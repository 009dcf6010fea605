/**
 * Whether the site serves its copy as published: health for anyone, and which namespaces
 * are held back and why only for the webhook secret's holder or this machine.
 */
import { contentHealth, contentStatus, maySeeContentStatus } from '@/web/publish/status';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const body = (await maySeeContentStatus(request)) ? await contentStatus() : await contentHealth();
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
