import type { NextConfig } from 'next';
import { securityHeaders } from './web/site/security-headers';
import { LEGACY_REDIRECTS, readSiteSettings } from './web/site/settings';

// Parsed here so that a malformed setting fails the build with a readable message.
const settings = readSiteSettings();

const nextConfig: NextConfig = {
  // Browser tests build variants side by side (e.g. with and without Firebase settings).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  // Type-checking and linting run in `npm test`, not in every build.
  typescript: { ignoreBuildErrors: true },
  async redirects() {
    return LEGACY_REDIRECTS.map(({ path, site }) => ({
      source: `/${path}`,
      destination: site === 'tr' ? settings.LEGACY_SITE_TR_URL : settings.LEGACY_SITE_EN_URL,
      permanent: true,
    }));
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: securityHeaders({ development: process.env.NODE_ENV === 'development' }),
      },
      {
        source: '/locales/:path*',
        headers: [
          { key: 'Content-Type', value: 'application/json; charset=utf-8' },
          { key: 'Cache-Control', value: 'public, max-age=300, stale-while-revalidate=86400' },
          { key: 'Access-Control-Allow-Origin', value: '*' },
        ],
      },
    ];
  },
};

export default nextConfig;
