/**
 * The site's one content gate (store → split → validate → last good version), shared by
 * every page render and route handler of this server process, and the cache tag each
 * namespace's results carry.
 */
import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { ContentGate } from '@/content/gate';
import { Snapshot, type SnapshotStore } from '@/content/snapshot';
import { openContentStore, type ContentStore } from '@/content/store';
import { servedVersions, siteRenderCheck } from '../render/render-check';
import { runServerComponents } from '../render/server-tree';
import { SharedSnapshot } from '../shared-cache/gate-snapshot';
import { sharedRedis, type SharedRedis } from '../shared-cache/redis-connection';
import { siteDistDir } from '../site/settings';

/** Every page and `/locales` file that read a namespace carries its tag. */
export { dictionaryTag } from '../site/dictionary-tag';

/**
 * Changes with every build (next.config.ts sets it), so a build never reuses dictionaries
 * that an earlier build or server cached: Next keeps its data cache across builds.
 */
export const CACHE_GENERATION = process.env.CONTENT_CACHE_GENERATION ?? 'dev';

export interface SiteContent {
  readonly gate: ContentGate;
  readonly snapshot: SnapshotStore;
  /** With REDIS_URL: the same snapshot, shared by every instance (several-instances.md). */
  readonly shared: SharedSnapshot | undefined;
  /** The connection `shared` uses: the go-live path records publishes and purges on it. */
  readonly redis: SharedRedis | undefined;
  /** The store itself, for previews: they read drafts past the gate and every cache. */
  readonly store: ContentStore;
}

// Pages and route handlers are bundled separately; the gate lives on globalThis so that
// all of them share one instance per process and their store reads coalesce.
const KEY = Symbol.for('rg.site.content');

/** The id `next build` gave this build: the shared store keeps each build's state apart. */
function buildId(): string {
  return readFileSync(path.join(siteDistDir(), 'BUILD_ID'), 'utf8').trim();
}

export function siteContent(): SiteContent {
  const holder = globalThis as { [KEY]?: SiteContent };
  if (!holder[KEY]) {
    // The build's last good dictionaries live in its output folder: written by the
    // build, advanced by this server, kept across restarts, replaced by the next build.
    // With REDIS_URL the production servers share them in Redis instead, seeded from that
    // folder (`next dev` has no build to scope them by, and keeps Next's own cache).
    const building = process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
    const folder = new Snapshot(path.join(siteDistDir(), 'content-snapshot'));
    const serving = !building && process.env.NODE_ENV === 'production';
    const redis = serving ? sharedRedis() : undefined;
    const shared = redis && new SharedSnapshot(redis, buildId(), folder);
    const snapshot = shared ?? folder;
    const store = openContentStore('read');
    const gate = new ContentGate({
      store,
      snapshot,
      failOnProblems: building,
      // The gate lets through only what renders (web/render/render-check.tsx).
      renderCheck: siteRenderCheck({
        served: servedVersions(store, snapshot),
        renderTree: runServerComponents,
      }),
    });
    holder[KEY] = { gate, snapshot, shared, redis, store };
  }
  return holder[KEY];
}
