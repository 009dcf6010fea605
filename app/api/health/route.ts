/** Health for load balancers: 200 while this instance can serve, 503 when a critical check fails. */
import { siteHealth } from '@/web/go-live/health';

export const dynamic = 'force-dynamic';

export async function GET() {
  const health = await siteHealth();
  return Response.json(health, {
    status: health.status === 'failing' ? 503 : 200,
    headers: { 'Cache-Control': 'no-store' },
  });
}
