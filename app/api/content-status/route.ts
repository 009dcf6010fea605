/** Which namespaces are held back and why, as JSON. */
import { contentStatus } from '@/web/content/status';

export const dynamic = 'force-dynamic';

export async function GET() {
  return Response.json(await contentStatus(), { headers: { 'Cache-Control': 'no-store' } });
}
