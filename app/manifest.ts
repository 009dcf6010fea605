import type { MetadataRoute } from 'next';
import { loadDictionary } from '@/web/dictionaries/loader';
import { handSiteRenderCheck } from '@/web/render/render-check';

// `next build` runs no instrumentation.ts: an entry that reads dictionaries while it is
// prerendered hands the gate its render check itself (web/dictionaries/site-gate.ts).
handSiteRenderCheck();

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
