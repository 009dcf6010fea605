/**
 * Several instances, one site (docs/several-instances.md): one build served by three
 * production servers (server.ts) on loopback, sharing one real Redis (Debian's
 * redis-server, started here on a free port in its own process group). The tests change
 * the content store directly and tell one instance with the signed webhook Sanity sends,
 * then read every instance; they stop, freeze and empty Redis, kill an instance, and
 * restart them all around a publish nobody announced.
 */
import { spawnSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { versionId } from '@/content/perspective';
import type { WebhookAnswer } from '@/content/webhook';
import { dictionaryTag } from '@/web/site/dictionary-tag';
import { postWebhook } from '@/testing/post-webhook';
import { NAMESPACES, type Namespace } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { pagesShowing, SITE_PAGES } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';
import { freePort } from '@/testing/processes';
import { startRedis, type RunningRedis } from '@/testing/redis-server';
import {
  faultyPurgeAddress,
  backendsOf,
  startVarnish,
  type PurgeAddress,
  type RunningVarnish,
} from '@/testing/varnish';
import {
  copyBuild,
  distDir,
  serveSite,
  type RunningSite,
  type Variant,
} from '@/testing/site-server';
import { editStored, keepsVersionWith, type StoredDocument } from './content-store';
import { PLAIN_BUILD, SHARED_STORE, SHARED_VARIANT, SHARED_WEBHOOK_SECRET } from './variants';

let redis: RunningRedis;
let sites: RunningSite[] = [];
const extra: RunningSite[] = [];
/** In front of the second and third instance, purged by whichever instance sends the purge. */
let varnish: RunningVarnish;
/** The instances' CDN_PURGE_URL: passes purges on to Varnish, or fails them on demand. */
let purgeAddress: PurgeAddress;

const withRedis = (variant: Variant, url: string): Variant => ({
  ...variant,
  env: {
    ...variant.env,
    REDIS_URL: url,
    CDN_PURGE: 'varnish',
    CDN_PURGE_URL: `${purgeAddress.url}/`,
  },
});
const serveInstance = (variant = withRedis(SHARED_VARIANT, redis.url)) => serveSite(variant);
const nameOf = (site: RunningSite) => `instance :${site.port}`;

beforeAll(async () => {
  await rm(SHARED_STORE, { force: true });
  await importLocales(new LocalStore(SHARED_STORE), { from: 'locales', dryRun: false });
  await copyBuild(PLAIN_BUILD, SHARED_VARIANT);
  redis = await startRedis();
  const varnishPort = await freePort();
  purgeAddress = await faultyPurgeAddress(`http://127.0.0.1:${varnishPort}`);
  sites = await Promise.all([serveInstance(), serveInstance(), serveInstance()]);
  // deploy/varnish.vcl's director: two of the instances behind it.
  varnish = await startVarnish([sites[1]!.port, sites[2]!.port], { port: varnishPort });
}, 420_000);

afterAll(async () => {
  redis?.thaw();
  await varnish?.stop();
  await Promise.all([...sites, ...extra].map((site) => site.stop()));
  await redis?.stop();
  await purgeAddress?.stop();
});

async function viaVarnish(pathname: string) {
  const response = await fetch(`${varnish.url}${pathname}`);
  return { cache: response.headers.get('x-cache'), text: await response.text() };
}

const publish = (site: RunningSite, namespace: Namespace) =>
  postWebhook(site.url, namespace, SHARED_WEBHOOK_SECRET);

async function get(site: RunningSite, pathname: string) {
  const started = performance.now();
  const response = await fetch(`${site.url}${pathname}`);
  const text = await response.text();
  return {
    status: response.status,
    cache: response.headers.get('x-nextjs-cache'),
    text,
    ms: performance.now() - started,
  };
}

interface Status {
  sharedCache: { redis: string };
  heldBack: { namespace: string; problems: string[] }[];
  namespaces: Record<string, { servingRevision: string | null; servingSince: string | null }>;
}
const status = async (site: RunningSite) =>
  (await (await fetch(`${site.url}/api/content-status`)).json()) as Status;

/** Runs `tasks` with at most `limit` under way. */
async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}

/** Every page showing the namespace in every language, and its /locales files. */
function affected(namespace: Namespace): { path: string; language: Language }[] {
  return [
    ...pagesShowing(namespace).flatMap((page) =>
      LANGUAGES.map((language) => ({ path: pagePath(page.slug, language), language })),
    ),
    ...LANGUAGES.map((language) => ({ path: `/locales/${language}/${namespace}.json`, language })),
  ];
}

const marker = (label: string) => `${label}${Date.now().toString(36)}`;

/** Sets the German hero title in the store (not announced) and returns it. */
async function editHero(label: string): Promise<string> {
  const text = marker(label);
  await editStored(SHARED_STORE, 'dictionary-hero', (doc) => (doc.title.main.de = text));
  return text;
}

/** Waits until /de and /locales/de/hero.json show `text` on each site; throws after `ms`. */
async function expectHeroEverywhere(on: RunningSite[], text: string, ms = 5_000) {
  const deadline = Date.now() + ms;
  for (const site of on)
    for (const path of ['/de', '/locales/de/hero.json']) {
      let page = await get(site, path);
      while (!page.text.includes(text) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        page = await get(site, path);
      }
      expect(page.text, `${nameOf(site)} ${path}`).toContain(text);
    }
}

describe("Varnish's director (deploy/varnish.vcl)", () => {
  it('sends requests to both instances behind it in turn, and none to one that is down', async () => {
    const before = backendsOf(varnish);
    for (let i = 0; i < 6; i++) expect((await fetch(`${varnish.url}/api/health`)).status).toBe(200);
    const after = backendsOf(varnish);
    expect(Object.keys(after)).toEqual(['site1', 'site2']);
    for (const name of ['site1', 'site2'])
      expect(after[name]!.requests - before[name]!.requests, name).toBe(3);

    // The second instance is down: visitors never see it, and its health check takes it out.
    const halfDown = await startVarnish([sites[0]!.port, await freePort()]);
    try {
      const deadline = Date.now() + 30_000;
      while (backendsOf(halfDown).site2!.healthy) {
        expect((await fetch(`${halfDown.url}/api/health`)).status).toBe(200);
        if (Date.now() > deadline) throw new Error('the health check kept the stopped instance');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      for (let i = 0; i < 4; i++)
        expect((await fetch(`${halfDown.url}/api/health`)).status).toBe(200);
      expect(backendsOf(halfDown).site1!.healthy).toBe(true);
    } finally {
      await halfDown.stop();
    }
  }, 60_000);
});

describe('a publish sent to one instance', () => {
  it('is on all three for every affected page and /locales file: 300 requests, 0 stale', async () => {
    const [a] = sites;
    const label = marker('Geteilt');
    await editStored(SHARED_STORE, 'dictionary-footer', (doc: StoredDocument) => {
      for (const language of LANGUAGES)
        doc.brand.tagline[language] = `${doc.brand.tagline[language]} ${label}x${language}`;
    });
    // Every instance has the old footer cached before the publish.
    const paths = affected('footer');
    await inBatches(
      sites.flatMap((site) =>
        paths.map(
          ({ path }) =>
            () =>
              get(site, path),
        ),
      ),
      6,
    );

    const answer = await publish(a!, 'footer');
    expect(answer).toMatchObject({ status: 200, body: { status: 'revalidated' } });
    const requests = Array.from({ length: 300 }, (_, index) => ({
      site: sites[index % 3]!,
      ...paths[Math.floor(index / 3) % paths.length]!,
    }));
    const answers = await inBatches(
      requests.map(({ site, path, language }) => async () => {
        const page = await get(site, path);
        return page.status === 200 && page.text.includes(`${label}x${language}`)
          ? undefined
          : `${nameOf(site)} ${path}: ${page.status}`;
      }),
      10,
    );
    expect(answers).toHaveLength(300);
    expect(answers.filter(Boolean)).toEqual([]);
  });
});

describe('a release goes live as one', () => {
  /** The text each dictionary of the release changes, in every language. */
  const CHANGES = {
    hero: (doc: StoredDocument) => doc.title.main,
    faqPage: (doc: StoredDocument) => doc.hero.title,
    footer: (doc: StoredDocument) => doc.brand.tagline,
  } satisfies Partial<Record<Namespace, (doc: StoredDocument) => Record<Language, string>>>;
  const RELEASED = Object.keys(CHANGES) as (keyof typeof CHANGES)[];
  const WORD: Record<Language, string> = { en: 'Launch', de: 'Start', tr: 'Lansman' };

  it('the crawler: one store transaction, one webhook; 0 mixed responses, all new within 5 s; later webhooks change nothing', async () => {
    const label = marker('Rel');
    const mark = (namespace: string, language: Language) => `${label}${namespace}${language}`;
    const release = `r${label}`;
    const store = new LocalStore(SHARED_STORE);
    const published = (await store.readAll()).filter((doc) =>
      RELEASED.some((namespace) => doc._id === `dictionary-${namespace}`),
    );
    // Before the time: the release's versions and the release itself sit in the store.
    const versions = published.map((doc) => {
      const version: StoredDocument = structuredClone({ ...doc, _id: versionId(release, doc._id) });
      const namespace = doc._id.replace('dictionary-', '') as keyof typeof CHANGES;
      for (const language of LANGUAGES)
        CHANGES[namespace](version)[language] = `${WORD[language]} ${mark(namespace, language)}`;
      return version as typeof doc;
    });
    const releaseDoc = {
      _id: `_.releases.${release}`,
      _type: 'system.release',
      metadata: { title: 'Launch', releaseType: 'asap' },
      state: 'active',
    };
    await store.commit([...versions, releaseDoc]);

    // Every page and /locales file showing the release's dictionaries, and what each shows.
    const responses = LANGUAGES.flatMap((language) => {
      const pages = new Set(
        RELEASED.flatMap((namespace) => pagePath(pagesShowing(namespace)[0]!.slug, language)),
      );
      return [
        ...[...pages].map((path) => ({
          path,
          marks: RELEASED.filter((namespace) =>
            pagesShowing(namespace).some((page) => pagePath(page.slug, language) === path),
          ).map((namespace) => mark(namespace, language)),
        })),
        ...RELEASED.map((namespace) => ({
          path: `/locales/${language}/${namespace}.json`,
          marks: [mark(namespace, language)],
        })),
      ];
    });
    const origins = [...sites.map((site) => site.url), varnish.url];
    type Seen = 'old' | 'new' | 'mixed' | 'error';
    const round = () =>
      Promise.all(
        origins.flatMap((origin) =>
          responses.map(async ({ path, marks }): Promise<[Seen, string]> => {
            const response = await fetch(`${origin}${path}`);
            const text = await response.text();
            const shown = marks.filter((shownMark) => text.includes(shownMark)).length;
            const seen: Seen =
              response.status !== 200
                ? 'error'
                : shown === 0
                  ? 'old'
                  : shown === marks.length
                    ? 'new'
                    : 'mixed';
            return [seen, `${origin}${path}`];
          }),
        ),
      );
    // Every cache holds the old texts (Varnish fetches them now, if it had not).
    for (const [seen, where] of [...(await round()), ...(await round())])
      expect(seen, where).toBe('old');

    const tally = { rounds: 0, responses: 0, old: 0, new: 0, mixed: 0, error: 0 };
    const mixed: string[] = [];
    let publishedAt = 0;
    let allNewAt = 0;
    let answeredAt = 0;
    let webhook: ReturnType<typeof publish> | undefined;
    const started = Date.now();
    while (Date.now() - started < 20_000) {
      const roundStart = Date.now();
      if (!publishedAt && roundStart - started >= 500) {
        // The time: every version becomes published in ONE store transaction, and Sanity's
        // first webhook (one document's) reaches one instance.
        await store.commit(
          published.map((doc, index) => ({ ...versions[index]!, _id: doc._id })),
          { remove: versions.map((version) => version._id) },
        );
        publishedAt = Date.now();
        await store.commit([
          {
            ...releaseDoc,
            state: 'published',
            publishedAt: new Date().toISOString(),
            finalDocumentStates: published.map((doc) => ({ id: doc._id })),
          },
        ]);
        webhook = publish(sites[0]!, 'hero').then((reply) => {
          answeredAt = Date.now();
          return reply;
        });
      }
      const seen = await round();
      tally.rounds += 1;
      for (const [kind, where] of seen) {
        tally.responses += 1;
        tally[kind] += 1;
        if (kind === 'mixed' || kind === 'error') mixed.push(`${kind}: ${where}`);
      }
      const allNew = seen.every(([kind]) => kind === 'new');
      // The end of the first round after which every response stayed new.
      if (publishedAt) allNewAt = allNew ? allNewAt || Date.now() : 0;
      // A second past the first round with every response new, none went back.
      if (allNewAt && Date.now() - allNewAt > 1_000) break;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, roundStart + 100 - Date.now())),
      );
    }
    const answer = await webhook!;
    console.log(
      `release crawler: ${tally.rounds} rounds, ${tally.responses} responses ` +
        `(${origins.length} origins x ${responses.length} paths): ${tally.old} old, ${tally.new} new, ` +
        `${tally.mixed} mixed, ${tally.error} errors; the webhook answered ${answeredAt - publishedAt} ms ` +
        `and every response was new ${allNewAt - publishedAt} ms after the store transaction`,
    );
    expect(mixed).toEqual([]);
    expect(allNewAt).toBeGreaterThan(0);
    expect(allNewAt - publishedAt).toBeLessThan(5_000);
    // One step for the set: the first webhook names the others and owes one purge of every tag.
    const body = answer.body as Extract<WebhookAnswer, { status: 'revalidated' }>;
    expect({ status: answer.status, body: body.status }).toEqual({
      status: 200,
      body: 'revalidated',
    });
    expect(body.together?.map(({ namespace }) => namespace).sort()).toEqual(['faqPage', 'footer']);
    expect(body.cdnPurge.state === 'queued' && [...body.cdnPurge.tags].sort()).toEqual(
      RELEASED.map(dictionaryTag).sort(),
    );

    // The other documents' webhooks, arriving later: nothing is left to do, nothing expires.
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const tokens = await client.hGetAll('rg-site:tag-tokens');
      for (const [index, namespace] of (['faqPage', 'footer'] as const).entries())
        expect(await publish(sites[index + 1]!, namespace)).toMatchObject({
          status: 200,
          body: { status: 'revalidated', cdnPurge: { state: 'off' } },
        });
      expect(await client.hGetAll('rg-site:tag-tokens')).toEqual(tokens);
    } finally {
      client.destroy();
    }
    for (const [seen, where] of await round()) expect(seen, where).toBe('new');
  }, 120_000);
});

describe('one gate for all instances', () => {
  it('holds back a failing footer on every instance; /api/content-status answers the same on each', async () => {
    const [a, b, c] = sites as [RunningSite, RunningSite, RunningSite];
    const before = 'RG Games. Alle Rechte vorbehalten.';
    expect((await get(c, '/de')).text).toContain(before);
    await editStored(SHARED_STORE, 'dictionary-footer', (doc) => {
      doc.copyrightTemplate.de = '© {brand}. Alle Rechte bleiben bei uns.';
    });
    expect((await publish(b, 'footer')).body.status).toBe('held-back');

    const shared = async () =>
      Promise.all(
        sites.map(async (site) => {
          const { heldBack, namespaces } = await status(site);
          return {
            heldBack,
            serving: Object.fromEntries(
              Object.entries(namespaces).map(([namespace, entry]) => [
                namespace,
                [entry.servingRevision, entry.servingSince],
              ]),
            ),
          };
        }),
      );
    const held = await shared();
    expect(held[0]!.heldBack.map((entry) => entry.namespace)).toEqual(['footer']);
    expect(held[1]).toEqual(held[0]);
    expect(held[2]).toEqual(held[0]);
    for (const site of [a, c]) {
      const page = (await get(site, '/de')).text;
      expect(page).toContain(before);
      expect(page).not.toContain('bleiben bei uns');
    }

    await editStored(SHARED_STORE, 'dictionary-footer', (doc) => {
      doc.copyrightTemplate.de = '© {year} {brand}. Alle Rechte sind vorbehalten.';
    });
    expect((await publish(c, 'footer')).body.status).toBe('revalidated');
    for (const site of sites)
      expect((await get(site, '/de/about')).text).toContain('Alle Rechte sind vorbehalten.');
    const fixed = await shared();
    expect(fixed[0]!.heldBack).toEqual([]);
    expect(fixed[1]).toEqual(fixed[0]);
    expect(fixed[2]).toEqual(fixed[0]);
  });
});

describe('Redis faults', () => {
  const PATHS = [
    ...SITE_PAGES.map((page) => pagePath(page.slug, 'de')),
    '/',
    '/tr/about',
    '/locales/de/hero.json',
    '/locales/tr/footer.json',
  ];

  /** Each path on each instance with Redis up, twice: the second time is the reference. */
  async function reference(): Promise<Map<string, number>> {
    const times = new Map<string, number>();
    for (const site of sites)
      for (const path of PATHS) {
        await get(site, path);
        times.set(`${site.port} ${path}`, (await get(site, path)).ms);
      }
    return times;
  }

  async function expectServedWithin(times: Map<string, number>) {
    const slow: string[] = [];
    for (const site of sites)
      for (const path of PATHS) {
        const page = await get(site, path);
        expect(page.status, `${nameOf(site)} ${path}`).toBe(200);
        const limit = times.get(`${site.port} ${path}`)! + 1_000;
        if (page.ms > limit)
          slow.push(
            `${nameOf(site)} ${path}: ${Math.round(page.ms)} ms (limit ${Math.round(limit)})`,
          );
      }
    expect(slow).toEqual([]);
  }

  async function waitUntilReachable() {
    const deadline = Date.now() + 15_000;
    for (const site of sites)
      while ((await status(site)).sharedCache.redis !== 'reachable') {
        if (Date.now() > deadline) throw new Error(`${nameOf(site)}: Redis still unreachable`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
  }

  it('Redis stopped: pages keep coming, at most 1 s slower; the webhook answers 503; Redis back: publishes reach every instance, no restart', async () => {
    const times = await reference();
    const logLength = sites.map((site) => site.server.output().length);
    const text = await editHero('Ausfall');
    await redis.stop();
    try {
      await expectServedWithin(times);
      for (const site of sites) expect((await status(site)).sharedCache.redis).toBe('unreachable');
      const refused = await publish(sites[0]!, 'hero');
      expect(refused).toMatchObject({ status: 503, body: { status: 'unavailable' } });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      for (const [index, site] of sites.entries())
        expect(
          site.server
            .output()
            .slice(logLength[index])
            .split('\n')
            .filter((line) => line.includes('unreachable')),
          nameOf(site),
        ).toHaveLength(1);
    } finally {
      // Also when a check failed: the tests after this one need Redis.
      await redis.start();
    }
    await waitUntilReachable();
    // Sanity delivers the refused webhook again.
    expect((await publish(sites[0]!, 'hero')).status).toBe(200);
    await expectHeroEverywhere(sites, text);
  });

  it('Redis stopped during a publish: the receiving instance serves it at once (503); Redis back: every instance and Varnish show it within 10 s, with no second delivery', async () => {
    const [a] = sites as [RunningSite];
    const paths = ['/de', '/locales/de/hero.json'];
    for (const path of paths) await viaVarnish(path);
    expect((await viaVarnish('/de')).cache).toBe('HIT');
    const text = await editHero('Rueckkehr');
    await redis.stop();
    let back = 0;
    try {
      expect(await publish(a, 'hero')).toMatchObject({
        status: 503,
        body: { status: 'unavailable' },
      });
      expect((await get(a, '/de')).text).toContain(text);
      expect((await viaVarnish('/de')).text).not.toContain(text);
    } finally {
      await redis.start();
      back = Date.now();
    }
    await expectHeroEverywhere(sites, text, 10_000);
    const instances = Date.now() - back;
    for (const path of paths) {
      let page = await viaVarnish(path);
      while (!page.text.includes(text) && Date.now() - back < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        page = await viaVarnish(path);
      }
      expect(page.text, `Varnish ${path}`).toContain(text);
    }
    const edge = Date.now() - back;
    console.log(
      `Redis back: every instance fresh after ${instances} ms, Varnish after ${edge} ms, no second delivery`,
    );
    expect(edge).toBeLessThan(10_000);
    // Kept by the instance that took the webhook, while Redis was away.
    expect(await keepsVersionWith(SHARED_STORE, 'hero', text)).toBe(true);
  });

  it('Redis hung (SIGSTOP): pages keep coming, at most 1 s slower; the webhook answers 503; thawed: back in use', async () => {
    const times = await reference();
    redis.freeze();
    try {
      await expectServedWithin(times);
      await editHero('Haenger');
      expect((await publish(sites[1]!, 'hero')).status).toBe(503);
    } finally {
      redis.thaw();
    }
    await waitUntilReachable();
    const text = await editHero('Aufgetaut');
    expect((await publish(sites[1]!, 'hero')).status).toBe(200);
    await expectHeroEverywhere(sites, text);
  });

  it('Redis emptied (FLUSHALL): every page and /locales file is rendered again from the store, never an error', async () => {
    const text = await editHero('Geleert');
    expect((await publish(sites[2]!, 'hero')).status).toBe(200);
    expect(redis.cli('FLUSHALL')).toBe('OK');
    const everything = [
      ...SITE_PAGES.flatMap((page) => LANGUAGES.map((language) => pagePath(page.slug, language))),
      ...NAMESPACES.map((namespace) => `/locales/de/${namespace}.json`),
    ];
    const failures = await inBatches(
      sites.flatMap((site) =>
        everything.map((path) => async () => {
          const page = await get(site, path);
          return page.status === 200 ? undefined : `${nameOf(site)} ${path}: ${page.status}`;
        }),
      ),
      6,
    );
    expect(failures.filter(Boolean)).toEqual([]);
    await expectHeroEverywhere(sites, text, 0);
  });

  it('reads a corrupt entry, or one from another build, as a miss and renders the page again', async () => {
    const [a, b] = sites as [RunningSite, RunningSite];
    const title = await editHero('Kaputt');
    expect((await publish(a, 'hero')).status).toBe(200);
    expect((await get(a, '/de')).text).toContain(title);
    const client = createClient({ url: redis.url });
    await client.connect();
    try {
      const [key] = await client.keys('rg-site:*:entry:/route-cache/APP_PAGE/*/$/de');
      expect(key).toBeTruthy();
      const stored = (await client.get(key!))!;
      const stamp = key!.replace(':entry:', ':stamp:');
      // As another writer would leave them: the entry and a new stamp beside it.
      for (const [index, written] of [
        'not an entry {',
        stored.replace(/"build":"[^"]+"/, '"build":"another-build"'),
      ].entries()) {
        await client.multi().set(key!, written).set(stamp, `written-elsewhere-${index}`).exec();
        const page = await get(b, '/de');
        expect(page.status).toBe(200);
        expect(page.cache).toBe('MISS');
        expect(page.text).toContain(title);
        expect(await client.get(key!)).toContain('"format":"rg-site-cache/1"');
      }
    } finally {
      client.destroy();
    }
  });
});

describe('instances come and go', () => {
  it('killed (SIGKILL) right after its 200, its purge not yet sent: Varnish fresh within 10 s, sent by another instance', async () => {
    const [a] = sites as [RunningSite];
    await viaVarnish('/de');
    expect((await viaVarnish('/de')).cache).toBe('HIT');
    // The purge A tries once it has answered fails: it is owed in Redis only when A dies.
    purgeAddress.fault('error');
    const text = await editHero('Uebernommen');
    expect((await publish(a, 'hero')).status).toBe(200);
    process.kill(-a.server.child.pid!, 'SIGKILL');
    const killed = Date.now();
    // Whatever A sent before it died has been refused by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    purgeAddress.fault('none');
    let page = await viaVarnish('/de');
    while (!page.text.includes(text) && Date.now() - killed < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await viaVarnish('/de');
    }
    expect(page.text).toContain(text);
    console.log(`killed after its 200: Varnish fresh ${Date.now() - killed} ms later`);
    await a.stop();
    sites[0] = await serveInstance();
  });

  it('one instance killed (SIGKILL) during a publish: the others serve the new copy', async () => {
    const [a, b, c] = sites as [RunningSite, RunningSite, RunningSite];
    const text = await editHero('Abgestuerzt');
    const delivery = publish(a, 'hero').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(-a.server.child.pid!, 'SIGKILL');
    const answered = await delivery;
    // No 200 from A: Sanity delivers again, and this time B takes it.
    if (answered?.status !== 200) expect((await publish(b, 'hero')).status).toBe(200);
    await expectHeroEverywhere([b, c], text);
    await a.stop();
    sites[0] = await serveInstance();
    await expectHeroEverywhere([sites[0]], text);
  });

  it('all stopped, three dictionaries published in the store, all started: every instance shows them within 60 s, as one step', async () => {
    await Promise.all(sites.map((site) => site.stop()));
    const edits = {
      hero: marker('Wiederda'),
      faqPage: marker('Fragen'),
      about: marker('Ueberuns'),
    };
    await editStored(SHARED_STORE, 'dictionary-hero', (doc) => (doc.title.main.de = edits.hero));
    await editStored(
      SHARED_STORE,
      'dictionary-faqPage',
      (doc) => (doc.hero.title.de = edits.faqPage),
    );
    await editStored(
      SHARED_STORE,
      'dictionary-about',
      (doc) => (doc.hero.eyebrow.de = edits.about),
    );
    const started = Date.now();
    sites = await Promise.all([serveInstance(), serveInstance(), serveInstance()]);
    const pending = new Set(
      sites.flatMap((site) =>
        Object.entries(edits).flatMap(([namespace, text]) =>
          [
            pagePath(pagesShowing(namespace as Namespace)[0]!.slug, 'de'),
            `/locales/de/${namespace}.json`,
          ].map((path) => ({ site, path, text })),
        ),
      ),
    );
    while (pending.size && Date.now() - started < 60_000) {
      for (const check of [...pending])
        if ((await get(check.site, check.path)).text.includes(check.text)) pending.delete(check);
      if (pending.size) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(
      `three unannounced publishes live on all three instances ${Date.now() - started} ms after the start`,
    );
    expect([...pending].map(({ site, path }) => `${nameOf(site)} ${path}`)).toEqual([]);
    // As one set (a release published while the site was away): every step names all three.
    const steps = sites.flatMap((site) =>
      site.server
        .output()
        .split('\n')
        .filter((line) => line.includes('reconciliation:') && line.includes('now live')),
    );
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps)
      for (const namespace of Object.keys(edits)) expect(step).toContain(`dictionary-${namespace}`);
  });

  it('a second build beside the first reads none of its entries, and a publish reaches both', async () => {
    const second: Variant = { ...SHARED_VARIANT, name: 'shared-second' };
    await rm(distDir(second), { recursive: true, force: true });
    // The same output under another build id, as the next deploy would be.
    expect(spawnSync('cp', ['-al', distDir(SHARED_VARIANT), distDir(second)]).status).toBe(0);
    await rm(`${distDir(second)}/BUILD_ID`);
    await writeFile(`${distDir(second)}/BUILD_ID`, `second-${Date.now()}`);
    try {
      const [a] = sites as [RunningSite];
      expect((await get(a, '/de/pitch')).status).toBe(200);
      expect((await get(a, '/de/pitch')).cache).toBe('HIT');
      const d = await serveInstance(withRedis(second, redis.url));
      extra.push(d);
      expect((await get(d, '/de/pitch')).cache).toBe('MISS');
      const text = await editHero('Zweiter');
      expect((await publish(d, 'hero')).status).toBe(200);
      await expectHeroEverywhere([a, d], text);
    } finally {
      await Promise.all(extra.splice(0).map((site) => site.stop()));
      await rm(distDir(second), { recursive: true, force: true });
    }
  });

  it('starts with an unreachable or malformed REDIS_URL: serves, says so in one line and in /api/content-status', async () => {
    const nothing = `redis://127.0.0.1:${await freePort()}`;
    for (const [url, expected, line] of [
      [nothing, 'unreachable', 'unreachable'],
      ['not-a-redis-url', 'invalid-setting', 'shared cache off'],
    ] as const) {
      const site = await serveInstance(withRedis(SHARED_VARIANT, url));
      extra.push(site);
      for (const path of ['/de', '/tr/about', '/locales/en/hero.json'])
        expect((await get(site, path)).status).toBe(200);
      expect((await status(site)).sharedCache.redis).toBe(expected);
      expect(
        site.server
          .output()
          .split('\n')
          .filter((entry) => entry.includes(line)),
      ).toHaveLength(1);
    }
    await Promise.all(extra.splice(0).map((site) => site.stop()));
  });
});
