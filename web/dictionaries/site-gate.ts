/**
 * The site's one content gate (store → split → validate → render → last good version), shared
 * by every page render and route handler of this server process, and the cache tag each
 * namespace's results carry.
 *
 * The gate renders a version before serving it, but the pages it renders read their texts
 * through it: so it is handed its render check from the top, where the site is assembled
 * (`handSiteRenderCheck` in web/render/render-check.tsx, called by instrumentation.ts for a
 * server and by the app's entries for `next build`), and this folder never imports the pages.
 */
import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { ContentGate, type RenderCheck } from '@/content/gate';
import { Snapshot, type SnapshotStore } from '@/content/snapshot';
import { openContentStore, type ContentStore } from '@/content/store';
import { SharedSnapshot } from '../shared-cache/gate-snapshot';
import { sharedRedis, type SharedRedis } from '../shared-cache/redis-connection';
import { siteDistDir } from '../site/site-settings';

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
const RENDER_CHECK = Symbol.for('rg.site.render-check');

/** Gives the gate the check that renders a version wherever the site shows it. */
export function handRenderCheck(check: RenderCheck): void {
  (globalThis as { [RENDER_CHECK]?: RenderCheck })[RENDER_CHECK] = check;
}

/**
 * The check handed over, at the time of the check (the gate's, and the release check's). None handed over is a fault of the
 * assembly: the gate then holds the version back (and a build fails) rather than serve
 * copy nobody rendered.
 */
export const handedRenderCheck: RenderCheck = (namespace, languages, beside) => {
  const check = (globalThis as { [RENDER_CHECK]?: RenderCheck })[RENDER_CHECK];
  if (!check)
    throw new Error('no render check was handed to the gate (handSiteRenderCheck was not called)');
  return check(namespace, languages, beside);
};

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
      renderCheck: handedRenderCheck,
    });
    holder[KEY] = { gate, snapshot, shared, redis, store };
  }
  return holder[KEY];
}
