import { randomUUID } from 'node:crypto';
import type { NextConfig } from 'next';
import { DRAFT_MODE_COOKIE } from './web/preview/settings';
import { REQUEST_BODY_LIMIT } from './web/site/http-edge';
import { securityHeaders } from './web/site/security-headers';
import { readSiteSettings, siteDistDir } from './web/site/settings';

// Parsed here so that a malformed setting fails the build with a readable message.
const settings = readSiteSettings();

const nextConfig: NextConfig = {
  // Browser tests build variants side by side (e.g. with and without Firebase settings).
  distDir: siteDistDir(),
  reactStrictMode: true,
  poweredByHeader: false,
  // Type-checking and linting run in `npm test`, not in every build.
  typescript: { ignoreBuildErrors: true },
  // The proxy answers legacy paths (308 to the sister sites) and removes trailing slashes
  // itself: Next's own redirects would go out without the security headers below.
  // SITE_URL is inlined (web/site/settings.ts siteUrl) so canonical links never depend on the
  // environment of the server that regenerates a page.
  // CONTENT_CACHE_GENERATION keys the dictionaries in Next's data cache
  // (web/content/site-gate.ts), so no build reads dictionaries an earlier build cached.
  env: {
    CONTENT_CACHE_GENERATION: randomUUID(),
    SITE_URL: settings.SITE_URL,
    LEGACY_SITE_EN_URL: settings.LEGACY_SITE_EN_URL,
    LEGACY_SITE_TR_URL: settings.LEGACY_SITE_TR_URL,
  },
  skipTrailingSlashRedirect: true,
  // Next copies a request's body for the proxy; no route takes more than this (the webhook's
  // tiny JSON), so no more of a larger body is held in memory (the default is 10 MB).
  experimental: { proxyClientMaxBodySize: REQUEST_BODY_LIMIT },
  async headers() {
    const headers = securityHeaders({ development: process.env.NODE_ENV === 'development' });
    // With the draft-mode cookie the proxy sets the framing headers: a preview may be
    // framed by the Studio (its origin is a runtime setting), any other request by no one.
    const framing = new Set(['Content-Security-Policy', 'X-Frame-Options']);
    const draftCookie = [{ type: 'cookie' as const, key: DRAFT_MODE_COOKIE }];
    return [
      { source: '/:path*', missing: draftCookie, headers },
      {
        source: '/:path*',
        has: draftCookie,
        headers: headers.filter(({ key }) => !framing.has(key)),
      },
    ];
  },
};

export default nextConfig;
