/**
 * The Sanity backend at the wire: the real @sanity/client talks to a local HTTP server
 * standing in for Sanity's API, and the test asserts the requests it receives.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAMESPACES } from '@/schemas';
import { importLocales } from './import-locales';
import { exportLocales } from './export-locales';
import { ContentGate } from './gate';
import { SanityStore } from './sanity-store';
import { readContentSettings } from './store-settings';
import { Snapshot } from './snapshot';
import { openContentStore } from './store';
import { makeTempProject, type TempProject } from './testing/temp-project';

interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: unknown;
}

let server: Server;
let apiHost: string;
const received: Received[] = [];
const dataset = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      received.push({ method: req.method ?? '', url, headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (url.pathname.includes('/data/mutate/')) {
        const mutations = (body as { mutations: { createOrReplace: Record<string, unknown> }[] })
          .mutations;
        for (const { createOrReplace: doc } of mutations) dataset.set(doc._id as string, doc);
        res.end(
          JSON.stringify({
            transactionId: 'tx1',
            results: mutations.map((m) => ({ id: m.createOrReplace._id, operation: 'create' })),
          }),
        );
        return;
      }
      if (url.pathname.includes('/data/query/')) {
        const ids = JSON.parse(url.searchParams.get('$ids') ?? '[]') as string[];
        const result = ids.flatMap((id) => (dataset.has(id) ? [dataset.get(id)] : []));
        res.end(JSON.stringify({ ms: 1, query: url.searchParams.get('query'), result }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'not found' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SanityStore over HTTP', () => {
  let project: TempProject;
  beforeAll(async () => {
    project = await makeTempProject();
  });
  afterAll(() => project.cleanup());

  const store = () =>
    new SanityStore({
      kind: 'sanity',
      projectId: 'abc123',
      dataset: 'production',
      token: 'test-write-token',
      apiHost,
    });

  it('describes itself', () => {
    expect(store().description).toBe('sanity (project abc123, dataset production)');
  });

  it('imports with one authenticated transaction of createOrReplace mutations', async () => {
    received.length = 0;
    await importLocales(store(), { from: project.locales, dryRun: false });
    const mutate = received.filter((r) => r.url.pathname.includes('/data/mutate/'));
    expect(mutate).toHaveLength(1);
    const [request] = mutate;
    expect(request!.method).toBe('POST');
    expect(request!.url.pathname).toBe('/v2025-02-19/data/mutate/production');
    expect(request!.headers.authorization).toBe('Bearer test-write-token');
    const mutations = (
      request!.body as { mutations: { createOrReplace: { _id: string; _type: string } }[] }
    ).mutations;
    expect(mutations.map((m) => m.createOrReplace._id)).toEqual(
      NAMESPACES.map((n) => `dictionary-${n}`),
    );
    expect(mutations[0]!.createOrReplace._type).toBe('commonDictionary');
  });

  it('queries the published perspective and sends nothing when nothing changed', async () => {
    received.length = 0;
    const result = await importLocales(store(), { from: project.locales, dryRun: false });
    expect(result.written).toBe(0);
    expect(received.some((r) => r.url.pathname.includes('/data/mutate/'))).toBe(false);
    const [query] = received;
    expect(query!.url.pathname).toBe('/v2025-02-19/data/query/production');
    expect(query!.url.searchParams.get('perspective')).toBe('published');
    expect(query!.url.searchParams.get('query')).toBe('*[_id in $ids] | order(_id asc)');
  });

  it('exports what the project holds', async () => {
    const coverage = await exportLocales(store(), { out: project.out, strict: true });
    expect(Object.keys(coverage.namespaces)).toEqual(NAMESPACES);
  });

  it("the site's loader asks for one namespace and the glossary, published perspective, with the shared GROQ", async () => {
    // Opened from settings exactly as the site does (web/dictionaries/site-gate.ts), read-only: no token.
    const siteStore = openContentStore(
      'read',
      readContentSettings(
        { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production', SANITY_API_HOST: apiHost },
        'read',
      ),
    );
    const gate = new ContentGate({
      store: siteStore,
      snapshot: new Snapshot(path.join(project.dir, 'snapshot')),
      failOnProblems: true,
    });
    received.length = 0;
    const result = await gate.read('hero');
    expect(result.state).toBe('live');
    expect(result.languages.de.title.main).toBeTruthy();
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.method).toBe('GET');
    expect(request!.url.pathname).toBe('/v2025-02-19/data/query/production');
    expect(request!.url.searchParams.get('perspective')).toBe('published');
    expect(request!.url.searchParams.get('query')).toBe('*[_id in $ids] | order(_id asc)');
    expect(JSON.parse(request!.url.searchParams.get('$ids')!)).toEqual([
      'dictionary-hero',
      'dictionary-glossary',
    ]);
    expect(request!.headers.authorization).toBeUndefined();
  });

  it('sends no transaction when the input is bad', async () => {
    received.length = 0;
    await project.edit('de', 'hero', (json) => (json.eyebrow = 42));
    await expect(importLocales(store(), { from: project.locales, dryRun: false })).rejects.toThrow(
      /de\/hero\.json → eyebrow/,
    );
    expect(received.some((r) => r.url.pathname.includes('/data/mutate/'))).toBe(false);
  });
});
