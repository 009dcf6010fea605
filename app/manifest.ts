import type { MetadataRoute } from 'next';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDictionary } from '@/schemas/validator';
import { PUBLISHED_LOCALES } from '@/web/i18n/dictionaries';

/** The web app manifest, named from the English common dictionary. */
export default function manifest(): MetadataRoute.Manifest {
  const file = path.join(PUBLISHED_LOCALES, 'en', 'common.json');
  const common = parseDictionary('common', JSON.parse(readFileSync(file, 'utf8')), file);
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
