/**
 * A release with a Sanity project, at the wire: the site's real webhook receiver reads a
 * local server that speaks Sanity's query API (through @sanity/client), shares a real Redis,
 * and purges a local server that records what a CDN would receive. A release published in one
 * transaction makes Sanity send one webhook per document, at once: they give ONE set step (one
 * record of the tags in Redis, one purge with every tag), whichever arrives first.
 *
 * Next's `revalidateTag` and `after` work only inside a Next request; they are recorded here
 * (the real server's path: e2e/several-instances.test.ts, the release crawler).
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContentGate, revisionOf } from '@/content/gate';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { Snapshot } from '@/content/snapshot';
import { openContentStore, type DictionaryDocument } from '@/content/store';
import { makeTempProject, type TempProject } from '@/content/testing/temp-project';
import { sendPublishWebhook, type WebhookAnswer } from '@/content/webhook';
import { NAMESPACES } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { listenLocally, type LocalHttpServer } from '@/testing/local-http';
import { startRedis, type RunningRedis } from '@/testing/redis-server';
import { SharedSnapshot } from '../shared-cache/gate-snapshot';
import { connectRedis, type SharedRedis } from '../shared-cache/redis-connection';
import { PUBLISHED_KEY, TAG_TOKENS_KEY } from '../shared-cache/shared-store';

// A marker package that throws outside Next's server bundles; it has no behaviour to keep.
vi.mock('server-only', () => ({}));
const expired: string[] = [];
vi.mock('next/cache', () => ({ revalidateTag: (tag: string) => void expired.push(tag) }));
vi.mock('next/server', () => ({ after: (task: () => unknown) => void task() }));

const SECRET = 'sanity-release-test-secret';
const dataset = new Map<string, DictionaryDocument>();
const purges: string[] = [];
let sanity: LocalHttpServer;
let cdn: LocalHttpServer;
let redis: RunningRedis;
let connection: SharedRedis;
let project: TempProject;
let handlePublishWebhook: (request: Request) => Promise<Response>;

beforeAll(async () => {
  project = await makeTempProject();
  const local = new LocalStore(project.storeFile);
  await importLocales(local, { from: project.locales, dryRun: false });
  for (const doc of await local.readAll()) dataset.set(doc._id, doc);
  // Sanity's query endpoint for the site's one query (`*[_id in $ids]`, published), and its
  // mutate endpoint (the versions the site keeps), which is accepted and ignored.
  sanity = await listenLocally(
    createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      res.setHeader('content-type', 'application/json');
      req.resume();
      req.on('end', () => {
        const ids = JSON.parse(url.searchParams.get('$ids') ?? '[]') as string[];
        const result = url.pathname.includes('/data/query/')
          ? ids.flatMap((id) => dataset.get(id) ?? [])
          : [];
        res.end(JSON.stringify({ ms: 1, result, transactionId: 'tx', results: [] }));
      });
    }),
  );
  cdn = await listenLocally(
    createServer((req, res) => {
      purges.push(String(req.headers['xkey-purge'] ?? ''));
      res.end('purged');
    }),
  );
  redis = await startRedis();
  vi.stubEnv('SANITY_PROJECT_ID', 'abc123');
  vi.stubEnv('SANITY_DATASET', 'production');
  vi.stubEnv('SANITY_API_HOST', sanity.url);
  vi.stubEnv('SANITY_REVALIDATE_SECRET', SECRET);
  vi.stubEnv('CDN_PURGE', 'varnish');
  vi.stubEnv('CDN_PURGE_URL', `${cdn.url}/`);
  vi.stubEnv('NEXT_DIST_DIR', path.join(project.dir, '.next'));
  const store = openContentStore('read');
  // The build's last good versions, as `next build` leaves them in its folder.
  const folder = new Snapshot(path.join(project.dir, '.next', 'content-snapshot'));
  const building = new ContentGate({ store, snapshot: folder, failOnProblems: true });
  for (const namespace of NAMESPACES) await building.read(namespace);
  connection = connectRedis(redis.url, 30, () => undefined);
  const shared = new SharedSnapshot(connection, 'test-build', folder);
  const gate = new ContentGate({ store, snapshot: shared, failOnProblems: false, log: () => {} });
  // The server's one SiteContent (web/dictionaries/site-gate.ts), made here with this Redis.
  (globalThis as Record<symbol, unknown>)[Symbol.for('rg.site.content')] = {
    gate,
    snapshot: shared,
    shared,
    redis: connection,
    store,
  };
  ({ handlePublishWebhook } = await import('./webhook-receiver'));
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await connection?.close();
  await redis?.stop();
  await sanity?.stop();
  await cdn?.stop();
  await project?.cleanup();
});

async function webhookFor(namespace: string): Promise<WebhookAnswer> {
  const document = { _id: `dictionary-${namespace}`, _type: `${namespace}Dictionary` };
  const response = await sendPublishWebhook('http://localhost/api/revalidate', document, SECRET, {
    via: handlePublishWebhook,
  });
  return (await response.json()) as WebhookAnswer;
}

const RELEASED = ['hero', 'faqPage', 'footer'] as const;
const TAGS = RELEASED.map((namespace) => `dictionary:${namespace}`);

describe('a release with a Sanity project', { timeout: 60_000 }, () => {
  it('gives one set step for its per-document webhooks: one record in Redis, one purge of every tag', async () => {
    // Nothing changed yet: the store shows what the build serves; nothing goes live.
    expect(await webhookFor('hero')).toMatchObject({ cdnPurge: { state: 'off' } });
    expect(expired).toEqual([]);

    // One transaction: the release's three documents become published at once.
    for (const namespace of RELEASED) {
      // Stored documents are untyped JSON; the edit reaches into known fields.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const doc = structuredClone(dataset.get(`dictionary-${namespace}`)!) as Record<string, any>;
      const texts =
        namespace === 'hero'
          ? doc.title.main
          : namespace === 'faqPage'
            ? doc.hero.title
            : doc.brand.tagline;
      for (const language of LANGUAGES) texts[language] = `Release ${namespace} ${language}`;
      dataset.set(doc._id, doc as DictionaryDocument);
    }
    // Sanity sends the three webhooks at once.
    const answers = await Promise.all(RELEASED.map((namespace) => webhookFor(namespace)));
    const queued = answers.filter(
      (answer) => answer.status === 'revalidated' && answer.cdnPurge.state === 'queued',
    );
    expect(queued).toHaveLength(1);
    const first = queued[0] as Extract<WebhookAnswer, { status: 'revalidated' }>;
    expect(first.cdnPurge.state === 'queued' && [...first.cdnPurge.tags].sort()).toEqual(
      [...TAGS].sort(),
    );
    // The answer names the other two of the set, which went live with it.
    expect(first.together?.map(({ namespace }) => namespace).sort()).toEqual(
      RELEASED.filter((namespace) => namespace !== first.namespace).sort(),
    );
    expect(answers.map((answer) => answer.status)).toEqual(RELEASED.map(() => 'revalidated'));
    expect([...expired].sort()).toEqual([...TAGS].sort());

    const client = (await import('redis')).createClient({ url: redis.url });
    await client.connect();
    try {
      const published = await client.hGetAll(PUBLISHED_KEY);
      for (const namespace of RELEASED)
        expect(published[namespace]).toBe(revisionOf(dataset.get(`dictionary-${namespace}`)));
      expect(Object.keys(await client.hGetAll(TAG_TOKENS_KEY)).sort()).toEqual([...TAGS].sort());
    } finally {
      client.destroy();
    }
    await vi.waitFor(() => expect(purges).toHaveLength(1), { timeout: 10_000 });
    expect(purges[0]!.split(' ').sort()).toEqual([...TAGS].sort());
  });
});
