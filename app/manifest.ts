import type { MetadataRoute } from 'next';
import { loadDictionary } from '@/web/publish/dictionaries';

/** The web app manifest, named from the English common dictionary. */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  const common = await loadDictionary('en', 'common');
  return {
    name: common.appName,
    short_name: common.brandName,
    start_url: '/',
    display: 'standalone',
    background_color: '#120f24',
    theme_color: '#120f24',
    icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}
