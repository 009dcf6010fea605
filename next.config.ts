import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants';
import {
  readNewsletterSettings,
  readSharedCacheSetting,
  readSiteSettings,
  siteDistDir,
} from './web/site/site-settings';

// Parsed here so that a malformed setting fails the build with a readable message.
const settings = readSiteSettings();
const distDir = siteDistDir();

/**
 * A build into another folder (the browser tests' and benchmarks' variants) gets a tsconfig of
 * its own that extends the project's, in `.next-tsconfigs/` (ignored by git; not in the build
 * folder, which Next empties first): Next adds each build folder's type globs to the tsconfig
 * it uses, which would otherwise fill tsconfig.json with globs its `exclude` cancels.
 * Type-checking runs in `npm test`, never in these builds.
 */
function variantTsconfig(dir: string): string {
  if (dir === '.next') return 'tsconfig.json';
  const file = path.join('.next-tsconfigs', `${path.basename(dir).replace(/^\./, '')}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ extends: '../tsconfig.json' }));
  return file;
}

// Checked only: the newsletter's settings are secrets the server reads when it starts.
readNewsletterSettings();

const nextConfig: NextConfig = {
  // Browser tests build variants side by side (e.g. with and without Firebase settings).
  distDir,
  reactStrictMode: true,
  poweredByHeader: false,
  // A page's ETag is the server's (web/edge/page-memory.ts): a hash of the bytes sent, one per
  // encoding. Next's own, on the answers it renders, is another hash of the same bytes (and the
  // same for gzip and identity): the same page had two ETags, and Next's never got a 304.
  generateEtags: false,
  // Type-checking and linting run in `npm test`, not in every build.
  typescript: { ignoreBuildErrors: true, tsconfigPath: variantTsconfig(distDir) },
  // The proxy answers legacy paths (308 to the sister sites) and server.ts removes trailing
  // slashes: one place each decides them.
  // SITE_URL is inlined (web/site/site-settings.ts siteUrl) so canonical links never depend on the
  // environment of the server that regenerates a page.
  // CONTENT_CACHE_GENERATION keys the dictionaries in Next's data cache
  // (web/dictionaries/site-gate.ts), so no build reads dictionaries an earlier build cached.
  env: {
    CONTENT_CACHE_GENERATION: randomUUID(),
    SITE_URL: settings.SITE_URL,
    LEGACY_SITE_EN_URL: settings.LEGACY_SITE_EN_URL,
    LEGACY_SITE_TR_URL: settings.LEGACY_SITE_TR_URL,
  },
  skipTrailingSlashRedirect: true,
  // The security headers, like every other decision about a request, are server.ts's.
  // No prefetch inlining: `next build` writes its hints into a page as "stale" (they are
  // measured after the page is rendered) and a render after a publish as measured, so the
  // same copy gave other bytes (web/edge/stable-html.ts says why that matters).
  experimental: { prefetchInlining: false },
};

/**
 * The production server runs Next's cache through web/edge/page-cache.ts, which gives every
 * prerendered page the late-scripts rewrite and hands the fast path its bytes. Several
 * instances, one site (docs/several-instances.md): with REDIS_URL that cache is kept in Redis
 * (web/shared-cache/cache-handler.ts), and `cacheMaxMemorySize: 0` turns off Next's
 * per-process copy so that every read sees what the other instances rendered and invalidated.
 * Read when the server starts, so one build runs with or without Redis; without REDIS_URL, or
 * with a malformed one (server.ts reports it), Next's own file-system cache is below. The build
 * (which never needs Redis) uses Next's own.
 */
export default function config(phase: string): NextConfig {
  if (phase !== PHASE_PRODUCTION_SERVER) return nextConfig;
  return {
    ...nextConfig,
    cacheHandler: path.join(import.meta.dirname, 'web', 'edge', 'page-cache.ts'),
    ...(readSharedCacheSetting().kind === 'redis' ? { cacheMaxMemorySize: 0 } : {}),
  };
}
