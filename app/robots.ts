import type { MetadataRoute } from 'next';
import { readSiteSettings } from '@/web/site/settings';

export default function robots(): MetadataRoute.Robots {
  const { SITE_URL } = readSiteSettings();
  return { rules: [{ userAgent: '*', allow: '/' }], sitemap: `${SITE_URL}/sitemap.xml` };
}
