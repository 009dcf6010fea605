/**
 * The site behind a real shared cache: Varnish 7 with xkey, running the repository's VCL
 * (deploy/varnish.vcl), in front of the production server, both started here on free ports in
 * their own process groups. Publishes go through the real, signed webhook; Varnish's `X-Cache`
 * header (set by the VCL) says whether it answered from its cache.
 *
 * Also here, on the same build: who is a stranger behind the proxy (`TRUSTED_PROXIES`), the
 * cost of a stranger's `/api/content-status`, `/api/health`, a purge that fails, and the
 * server's graceful stop on SIGTERM.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalApi, type RunningLocalApi } from '@/local-api/server';
import { throwawayCertificate } from '@/local-api/tls';
import { NAMESPACES, type Namespace } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { pagesShowing, SITE_PAGES } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';
import { freePort, startGroup, waitForHttp } from '@/testing/processes';
import { listeningPid, readMiB, resetPeak, residentMiB } from '@/testing/server-memory';
import {
  copyBuild,
  distDir,
  serveSite,
  siteEnv,
  type RunningSite,
  type Variant,
} from '@/testing/site-server';
import {
  faultyPurgeAddress,
  startVarnish,
  type PurgeAddress,
  type RunningVarnish,
} from '@/testing/varnish';
import { postWebhook } from '@/testing/post-webhook';
import { SHARED, BRIEF, NEVER } from '@/web/edge/edge-cache';
import { FAILURES_PER_MINUTE } from '@/web/preview/secret-guessing';
import { copyEmbeddedStore, E2E_CONTENT, editStored, keepsVersionWith } from './content-store';
import { PLAIN_BUILD } from './variants';

const STORE = path.join(E2E_CONTENT, 'cdn.ndjson');
const SECRET = 'test-only-webhook-secret-cdn-7c2d';
const VARIANT: Variant = {
  name: 'cdn',
  env: { CONTENT_STORE_FILE: STORE, SANITY_REVALIDATE_SECRET: SECRET },
};
/** The limit the site promises from a publish to the new text on the page. */
const LIVE_WITHIN_MS = 5_000;

let site: RunningSite;
let varnish: RunningVarnish;
/** The site's CDN_PURGE_URL: passes purges on to Varnish, or fails them on demand. */
let purgeAddress: PurgeAddress;
let sitePort: number;
const served = (): Variant => ({
  ...VARIANT,
  env: {
    ...VARIANT.env,
    CDN_PURGE: 'varnish',
    CDN_PURGE_URL: `${purgeAddress.url}/`,
    // Varnish, on this machine (docs/deploying.md).
    TRUSTED_PROXIES: '127.0.0.1',
  },
});

beforeAll(async () => {
  copyEmbeddedStore(STORE);
  // The site purges Varnish, and Varnish fetches from the site: both ports first.
  sitePort = await freePort();
  const cachePort = await freePort();
  purgeAddress = await faultyPurgeAddress(`http://127.0.0.1:${cachePort}`);
  await copyBuild(PLAIN_BUILD, VARIANT);
  site = await serveSite(served(), sitePort);
  varnish = await startVarnish(sitePort, { port: cachePort });
}, 240_000);
afterAll(async () => {
  await varnish?.stop();
  await site?.stop();
  await purgeAddress?.stop();
});

const everyPage = SITE_PAGES.flatMap((page) =>
  LANGUAGES.map((language) => ({ page, path: pagePath(page.slug, language) })),
);
const localesFile = (language: string, namespace: string) =>
  `/locales/${language}/${namespace}.json`;
const everyLocalesFile = NAMESPACES.flatMap((namespace) =>
  LANGUAGES.map((language) => ({ namespace, path: localesFile(language, namespace) })),
);

async function viaCache(pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${varnish.url}${pathname}`, { headers, redirect: 'manual' });
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    cacheControl: response.headers.get('cache-control'),
    headers: response.headers,
    text: await response.text(),
  };
}

const publish = (namespace: Namespace, origin = varnish.url) =>
  postWebhook(origin, namespace, SECRET);

interface PurgeReport {
  readonly lastPurge: { tags: string[]; at: string; attempts: number } | null;
  readonly pending: { tag: string; attempts: number; error: string; ageSeconds: number }[];
}

/** The site purges once its webhook answer is out: waits until its status reports `done`. */
async function purgeReported(origin: string, done: (report: PurgeReport) => boolean) {
  const deadline = Date.now() + LIVE_WITHIN_MS;
  for (;;) {
    const status = (await (await fetch(`${origin}/api/content-status`)).json()) as {
      cdnPurge: PurgeReport;
    };
    if (done(status.cdnPurge)) return status.cdnPurge;
    if (Date.now() > deadline) throw new Error(`no such purge reported: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks for every path twice: the second answer must come from Varnish. */
async function warm(paths: readonly string[]) {
  for (const pathname of paths) await viaCache(pathname);
  const missed = [];
  for (const pathname of paths) {
    const { cache } = await viaCache(pathname);
    if (cache !== 'HIT') missed.push(`${pathname}: ${cache}`);
  }
  expect(missed).toEqual([]);
}

/** The keys of `/api/content-status` when it gives the detail. */
const DETAIL = ['status', 'cdnPurge', 'sharedCache', 'heldBack', 'namespaces'];
/** What anyone gets: the health word alone (ok, or degraded while a purge waits). */
const HEALTH_ONLY = ['status'];

describe('strangers behind Varnish (the site trusts it: TRUSTED_PROXIES=127.0.0.1)', () => {
  // Every client of these tests is on this machine, and so is the address Varnish appends. A
  // visitor from elsewhere is one behind a proxy in front of Varnish that names its address:
  // Varnish's own entry is loopback, and trusted, so the site reads on to that address.
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('a stranger gets only the health word; the webhook secret and this machine get the detail', async () => {
    const stranger = await viaCache('/api/content-status', from('203.0.113.9'));
    expect(Object.keys(JSON.parse(stranger.text))).toEqual(HEALTH_ONLY);
    const holder = await viaCache('/api/content-status', {
      ...from('203.0.113.9'),
      authorization: `Bearer ${SECRET}`,
    });
    expect(Object.keys(JSON.parse(holder.text))).toEqual(DETAIL);
    // Through Varnish from this machine, and straight from it.
    for (const origin of [varnish.url, site.url]) {
      const local = (await (await fetch(`${origin}/api/content-status`)).json()) as object;
      expect(Object.keys(local)).toEqual(DETAIL);
    }
  });

  describe('guessing preview secrets', () => {
    let api: RunningLocalApi;
    beforeAll(async () => {
      // The site checks preview secrets with the local API it finds for its store.
      const tls = await throwawayCertificate(['127.0.0.1', 'localhost']);
      api = await startLocalApi({ storeFile: STORE, tls, announce: true, log: () => undefined });
    });
    afterAll(() => api?.close());
    const guess = async (client: string, secret: string) =>
      (await viaCache(`/api/draft-mode/enable?sanity-preview-secret=${secret}`, from(client)))
        .status;

    it('counts per visitor: one who guesses locks out only itself', async () => {
      const statuses = [];
      for (let i = 0; i <= FAILURES_PER_MINUTE; i++)
        statuses.push(await guess('203.0.113.1', `guess-${i}`));
      expect(statuses).toEqual([...Array<number>(FAILURES_PER_MINUTE).fill(401), 429]);
      expect(await guess('203.0.113.2', 'guess-other')).toBe(401);
      expect(await guess('203.0.113.1', 'guess-again')).toBe(429);
      const log = site.server.output();
      expect(log.match(/wrong or expired preview secret from 203\.0\.113\.1 /g)).toHaveLength(
        FAILURES_PER_MINUTE,
      );
      expect(log).toMatch(/wrong or expired preview secret from 203\.0\.113\.2 /);
    });
  });

  it('200 anonymous /api/content-status at once read no snapshot and cost less than 20 MiB', async () => {
    const pid = listeningPid(site.port);
    const snapshot = path.join(distDir(VARIANT), 'content-snapshot');
    const sizes = await Promise.all(
      (await readdir(snapshot)).map(async (file) => (await stat(path.join(snapshot, file))).size),
    );
    const snapshotMiB = sizes.reduce((sum, size) => sum + size, 0) / 2 ** 20;
    const anonymous = (pathname: string) =>
      fetch(`${site.url}${pathname}`, { headers: from('203.0.113.9') });
    /** What the server read, and the resident memory it took on, for 200 requests at once. */
    const flood = async (pathname: string) => {
      resetPeak(pid);
      const [before, readBefore] = [residentMiB(pid), readMiB(pid)];
      const bodies = await Promise.all(
        Array.from({ length: 200 }, async () => (await anonymous(pathname)).text()),
      );
      const [peak, read] = [residentMiB(pid, 'VmHWM') - before, readMiB(pid) - readBefore];
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { bodies, peak, read, kept: residentMiB(pid) - before };
    };
    // Any 200 requests at once raise Next's memory by some 10 to 50 MiB here, more in its first
    // rounds: the baseline is a route that reads nothing per request (/api/health, whose checks
    // run at most every 2 s), once what its rounds keep has settled.
    const control: Awaited<ReturnType<typeof flood>>[] = [];
    while (control.length < 3 || (control.at(-1)!.kept >= 5 && control.length < 8))
      control.push(await flood('/api/health'));
    const baseline = control
      .slice(-3)
      .map(({ peak }) => peak)
      .sort((a, b) => a - b)[1]!;
    // Loaded and compiled one request at a time; then its first 200 at once, which is when a
    // read per request would grow the heap (later rounds would reuse that grown heap).
    for (let i = 0; i < 5; i++) await (await anonymous('/api/content-status')).text();
    const status = await flood('/api/content-status');
    console.log(
      `200 at once: /api/health peak +${baseline.toFixed(1)} MiB (median of its last 3 rounds); ` +
        `anonymous /api/content-status peak +${status.peak.toFixed(1)} MiB, kept +${status.kept.toFixed(1)} MiB, ` +
        `read ${status.read.toFixed(2)} MiB (its snapshot files: ${snapshotMiB.toFixed(2)} MiB)`,
    );
    expect(new Set(status.bodies)).toEqual(new Set(['{"status":"ok"}']));
    // Requests and at most one snapshot read (the shared answer is renewed every 2 s).
    expect(status.read).toBeLessThan(2 * snapshotMiB + 1);
    expect(status.peak - baseline).toBeLessThan(20);
  });
});

describe('behind Varnish', () => {
  it('serves pages and /locales files from the cache, tagged with the dictionaries they show', async () => {
    const first = await viaCache('/de/about');
    const second = await viaCache('/de/about');
    expect(second).toMatchObject({ status: 200, cache: 'HIT', cacheControl: SHARED });
    expect(second.text).toBe(first.text);
    expect(second.headers.get('surrogate-key')).toBe(
      'dictionary:common dictionary:layout dictionary:footer dictionary:about dictionary:privacyPolicy dictionary:facts',
    );
    await warm([...everyPage.map(({ path }) => path), ...everyLocalesFile.map(({ path }) => path)]);
  });

  it('announces exactly the dictionaries Next recorded for each page and /locales file at build', async () => {
    // Next keeps, beside each prerendered response, the cache tags it was rendered with.
    const recorded = async (file: string) => {
      const meta = JSON.parse(
        await readFile(path.join(distDir(VARIANT), 'server', 'app', `${file}.meta`), 'utf8'),
      ) as { headers: Record<string, string> };
      return tagList(meta.headers['x-next-cache-tags']!.split(','));
    };
    const announced = async (pathname: string) =>
      tagList(((await viaCache(pathname)).headers.get('surrogate-key') ?? '').split(' '));
    const tagList = (tags: string[]) =>
      tags
        .filter((tag) => tag.startsWith('dictionary:'))
        .sort()
        .join(' ');
    const checks = LANGUAGES.flatMap((language) => [
      ...SITE_PAGES.map((page) => ({
        pathname: pagePath(page.slug, language),
        file: page.slug ? `${language}/${page.slug}` : language,
      })),
      { pathname: `/${language}/no-such-page`, file: `${language}/page-not-found` },
      ...NAMESPACES.map((namespace) => ({
        pathname: localesFile(language, namespace),
        file: localesFile(language, namespace).slice(1),
      })),
    ]);
    const mismatches = [];
    for (const { pathname, file } of checks) {
      const [ours, nexts] = [await announced(pathname), await recorded(file)];
      if (ours !== nexts)
        mismatches.push(`${pathname}: announces "${ours}", rendered with "${nexts}"`);
    }
    expect(mismatches).toEqual([]);
  });

  it('a publish purges exactly the pages and /locales files that show the namespace; they show the edit within 5 s', async () => {
    const others = [
      ...everyPage
        .filter(({ page }) => !pagesShowing('hero').includes(page))
        .map(({ path }) => path),
      ...everyLocalesFile.filter(({ namespace }) => namespace !== 'hero').map(({ path }) => path),
    ];
    const affected = [
      ...pagesShowing('hero').flatMap((page) =>
        LANGUAGES.map((language) => ({ language, path: pagePath(page.slug, language) })),
      ),
      ...LANGUAGES.map((language) => ({ language, path: localesFile(language, 'hero') })),
    ];
    await warm([...affected.map(({ path }) => path), ...others]);
    const edited = {
      en: `Edge fresh ${Date.now()}`,
      de: `Frisch am Rand ${Date.now()}`,
      tr: `Kenarda taze ${Date.now()}`,
    };
    await editStored(STORE, 'dictionary-hero', (doc) => {
      for (const language of LANGUAGES) doc.title.main[language] = edited[language];
    });

    const sent = Date.now();
    const answer = await publish('hero');
    expect(answer).toMatchObject({
      status: 200,
      body: {
        status: 'revalidated',
        cdnPurge: { cdn: 'varnish', state: 'queued', tags: ['dictionary:hero'] },
      },
    });
    await purgeReported(
      site.url,
      ({ lastPurge }) =>
        lastPurge?.tags.includes('dictionary:hero') === true && Date.parse(lastPurge.at) >= sent,
    );
    // The next request for each is a miss: Varnish no longer has it.
    const next = await Promise.all(affected.map(({ path: pathname }) => viaCache(pathname)));
    expect(next.map(({ cache }, i) => `${affected[i]!.path}: ${cache}`)).toEqual(
      affected.map(({ path: pathname }) => `${pathname}: MISS`),
    );
    // And shows the edit, within the promised time from the publish.
    const late = [];
    for (const [i, { language, path: pathname }] of affected.entries()) {
      let page = next[i]!;
      while (!page.text.includes(edited[language]) && Date.now() - sent < LIVE_WITHIN_MS) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        page = await viaCache(pathname);
      }
      if (!page.text.includes(edited[language])) late.push(pathname);
    }
    const elapsed = Date.now() - sent;
    expect(late).toEqual([]);
    expect(elapsed).toBeLessThan(LIVE_WITHIN_MS);
    const atOnce = affected.filter(({ language }, i) => next[i]!.text.includes(edited[language]));
    console.log(
      `publish → ${affected.length} pages and files fresh through Varnish: ${elapsed} ms (${atOnce.length} at the first request)`,
    );

    // Everything else was never purged.
    const purged = [];
    for (const pathname of others) {
      const { cache } = await viaCache(pathname);
      if (cache !== 'HIT') purged.push(pathname);
    }
    expect(purged).toEqual([]);
  });

  it('always passes previews (draft mode) and /api/* to the site, and keeps none of them', async () => {
    await warm(['/de/manifesto']);
    const manifest = JSON.parse(
      await readFile(path.join(distDir(VARIANT), 'prerender-manifest.json'), 'utf8'),
    ) as { preview: { previewModeId: string } };
    const preview = { cookie: `__prerender_bypass=${manifest.preview.previewModeId}` };
    // Cookie names are case-sensitive: another cookie, dropped, and the visitor's cached page.
    const otherCase = { cookie: `__PRERENDER_BYPASS=${manifest.preview.previewModeId}` };
    const notDraft = await viaCache('/de/manifesto', otherCase);
    expect(notDraft).toMatchObject({ status: 200, cache: 'HIT' });
    expect(notDraft.text).not.toContain('preview-bar');
    const direct = await fetch(`${site.url}/de/manifesto`, { headers: otherCase });
    expect(direct.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await direct.text()).not.toContain('preview-bar');
    for (let i = 0; i < 2; i++) {
      const draft = await viaCache('/de/manifesto', preview);
      // Private: ours, or Next's own for a render in draft mode.
      expect(draft).toMatchObject({ status: 200, cache: 'PASS' });
      expect(draft.cacheControl).toMatch(/^private\b.*\bno-store\b/);
      expect(draft.text).toContain('preview-bar');
      for (const api of ['/api/health', '/api/content-status'])
        expect(await viaCache(api)).toMatchObject({ cache: 'PASS', cacheControl: NEVER });
    }
    // Visitors still get the published page, from the cache.
    const visitor = await viaCache('/de/manifesto');
    expect(visitor.cache).toBe('HIT');
    expect(visitor.text).not.toContain('preview-bar');
  });

  it("a visitor's consent and analytics cookies neither split nor poison the cache", async () => {
    const cookies = {
      cookie: '_ga=GA1.1.123456.1700000000; _ga_TEST12345=GS1.1.1700000000; rg.consent.v1=accepted',
    };
    // A cold page first asked for with cookies is kept, and served to visitors without them.
    const cold = `/tr/press-kit?campaign=cookie-test-${Date.now()}`;
    const first = await viaCache(cold, cookies);
    expect(first).toMatchObject({ cache: 'MISS', cacheControl: SHARED });
    const plain = await viaCache(cold);
    expect(plain.cache).toBe('HIT');
    expect(plain.text).toBe(first.text);
    // And a warm page is the same object with or without cookies.
    await warm(['/tr/faq']);
    expect((await viaCache('/tr/faq', cookies)).cache).toBe('HIT');
  });

  it('keeps the not-found page only briefly', async () => {
    const missing = await viaCache('/de/gibt-es-nicht');
    expect(missing).toMatchObject({ status: 404, cacheControl: BRIEF });
    expect((await viaCache('/de/gibt-es-nicht')).cache).toBe('HIT');
  });
});

/** Waits until every path shows `text` through Varnish; returns the ms it took from `since`. */
async function freshAtEdge(paths: readonly string[], text: string, since: number, ms: number) {
  for (const pathname of paths) {
    let page = await viaCache(pathname);
    while (!page.text.includes(text) && Date.now() - since < ms) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await viaCache(pathname);
    }
    expect(page.text, pathname).toContain(text);
  }
  return Date.now() - since;
}

const HERO_PATHS = ['/de', '/locales/de/hero.json'];

async function editHero(label: string): Promise<string> {
  const text = `${label} ${Date.now()}`;
  await editStored(STORE, 'dictionary-hero', (doc) => (doc.title.main.de = text));
  return text;
}

const siteStatus = async () =>
  (await (await fetch(`${site.url}/api/content-status`)).json()) as {
    status: string;
    cdnPurge: PurgeReport;
  };

describe('purges that fail, and publishes no webhook announced', () => {
  it('the purge API down (500, then no answer): live on the site at once, pending, degraded after 30 s; fresh at the edge within 10 s of its recovery', async () => {
    await warm(HERO_PATHS);
    purgeAddress.fault('error');
    try {
      const text = await editHero('Rand unten');
      const sent = Date.now();
      expect(await publish('hero', site.url)).toMatchObject({
        status: 200,
        body: { cdnPurge: { state: 'queued', tags: ['dictionary:hero'] } },
      });
      expect(await (await fetch(`${site.url}/de`)).text()).toContain(text);
      const report = await purgeReported(site.url, ({ pending }) =>
        pending.some((entry) => entry.tag === 'dictionary:hero' && entry.attempts > 0),
      );
      expect(report.pending.find((entry) => entry.tag === 'dictionary:hero')!.error).toContain(
        '500',
      );
      expect(await viaCache('/de')).toMatchObject({ cache: 'HIT' });
      // Then the API stops answering at all: every attempt runs into its timeout.
      purgeAddress.fault('timeout');
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, sent + 31_000 - Date.now())));
      const health = (await (await fetch(`${site.url}/api/health`)).json()) as {
        status: string;
        checks: { name: string; ok: boolean; detail: string }[];
      };
      expect(health.status).toBe('degraded');
      expect(health.checks.find((check) => check.name === 'cdn purges confirmed')).toMatchObject({
        ok: false,
        detail: expect.stringMatching(/dictionary:hero pending for 3\d s/),
      });
      const detail = await siteStatus();
      expect(detail.status).toBe('degraded');
      expect(detail.cdnPurge.pending).toContainEqual(
        expect.objectContaining({ tag: 'dictionary:hero', ageSeconds: expect.any(Number) }),
      );
      expect((await viaCache('/de')).text).not.toContain(text);
      purgeAddress.fault('none');
      const recovered = Date.now();
      const elapsed = await freshAtEdge(HERO_PATHS, text, recovered, 10_000);
      console.log(`purge API back: fresh at the edge ${elapsed} ms later`);
      expect(elapsed).toBeLessThan(10_000);
      await expect
        .poll(async () => (await siteStatus()).cdnPurge.pending, { timeout: 5_000 })
        .toEqual([]);
    } finally {
      purgeAddress.fault('none');
    }
  }, 90_000);

  it('killed (SIGKILL) after its 200 with the purge still owed, started again: fresh at the edge within 10 s of the start', async () => {
    await warm(HERO_PATHS);
    // The purge cannot go out before the kill: it is owed in the outbox file only.
    purgeAddress.fault('error');
    const text = await editHero('Abgestuerzt');
    expect((await publish('hero', site.url)).status).toBe(200);
    process.kill(-site.server.child.pid!, 'SIGKILL');
    await site.stop();
    purgeAddress.fault('none');
    expect((await viaCache('/de')).text).not.toContain(text);
    const started = Date.now();
    site = await serveSite(served(), sitePort);
    const elapsed = await freshAtEdge(HERO_PATHS, text, started, 10_000);
    console.log(`killed after its 200, restarted: fresh at the edge ${elapsed} ms after the start`);
    expect(elapsed).toBeLessThan(10_000);
  }, 90_000);

  it('one instance, no Redis: stopped, a dictionary published with no webhook, started: on the page, in /locales and through Varnish within 60 s', async () => {
    const paths = ['/de/about', '/locales/de/about.json'];
    await warm(paths);
    await site.stop();
    const text = `Unangekuendigt ${Date.now()}`;
    await editStored(STORE, 'dictionary-about', (doc) => (doc.hero.eyebrow.de = text));
    const started = Date.now();
    site = await serveSite(served(), sitePort);
    for (const pathname of paths) {
      let page = await (await fetch(`${site.url}${pathname}`)).text();
      while (!page.includes(text) && Date.now() - started < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        page = await (await fetch(`${site.url}${pathname}`)).text();
      }
      expect(page, pathname).toContain(text);
    }
    const elapsed = await freshAtEdge(paths, text, started, 60_000);
    console.log(
      `unannounced publish, one instance: live through Varnish ${elapsed} ms after the start`,
    );
    expect(elapsed).toBeLessThan(60_000);
    // Reconciliation keeps the version, as the webhook would.
    expect(await keepsVersionWith(STORE, 'about', text)).toBe(true);
  }, 120_000);
});

describe('/api/health', () => {
  it('reports the build and its checks, never cached', async () => {
    const response = await fetch(`${site.url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(NEVER);
    const buildId = (await readFile(path.join(distDir(VARIANT), 'BUILD_ID'), 'utf8')).trim();
    expect(await response.json()).toEqual({
      status: 'ok',
      buildId,
      checks: [
        {
          name: 'content store reachable',
          ok: true,
          critical: false,
          detail: `local (${STORE})`,
          ms: expect.any(Number),
        },
        // One instance needs no Redis: the check passes and says so.
        {
          name: 'redis reachable',
          ok: true,
          critical: false,
          detail: 'not configured',
          ms: expect.any(Number),
        },
        {
          name: 'cdn purges confirmed',
          ok: true,
          critical: false,
          detail: expect.stringMatching(/^varnish: \d+ pending$/),
          ms: expect.any(Number),
        },
      ],
    });
  });
});

describe('a second server of the same build, its CDN unreachable', () => {
  let child: ReturnType<typeof startGroup>;
  let url: string;
  let unreachable: string;
  beforeAll(async () => {
    const port = await freePort();
    unreachable = `http://127.0.0.1:${await freePort()}/`;
    // Node itself (the one running the tests), not npx: the signal goes to the server alone.
    child = startGroup(
      process.execPath,
      ['server.ts', '--port', String(port), '--hostname', 'localhost'],
      {
        env: {
          ...siteEnv(VARIANT, port),
          CDN_PURGE: 'varnish',
          CDN_PURGE_URL: unreachable,
        },
      },
    );
    url = `http://localhost:${port}`;
    await waitForHttp(`${url}/`, child);
  });
  afterAll(() => child?.stop());

  it('publishes anyway, says so in one log line, keeps the purge pending in /api/content-status', async () => {
    await editStored(STORE, 'dictionary-faq', (doc) => (doc.title.de = `FAQ ${Date.now()}`));
    const answer = await publish('faq', url);
    expect(answer).toMatchObject({
      status: 200,
      body: { status: 'revalidated', cdnPurge: { state: 'queued' } },
    });
    const report = await purgeReported(url, ({ pending }) =>
      pending.some((entry) => entry.tag === 'dictionary:faq' && entry.attempts > 0),
    );
    expect(report.pending.find((entry) => entry.tag === 'dictionary:faq')!.error).toContain(
      `${unreachable.replace(/\/$/, '')}: connect ECONNREFUSED`,
    );
    expect((await fetch(`${url}/de/faq`)).status).toBe(200);
    // The check purge at start found the address unreachable: one line, not one per attempt.
    const lines = child
      .output()
      .split('\n')
      .filter((line) => line.includes('not confirmed'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`not confirmed by ${unreachable.replace(/\/$/, '')}`);
  });

  it('without TRUSTED_PROXIES, a request a proxy on this machine relays is not this machine', async () => {
    const relayed = (headers: Record<string, string>) =>
      fetch(`${url}/api/content-status`, { headers }).then((response) => response.json());
    // This server's CDN is unreachable: its health word may already be degraded.
    expect(Object.keys(await relayed({ 'x-forwarded-for': '127.0.0.1' }))).toEqual(HEALTH_ONLY);
    expect(Object.keys(await relayed({ forwarded: 'for=203.0.113.9' }))).toEqual(HEALTH_ONLY);
    expect(Object.keys(await relayed({}))).toEqual(DETAIL);
  });

  it('on SIGTERM refuses new connections, finishes the request in flight and exits 0', async () => {
    const { port } = new URL(url);
    const body = JSON.stringify({ _id: 'dictionary-faq', _type: 'faqDictionary' });
    // A webhook delivery whose body arrives slowly: in flight when the signal comes.
    const socket = connect(Number(port), 'localhost');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/revalidate HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) =>
      child.child.once('exit', (code) => resolve(code)),
    );
    process.kill(child.child.pid!, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(fetch(`${url}/`)).rejects.toThrow();
    socket.write(body.slice(10));
    await closed;
    // Unsigned: the receiver answers 401, in full.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('"status":"rejected"');
    await expect(exited).resolves.toBe(0);
  });
});
