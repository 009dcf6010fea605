/**
 * The site's one content gate (store → split → validate → last good version), shared by
 * every page render and route handler of this server process, and the cache tag each
 * namespace's results carry.
 */
import 'server-only';
import path from 'node:path';
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { ContentGate } from '@/content/gate';
import { Snapshot } from '@/content/snapshot';
import { openContentStore, type ContentStore } from '@/content/store';
import { servedVersions, siteRenderCheck } from '../site/render-check';
import { runServerComponents } from '../site/server-tree';
import { siteDistDir } from '../site/settings';

/** Every page and `/locales` file that read a namespace carries its tag. */
export { dictionaryTag } from './dictionary-tag';

/**
 * Changes with every build (next.config.ts sets it), so a build never reuses dictionaries
 * that an earlier build or server cached: Next keeps its data cache across builds.
 */
export const CACHE_GENERATION = process.env.CONTENT_CACHE_GENERATION ?? 'dev';

interface SiteContent {
  readonly gate: ContentGate;
  readonly snapshot: Snapshot;
  /** The store itself, for previews: they read drafts past the gate and every cache. */
  readonly store: ContentStore;
}

// Pages and route handlers are bundled separately; the gate lives on globalThis so that
// all of them share one instance per process and their store reads coalesce.
const KEY = Symbol.for('rg.site.content');

export function siteContent(): SiteContent {
  const holder = globalThis as { [KEY]?: SiteContent };
  if (!holder[KEY]) {
    // The build's last good dictionaries live in its output folder: written by the
    // build, advanced by this server, kept across restarts, replaced by the next build.
    const snapshot = new Snapshot(path.join(siteDistDir(), 'content-snapshot'));
    const store = openContentStore('read');
    const gate = new ContentGate({
      store,
      snapshot,
      failOnProblems: process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD,
      // The gate lets through only what renders (web/site/render-check.tsx).
      renderCheck: siteRenderCheck({
        served: servedVersions(store, snapshot),
        renderTree: runServerComponents,
      }),
    });
    holder[KEY] = { gate, snapshot, store };
  }
  return holder[KEY];
}
