/**
 * The local API over real HTTP/2 with TLS, on a temporary copy of the dataset:
 * what the Studio asks of it, how writes reach the file and the listeners, and how it
 * answers bad input (a clear error, nothing written, the file intact).
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { applyPatch } from 'mendoza';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
  vi,
} from 'vitest';
import { exportLocales } from '@/content/export-locales';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { NAMESPACES } from '@/schemas';
import { readLocalApiAddress } from '@/content/local-api-address';
import { startLocalApi, type PublishedDocument, type RunningLocalApi } from './server';
import { ApiClient } from './testing/client';

// Servers and child processes on a machine shared with other builds: generous bounds.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const FOOTER = 'dictionary-footer';
const DRAFT = `drafts.${FOOTER}`;

let bundled: string;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-api-bundled-'));
  bundled = path.join(dir, 'production.ndjson');
  await importLocales(new LocalStore(bundled), { from: 'locales', dryRun: false });
});

interface Fixture {
  dir: string;
  storeFile: string;
  api: RunningLocalApi;
  client: ApiClient;
  published: PublishedDocument[][];
  log: string[];
}

async function start(): Promise<Fixture> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-api-'));
  const storeFile = path.join(dir, 'production.ndjson');
  await copyFile(bundled, storeFile);
  const published: PublishedDocument[][] = [];
  const log: string[] = [];
  const api = await startLocalApi({
    storeFile,
    watchIntervalMs: 50,
    log: (line) => log.push(line),
    onPublished: async (documents) => {
      // Called once the transaction is on disk: the file already holds it.
      const text = await readFile(storeFile, 'utf8');
      if (!text.includes(`"_id":"${documents[0]!._id}"`)) throw new Error('not written yet');
      published.push(documents);
    },
  });
  return { dir, storeFile, api, client: new ApiClient(api.url, api.token), published, log };
}

async function stop(fixture: Fixture) {
  fixture.client.close();
  await fixture.api.close();
  await rm(fixture.dir, { recursive: true, force: true });
}

const edit = (set: Record<string, unknown>, transactionId?: string) => ({
  actions: [
    {
      actionType: 'sanity.action.document.edit',
      draftId: DRAFT,
      publishedId: FOOTER,
      patch: { set },
    },
  ],
  ...(transactionId ? { transactionId } : {}),
});

const publish = (ifPublishedRevisionId?: string) => ({
  actions: [
    {
      actionType: 'sanity.action.document.publish',
      draftId: DRAFT,
      publishedId: FOOTER,
      ...(ifPublishedRevisionId ? { ifPublishedRevisionId } : {}),
    },
  ],
});

function linesOf(text: string): Map<string, string> {
  return new Map(
    text
      .trim()
      .split('\n')
      .map((line) => [JSON.parse(line)._id as string, line]),
  );
}

describe('what the Studio reads', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await start();
  });
  afterAll(() => stop(f));

  it('speaks HTTP/2 and answers who is signed in', async () => {
    const me = await f.client.get('/users/me');
    expect(me.status).toBe(200);
    expect(me.json.id).toBe('local-editor');
    const acl = await f.client.get(`/projects/local/datasets/production/acl`);
    expect(acl.json[0].permissions).toContain('update');
  });

  it('queries with groq-js through the raw, published and drafts perspectives', async () => {
    await f.client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': 'Entwurf {year} {brand}' }),
    );
    const query = encodeURIComponent(
      '*[_type == "footerDictionary"]{_id, "de": copyrightTemplate.de}',
    );
    const raw = await f.client.get(`/data/query/production?query=${query}&perspective=raw`);
    expect(raw.json.result.map((d: { _id: string }) => d._id).sort()).toEqual([FOOTER, DRAFT]);
    const published = await f.client.get(
      `/data/query/production?query=${query}&perspective=published`,
    );
    expect(published.json.result).toEqual([
      { _id: FOOTER, de: '© {year} {brand}. Alle Rechte vorbehalten.' },
    ]);
    const drafts = await f.client.get(`/data/query/production?query=${query}&perspective=drafts`);
    expect(drafts.json.result).toEqual([{ _id: FOOTER, de: 'Entwurf {year} {brand}' }]);
    const count = await f.client.post('/data/query/production?perspective=published', {
      query: 'count(*[_id in $ids])',
      params: { ids: [FOOTER, DRAFT] },
    });
    expect(count.json.result).toBe(1);
  });

  it('answers the Studio search (text::query) by matching every text of a document', async () => {
    const query = encodeURIComponent(
      '*[_type in $__types && [@, _id] match text::query($__query)]{_id}',
    );
    const answer = await f.client.get(
      `/data/query/production?query=${query}&$__types=${encodeURIComponent('["footerDictionary","heroDictionary"]')}&$__query=${encodeURIComponent('"Rechte*"')}&perspective=published`,
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.result).toEqual([{ _id: FOOTER }]);
  });

  it('returns documents by id, and says which do not exist', async () => {
    const answer = await f.client.get(`/data/doc/production/${FOOTER},drafts.nothing`);
    expect(answer.json.documents.map((d: { _id: string }) => d._id)).toEqual([FOOTER]);
    expect(answer.json.documents[0]._rev).toEqual(expect.any(String));
    expect(answer.json.omitted).toEqual([{ id: 'drafts.nothing', reason: 'existence' }]);
  });

  it('accepts the presence socket and answers its JSON-RPC calls', async () => {
    const { WebSocket } = await import('ws');
    const socket = new WebSocket(`wss://127.0.0.1:${f.api.port}/v2022-06-30/socket/production`, {
      rejectUnauthorized: false,
      headers: { authorization: `Bearer ${f.api.token}` },
    });
    const answers: unknown[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => {
        socket.send(
          JSON.stringify({ jsonrpc: '2.0', id: 'a', method: 'presence_subscribe', params: {} }),
        );
        socket.send(
          JSON.stringify({ jsonrpc: '2.0', id: 'b', method: 'presence_announce', params: {} }),
        );
      });
      socket.on('message', (data) => {
        answers.push(JSON.parse(String(data)));
        if (answers.length === 2) resolve();
      });
      socket.on('error', reject);
    });
    socket.close();
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 'a', result: expect.any(String) },
      { jsonrpc: '2.0', id: 'b', result: true },
    ]);
  });

  it('logs a route it does not know once, with method and path', async () => {
    expect((await f.client.get('/some/new/endpoint')).status).toBe(404);
    await f.client.get('/some/new/endpoint');
    expect(f.log.filter((line) => line.includes('no route'))).toEqual([
      'local API: no route for GET /v2025-02-19/some/new/endpoint (answered 404)',
    ]);
    expect(f.api.unknownRoutes()).toEqual(['GET /v2025-02-19/some/new/endpoint']);
  });
});

describe('writes', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await start();
  });
  afterEach(() => stop(f));

  it('confirms an edit on the listener with an unbroken revision chain, mutations and effects', async () => {
    const published = (await f.client.get(`/data/doc/production/${FOOTER}`)).json.documents[0];
    const listener = f.client.listen(
      '*[_id in $ids]',
      { ids: [FOOTER, DRAFT] },
      {
        effectFormat: 'mendoza',
        includeResult: 'false',
      },
    );
    await listener.waitFor(1);
    expect(listener.events[0]!.event).toBe('welcome');

    const first = await f.client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': 'A {year} {brand}' }, 'tx-first'),
    );
    expect(first.status, first.text).toBe(200);
    await f.client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': 'B {year} {brand}' }, 'tx-second'),
    );
    const [, created, changed] = await listener.waitFor(3);
    listener.close();

    expect(created!.data).toMatchObject({
      documentId: DRAFT,
      transactionId: 'tx-first',
      resultRev: 'tx-first',
      transition: 'appear',
      transactionTotalEvents: 1,
    });
    expect(created!.data.previousRev).toBeUndefined();
    expect(changed!.data).toMatchObject({
      documentId: DRAFT,
      previousRev: 'tx-first',
      resultRev: 'tx-second',
      transition: 'update',
    });
    // The first edit copied the published document into the draft, then patched it.
    const draft = (await f.client.get(`/data/doc/production/${DRAFT}`)).json.documents[0];
    expect(draft.brand).toEqual(published.brand);
    expect(draft.copyrightTemplate.de).toBe('B {year} {brand}');
    expect(draft._rev).toBe('tx-second');
    // Both the mutations and the Mendoza effects turn the previous revision into this one.
    const { _rev, ...withoutRev } = draft;
    // The Studio applies effects to its copy without `_rev`.
    const { _rev: _firstRev, ...afterFirst } = created!.data.mutations[0].createOrReplace;
    expect(applyPatch(afterFirst, changed!.data.effects.apply)).toEqual(withoutRev);
    expect(changed!.data.mutations).toEqual([{ createOrReplace: draft }]);
  });

  it('publishes in one transaction: published document replaced, draft gone, the rest of the file untouched', async () => {
    const before = await readFile(f.storeFile, 'utf8');
    await f.client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': '© {year} {brand}. Neu.' }),
    );
    const rev = (await f.client.get(`/data/doc/production/${FOOTER}`)).json.documents[0]._rev;
    const answer = await f.client.post('/data/actions/production', publish(rev));
    expect(answer.status, answer.text).toBe(200);

    const after = linesOf(await readFile(f.storeFile, 'utf8'));
    expect(after.has(DRAFT)).toBe(false);
    const footer = JSON.parse(after.get(FOOTER)!);
    expect(footer.copyrightTemplate.de).toBe('© {year} {brand}. Neu.');
    expect(footer._rev).toBe(answer.json.transactionId);
    for (const [id, line] of linesOf(before)) if (id !== FOOTER) expect(after.get(id)).toBe(line);
    await expect
      .poll(() => f.published)
      .toEqual([[{ _id: FOOTER, _type: 'footerDictionary', publishedBy: 'local-editor' }]]);

    // Export ignores what the API added (_rev, _createdAt, _updatedAt).
    const out = path.join(f.dir, 'public');
    await exportLocales(new LocalStore(f.storeFile), { out, strict: false });
    const de = JSON.parse(await readFile(path.join(out, 'de', 'footer.json'), 'utf8'));
    expect(de.copyrightTemplate).toBe('© {year} {brand}. Neu.');
    expect(await readFile(path.join(out, 'en', 'footer.json'), 'utf8')).toBe(
      await readFile('locales/en/footer.json', 'utf8'),
    );
  });

  it('discards a draft', async () => {
    await f.client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': 'x {year} {brand}' }),
    );
    const answer = await f.client.post('/data/actions/production', {
      actions: [{ actionType: 'sanity.action.document.version.discard', versionId: DRAFT }],
    });
    expect(answer.status, answer.text).toBe(200);
    expect(await readFile(f.storeFile, 'utf8')).not.toContain(DRAFT);
    expect(f.published).toEqual([]);
  });

  it('restores a revision from the history into the draft (replaceDraft)', async () => {
    const published = (await f.client.get(`/data/doc/production/${FOOTER}`)).json.documents[0];
    await f.client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': 'Irrtum {year} {brand}' }),
    );
    const { _updatedAt, ...restored } = published;
    const answer = await f.client.post('/data/actions/production', {
      actions: [
        {
          actionType: 'sanity.action.document.replaceDraft',
          publishedId: FOOTER,
          attributes: { ...restored, _id: DRAFT },
        },
      ],
    });
    expect(answer.status, answer.text).toBe(200);
    const draft = (await f.client.get(`/data/doc/production/${DRAFT}`)).json.documents[0];
    expect(draft.copyrightTemplate).toEqual(published.copyrightTemplate);
  });

  it('keeps a history the Studio can walk: transactions with effects, documents at a revision', async () => {
    const original = (await f.client.get(`/data/doc/production/${FOOTER}`)).json.documents[0];
    await f.client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': 'v1 {year} {brand}' }, 'tx-v1'),
    );
    await f.client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': 'v2 {year} {brand}' }, 'tx-v2'),
    );
    const log = await f.client.get(
      `/data/history/production/transactions/${FOOTER},${DRAFT}?excludeContent=true&effectFormat=mendoza&reverse=true&limit=50`,
    );
    const entries = log.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.map((e: { id: string }) => e.id)).toEqual(['tx-v2', 'tx-v1', original._rev]);
    const atV1 = await f.client.get(
      `/data/history/production/documents/${FOOTER},${DRAFT}?revision=tx-v1`,
    );
    const draftAtV1 = atV1.json.documents.find((d: { _id: string }) => d._id === DRAFT);
    expect(draftAtV1.copyrightTemplate.de).toBe('v1 {year} {brand}');
    const events = await f.client.get(`/data/history/production/events/documents/${DRAFT}`);
    expect(events.json.events[DRAFT][0]).toMatchObject({
      type: 'createDocumentVersion',
      versionId: DRAFT,
      versionRevisionId: 'tx-v1',
    });
  });

  it('picks up what an import writes while it runs, and tells its listeners', async () => {
    const listener = f.client.listen(
      '*[_id == $id]',
      { id: 'dictionary-hero' },
      { effectFormat: 'mendoza' },
    );
    await listener.waitFor(1);
    const locales = path.join(f.dir, 'locales');
    await import('node:fs/promises').then((fs) => fs.cp('locales', locales, { recursive: true }));
    const heroFile = path.join(locales, 'de', 'hero.json');
    const hero = JSON.parse(await readFile(heroFile, 'utf8'));
    hero.eyebrow = 'Neu importiert';
    await writeFile(heroFile, JSON.stringify(hero));
    await importLocales(new LocalStore(f.storeFile), { from: locales, dryRun: false });

    const [, event] = await listener.waitFor(2);
    listener.close();
    expect(event!.data).toMatchObject({ documentId: 'dictionary-hero', transition: 'update' });
    const served = (await f.client.get('/data/doc/production/dictionary-hero')).json.documents[0];
    expect(served.eyebrow.de).toBe('Neu importiert');
    expect(served._rev).toBe(event!.data.resultRev);
  });
});

describe('bad input: a clear error, nothing written, the file intact', () => {
  let f: Fixture;
  let before: string;
  beforeEach(async () => {
    f = await start();
    await f.client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': 'Entwurf {year} {brand}' }),
    );
    before = await readFile(f.storeFile, 'utf8');
  });
  afterEach(async () => {
    expect(await readFile(f.storeFile, 'utf8')).toBe(before);
    expect(f.published).toEqual([]);
    await stop(f);
  });

  it('a publish with a stale revision: 409', async () => {
    const answer = await f.client.post('/data/actions/production', publish('a-revision-long-gone'));
    expect(answer.status).toBe(409);
    expect(answer.json.error.description).toMatch(/dictionary-footer" was published meanwhile/);
  });

  it('a malformed JSON body: 400', async () => {
    const answer = await f.client.request('POST', '/data/actions/production', '{"actions": [');
    expect(answer.status).toBe(400);
    expect(answer.json.error.description).toMatch(/^request body is not valid JSON/);
    const empty = await f.client.request('POST', '/data/mutate/production', '');
    expect(empty.status).toBe(400);
  });

  it.each([
    [
      'an unknown id',
      {
        actionType: 'sanity.action.document.edit',
        draftId: 'drafts.dictionary-nope',
        publishedId: 'dictionary-nope',
        patch: { set: { a: 1 } },
      },
      400,
      /unknown document id "dictionary-nope"/,
    ],
    [
      'an unknown type',
      {
        actionType: 'sanity.action.document.create',
        publishedId: 'x',
        attributes: { _id: 'drafts.x', _type: 'post' },
      },
      400,
      /unknown document type "post"/,
    ],
    [
      'an unknown action',
      { actionType: 'sanity.action.document.frobnicate' },
      400,
      /unknown action type/,
    ],
    [
      'a patch that changes the type',
      {
        actionType: 'sanity.action.document.edit',
        draftId: DRAFT,
        publishedId: FOOTER,
        patch: { set: { _type: 'heroDictionary' } },
      },
      400,
      /cannot change _id or _type/,
    ],
    [
      'creating a dictionary (also what Duplicate sends)',
      {
        actionType: 'sanity.action.document.create',
        publishedId: 'copy',
        attributes: { _id: 'drafts.copy', _type: 'footerDictionary' },
      },
      403,
      /can only be edited and published/,
    ],
    [
      'deleting a dictionary',
      { actionType: 'sanity.action.document.delete', publishedId: FOOTER, includeDrafts: [DRAFT] },
      403,
      /^delete: footerDictionary documents are dictionaries/,
    ],
    [
      'unpublishing a dictionary',
      { actionType: 'sanity.action.document.unpublish', draftId: DRAFT, publishedId: FOOTER },
      403,
      /^unpublish: /,
    ],
  ])('%s', async (_, action, status, message) => {
    const answer = await f.client.post('/data/actions/production', { actions: [action] });
    expect(answer.status).toBe(status);
    expect(answer.json.error.description.replace(/^actions\[0\](\.\w+)?: /, '')).toMatch(message);
  });

  it('a malformed path or query: 400, not a crash', async () => {
    expect((await f.client.get('/data/doc/production/%E0%A4%A')).status).toBe(400);
    expect((await f.client.get('/data/query/production?query=*[')).status).toBe(400);
    expect((await f.client.get('/data/query/production?query=*&$ids=[nope')).status).toBe(400);
    expect((await f.client.get('/data/listen/production')).status).toBe(400);
  });

  it('a deletion through plain mutations is refused too', async () => {
    const answer = await f.client.post('/data/mutate/production', {
      mutations: [{ delete: { id: FOOTER } }],
    });
    expect(answer.status).toBe(403);
  });
});

describe('two tabs publishing the same draft at once', () => {
  it('one wins, the other gets a conflict', async () => {
    const f = await start();
    try {
      await f.client.post(
        '/data/actions/production',
        edit({ 'copyrightTemplate.de': 'Zwei {year} {brand}' }),
      );
      const rev = (await f.client.get(`/data/doc/production/${FOOTER}`)).json.documents[0]._rev;
      const other = new ApiClient(f.api.url, f.api.token);
      const answers = await Promise.all([
        f.client.post('/data/actions/production', publish(rev)),
        other.post('/data/actions/production', publish(rev)),
      ]);
      other.close();
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(f.published).toHaveLength(1);
      expect(await readFile(f.storeFile, 'utf8')).not.toContain(DRAFT);
    } finally {
      await stop(f);
    }
  });
});

describe('the dataset file at start', () => {
  it('refuses to start on a file that is not valid NDJSON, naming the line', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rg-api-bad-'));
    const storeFile = path.join(dir, 'production.ndjson');
    const lines = (await readFile(bundled, 'utf8')).split('\n');
    lines[4] = lines[4]!.slice(0, 40);
    await writeFile(storeFile, lines.join('\n'));
    await expect(startLocalApi({ storeFile, log: () => undefined })).rejects.toThrow(
      `${storeFile}:5: not a JSON document`,
    );
    await rm(dir, { recursive: true, force: true });
  });
});

describe('killed during writes', () => {
  it('clears the temporary files a killed writer left beside the dataset and its lock', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rg-api-leftovers-'));
    const storeFile = path.join(dir, 'production.ndjson');
    await copyFile(bundled, storeFile);
    // A process id no process has (above Linux's limit of 2^22): its writer is gone.
    const gone = 4_194_305;
    const leftovers = [
      `production.ndjson.${gone}.0a1b2c3d.tmp`,
      `production.ndjson.lock.${gone}.0f1e2d3c.tmp`,
    ];
    for (const name of leftovers) await writeFile(path.join(dir, name), 'half');
    const log: string[] = [];
    const api = await startLocalApi({ storeFile, log: (line) => log.push(line) });
    await api.close();
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(log.join('\n')).toContain('removed 2 temporary file(s)');
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves the old or the new file, never a partial one', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rg-api-kill-'));
    const storeFile = path.join(dir, 'production.ndjson');
    await copyFile(bundled, storeFile);
    const child = spawn(
      'node',
      [
        '--import',
        'tsx',
        'scripts/local-api.ts',
        '--self-signed',
        '--tls-dir',
        path.join(dir, 'tls'),
      ],
      { env: { ...process.env, CONTENT_STORE_FILE: storeFile }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const port = /localhost:(\d+)/.exec(chunk.toString())?.[1];
        if (port) resolve(`https://127.0.0.1:${port}`);
      });
      child.once('exit', (code) => reject(new Error(`the API exited (${code})`)));
    });
    // Whatever fails below, the API process does not outlive the test.
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    // The token the API wrote for this machine's tools.
    const { token } = (await readLocalApiAddress(storeFile))!;
    const client = new ApiClient(url, token);
    // A write replaces the file (a new inode renamed into place), never rewrites it in place.
    const { stat } = await import('node:fs/promises');
    const inode = (await stat(storeFile)).ino;
    await client.post(
      '/data/actions/production',
      edit({ 'copyrightTemplate.de': 'Erst {year} {brand}' }),
    );
    expect((await stat(storeFile)).ino).not.toBe(inode);
    const sent: string[] = ['Erst {year} {brand}'];
    // Large writes in a row; the kill lands while one of them is being written.
    let stopped = false;
    const writer = (async () => {
      for (let i = 0; !stopped; i += 1) {
        const text = `Version ${i} {year} {brand} ${'x'.repeat(20_000)}`;
        sent.push(text);
        await client
          .post('/data/actions/production', edit({ 'copyrightTemplate.de': text }))
          .catch(() => undefined);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.kill('SIGKILL');
    stopped = true;
    await writer;
    client.close();

    const lines = (await readFile(storeFile, 'utf8')).trim().split('\n');
    const documents = lines.map(
      (line) => JSON.parse(line) as { _id: string; copyrightTemplate?: { de?: string } },
    );
    expect(documents.filter((d) => !d._id.startsWith('drafts.'))).toHaveLength(NAMESPACES.length);
    const draft = documents.find((d) => d._id === DRAFT);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent).toContain(draft?.copyrightTemplate?.de);

    // Started again, the API serves that file and clears what the killed writer left.
    const log: string[] = [];
    const restarted = await startLocalApi({ storeFile, log: (line) => log.push(line) });
    expect(restarted.store.get(DRAFT)?.copyrightTemplate).toEqual(draft?.copyrightTemplate);
    await restarted.close();
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await rm(dir, { recursive: true, force: true });
  });
});
