import { randomUUID } from 'node:crypto';
import type { NextConfig } from 'next';
import { securityHeaders } from './web/site/security-headers';
import { LEGACY_REDIRECTS, readSiteSettings, siteDistDir } from './web/site/settings';

// Parsed here so that a malformed setting fails the build with a readable message.
const settings = readSiteSettings();

const nextConfig: NextConfig = {
  // Browser tests build variants side by side (e.g. with and without Firebase settings).
  distDir: siteDistDir(),
  // Inlined into the server code at build: keys the dictionaries in Next's data cache
  // (web/content/site-gate.ts), so no build reads dictionaries an earlier build cached.
  env: { CONTENT_CACHE_GENERATION: randomUUID() },
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
    ];
  },
};

export default nextConfig;
