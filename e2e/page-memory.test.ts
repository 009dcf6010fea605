/**
 * The static fast path (web/edge/page-memory.ts) on real builds: two production servers on one
 * real Redis, publishes through the signed webhook. A response from memory carries
 * `x-page-memory: hit`; everything else came from Next. The last test builds the site again (the
 * others serve a copy of the plain build) and serves the new build beside the same Redis.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { startRedis, type RunningRedis } from '@/testing/redis-server';
import {
  buildSite,
  copyBuild,
  distDir,
  sendRaw,
  serveSite,
  type RunningSite,
} from '@/testing/site-server';
import { postWebhook } from '@/testing/post-webhook';
import { editStored } from './content-store';
import {
  MEMORY_STORE as STORE,
  MEMORY_VARIANT as VARIANT,
  MEMORY_WEBHOOK_SECRET as SECRET,
  PLAIN_BUILD,
} from './variants';

let redis: RunningRedis;
let sites: RunningSite[] = [];
const serveInstance = () =>
  serveSite({ ...VARIANT, env: { ...VARIANT.env, REDIS_URL: redis.url } });

beforeAll(async () => {
  await rm(STORE, { force: true });
  await importLocales(new LocalStore(STORE), { from: 'locales', dryRun: false });
  await copyBuild(PLAIN_BUILD, VARIANT);
  redis = await startRedis();
  sites = await Promise.all([serveInstance(), serveInstance()]);
}, 300_000);
afterAll(async () => {
  await Promise.all(sites.map((site) => site.stop()));
  await redis?.stop();
});

async function get(site: RunningSite, pathname: string, headers: Record<string, string> = {}) {
  // As a browser asks: pages are kept as browsers get them (web/edge/page-memory.ts).
  const response = await fetch(`${site.url}${pathname}`, {
    headers: { accept: 'text/html,*/*;q=0.8', ...headers },
    redirect: 'manual',
  });
  return {
    status: response.status,
    fromMemory: response.headers.get('x-page-memory') === 'hit',
    etag: response.headers.get('etag'),
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** Asks until the answer comes from memory (the first miss keeps it once compressed). */
async function kept(site: RunningSite, pathname: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await get(site, pathname);
    if (answer.fromMemory) return answer;
    if (Date.now() > deadline) throw new Error(`${site.url}${pathname} never came from memory`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const marker = (label: string) => `${label}${Date.now().toString(36)}`;

describe('the fast path', () => {
  it('answers a page and a /locales file from memory once Next has answered them', async () => {
    const [a] = sites;
    const page = await kept(a!, '/de/manifesto');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html');
    // Kept after the late-scripts rewrite: the framework's scripts start after the paint.
    expect(page.text).not.toMatch(/<script src="\/_next\/[^"]+" async/);
    const file = await kept(a!, '/locales/de/hero.json');
    expect(JSON.parse(file.text)).toHaveProperty('title');
  });

  it('never answers a preview, a draft-mode cookie, an RSC request or a 404 from it', async () => {
    const [a] = sites;
    await kept(a!, '/de/manifesto');
    const manifest = JSON.parse(
      await readFile(path.join(distDir(VARIANT), 'prerender-manifest.json'), 'utf8'),
    ) as { preview: { previewModeId: string } };
    for (let i = 0; i < 3; i++) {
      const preview = await get(a!, '/de/manifesto', {
        cookie: `__prerender_bypass=${manifest.preview.previewModeId}`,
      });
      expect(preview).toMatchObject({ status: 200, fromMemory: false });
      expect(preview.text).toContain('preview-bar');
      // A draft-mode cookie this build does not accept still goes to Next.
      const stale = await get(a!, '/de/manifesto', { cookie: '__prerender_bypass=old-build' });
      expect(stale.fromMemory).toBe(false);
      // Next answers these itself (its data, or a 307 to its cache-busting address): never the page.
      for (const router of [{ rsc: '1' }, { rsc: '1', 'next-router-prefetch': '1' }]) {
        const data = await get(a!, '/de/manifesto', router);
        expect(data.fromMemory).toBe(false);
        expect(data.text).not.toContain('<html');
      }
      const missing = await get(a!, '/de/gibt-es-nicht');
      expect(missing).toMatchObject({ status: 404, fromMemory: false });
    }
  });

  it('keeps a page only under its plain path: other spellings of it cannot crowd it out', async () => {
    const [a] = sites;
    await kept(a!, '/de/manifesto');
    for (const target of ['/de/./manifesto', '/de/x/../manifesto']) {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push((await sendRaw(a!, 'GET', target)).headers['x-page-memory'] === 'hit');
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      expect(answers, target).toEqual([false, false, false, false]);
    }
  });

  it("after the webhook's 200 on one instance, the other never answers the old bytes", async () => {
    const [a, b] = sites;
    for (let round = 1; round <= 3; round++) {
      for (const pathname of ['/de', '/locales/de/hero.json']) await kept(b!, pathname);
      await kept(a!, '/de');
      const text = marker(`Gedächtnis${round}x`);
      await editStored(STORE, 'dictionary-hero', (doc) => (doc.title.main.de = text));
      expect((await postWebhook(a!.url, 'hero', SECRET)).status).toBe(200);
      for (const [site, pathname] of [
        [b!, '/de'],
        [b!, '/locales/de/hero.json'],
        [a!, '/de'],
      ] as const) {
        const answer = await get(site, pathname);
        expect(answer.text, `${site.url}${pathname}`).toContain(text);
        // Next's render after the publish, sent as its cache stored it: rewritten too.
        expect(answer.text).not.toMatch(/<script src="\/_next\/[^"]+" async/);
      }
      // And the new bytes are kept in turn.
      expect((await kept(b!, '/de')).text).toContain(text);
    }
  });

  it("a new build never serves the old build's bytes, nor confirms them with a 304", async () => {
    // From the instance that did not publish itself: its copy is current by Redis's tokens
    // alone, which a new build does not change, so only the bytes tell the builds apart.
    const old = await kept(sites[1]!, '/de');
    await Promise.all(sites.map((site) => site.stop()));
    sites = [];
    const text = marker('NeuerBau');
    await editStored(STORE, 'dictionary-hero', (doc) => (doc.title.main.de = text));
    buildSite(VARIANT);
    // The same Redis: its tag tokens are unchanged by a build.
    sites = [await serveInstance()];
    const [site] = sites;
    const revalidated = await get(site!, '/de', { 'if-none-match': old.etag! });
    expect(revalidated.status).toBe(200);
    expect(revalidated.text).toContain(text);
    const fresh = await kept(site!, '/de');
    expect(fresh.text).toContain(text);
    expect(fresh.etag).not.toBe(old.etag);
    expect((await get(site!, '/de', { 'if-none-match': old.etag! })).status).toBe(200);
  }, 300_000);
});
