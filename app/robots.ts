import type { MetadataRoute } from 'next';
import { siteUrl } from '@/web/site/site-settings';

export default function robots(): MetadataRoute.Robots {
  const SITE_URL = siteUrl();
  return { rules: [{ userAgent: '*', allow: '/' }], sitemap: `${SITE_URL}/sitemap.xml` };
}
