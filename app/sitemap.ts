import type { MetadataRoute } from 'next';
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { alternateUrls } from '@/web/head/metadata';
import { siteUrl } from '@/web/site/site-settings';

/** Every page in every language (39 URLs), each with its alternates. */
export default function sitemap(): MetadataRoute.Sitemap {
  const SITE_URL = siteUrl();
  return SITE_PAGES.flatMap((page) => {
    const urls = alternateUrls(SITE_URL, page.slug);
    return LANGUAGES.map((lang) => ({
      url: urls[lang],
      alternates: { languages: urls },
      changeFrequency: 'weekly' as const,
      priority: page.slug === '' ? 1 : 0.7,
    }));
  });
}
