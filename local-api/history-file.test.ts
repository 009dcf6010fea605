/**
 * The local API's history across restarts: what the Studio's History shows and
 * "Revert to revision" reads is still there after the API stops and starts again, writes
 * by others while it was stopped appear as their own entry, and the file stays bounded.
 */
import { appendFile, copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { DocumentStore } from './document-store';
import { historyFileOf } from './history-file';
import { startLocalApi, type RunningLocalApi } from './server';
import { ApiClient } from './testing/client';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const FOOTER = 'dictionary-footer';
const DRAFT = `drafts.${FOOTER}`;

let bundled: string;
beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-history-bundled-'));
  bundled = path.join(dir, 'production.ndjson');
  await importLocales(new LocalStore(bundled), { from: 'locales', dryRun: false });
});

let dir: string;
let storeFile: string;
let running: { api: RunningLocalApi; client: ApiClient } | undefined;
const log: string[] = [];

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-history-'));
  storeFile = path.join(dir, 'production.ndjson');
  await copyFile(bundled, storeFile);
  log.length = 0;
});
afterEach(async () => {
  await stop();
  await rm(dir, { recursive: true, force: true });
});

async function start() {
  const api = await startLocalApi({ storeFile, log: (line) => log.push(line) });
  running = { api, client: new ApiClient(api.url, api.token) };
  return running.client;
}

async function stop() {
  if (!running) return;
  running.client.close();
  await running.api.close();
  running = undefined;
}

async function publishFooter(client: ApiClient, text: string, transactionId: string) {
  const edit = await client.post('/data/actions/production', {
    transactionId: `${transactionId}-edit`,
    actions: [
      {
        actionType: 'sanity.action.document.edit',
        draftId: DRAFT,
        publishedId: FOOTER,
        patch: { set: { 'copyrightTemplate.de': text } },
      },
    ],
  });
  expect(edit.status, edit.text).toBe(200);
  const publish = await client.post('/data/actions/production', {
    transactionId,
    actions: [
      { actionType: 'sanity.action.document.publish', draftId: DRAFT, publishedId: FOOTER },
    ],
  });
  expect(publish.status, publish.text).toBe(200);
}

const served = async (client: ApiClient, id: string) =>
  (await client.get(`/data/doc/production/${id}`)).json.documents[0];

describe('the history across a restart', () => {
  it('still shows the publishes and the documents at each revision, and revisions stay what they were', async () => {
    let client = await start();
    const original = await served(client, FOOTER);
    const heroBefore = await served(client, 'dictionary-hero');
    await publishFooter(client, 'Eins {year} {brand}', 'tx-one');
    await publishFooter(client, 'Zwei {year} {brand}', 'tx-two');
    await stop();

    client = await start();
    expect((await served(client, FOOTER))._rev).toBe('tx-two');
    // A document nobody touched keeps the revision the history knows it by.
    expect((await served(client, 'dictionary-hero'))._rev).toBe(heroBefore._rev);

    const events = await client.get(`/data/history/production/events/documents/${FOOTER}`);
    expect(
      events.json.events[FOOTER].filter(
        (event: { type: string }) => event.type === 'publishDocumentVersion',
      ).map((event: { revisionId: string }) => event.revisionId),
    ).toEqual(['tx-two', 'tx-one']);
    // What "Revert to revision" reads: the document as it was at an earlier revision.
    const atOne = await client.get(`/data/history/production/documents/${FOOTER}?revision=tx-one`);
    expect(atOne.json.documents[0].copyrightTemplate.de).toBe('Eins {year} {brand}');
    const atStart = await client.get(
      `/data/history/production/documents/${FOOTER}?revision=${original._rev}`,
    );
    expect(atStart.json.documents[0].copyrightTemplate).toEqual(original.copyrightTemplate);
    const transactions = await client.get(
      `/data/history/production/transactions/${FOOTER}?excludeContent=true&reverse=true`,
    );
    expect(
      transactions.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(['tx-two', 'tx-one', original._rev]);
  });

  it('records what another writer changed while the API was stopped as one entry', async () => {
    let client = await start();
    await publishFooter(client, 'Eins {year} {brand}', 'tx-one');
    await stop();

    const store = new LocalStore(storeFile);
    const [footer] = await store.fetchDictionaries(['footer']);
    await store.commit([
      {
        ...footer!,
        copyrightTemplate: {
          ...(footer!.copyrightTemplate as object),
          de: 'Import {year} {brand}',
        },
      },
    ]);

    client = await start();
    const now = await served(client, FOOTER);
    expect(now.copyrightTemplate.de).toBe('Import {year} {brand}');
    expect(now._rev).not.toBe('tx-one');
    const transactions = await client.get(
      `/data/history/production/transactions/${FOOTER}?reverse=true&limit=1`,
    );
    const [latest] = transactions.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(latest).toMatchObject({ id: now._rev, author: 'system', documentIDs: [FOOTER] });
    const before = await client.get(`/data/history/production/documents/${FOOTER}?revision=tx-one`);
    expect(before.json.documents[0].copyrightTemplate.de).toBe('Eins {year} {brand}');
  });

  it('skips a line a killed API left half written, keeping the rest', async () => {
    let client = await start();
    await publishFooter(client, 'Eins {year} {brand}', 'tx-one');
    await stop();
    await appendFile(historyFileOf(storeFile), '{"id":"tx-cut","times');

    client = await start();
    expect(log).toContain(
      `local API: skipped 1 unreadable line(s) of the history in ${historyFileOf(storeFile)}.`,
    );
    const atOne = await client.get(`/data/history/production/documents/${FOOTER}?revision=tx-one`);
    expect(atOne.json.documents[0].copyrightTemplate.de).toBe('Eins {year} {brand}');
  });
});

describe('the history file is bounded', () => {
  it('keeps the newest transactions only, on disk and after a restart', async () => {
    const limit = 10;
    const open = () =>
      DocumentStore.open({ file: storeFile, historyLimit: limit, log: () => undefined });
    let store = await open();
    for (let index = 0; index < 40; index += 1) {
      await store.transact(
        'test',
        (read) => {
          const footer = read(FOOTER)!;
          return {
            kind: 'mutate',
            changes: [
              {
                id: FOOTER,
                after: { ...footer, copyrightTemplate: { _type: 'x', en: `n${index}` } },
              },
            ],
          };
        },
        `tx-${index}`,
      );
    }
    const lines = (await readFile(historyFileOf(storeFile), 'utf8')).trim().split('\n');
    expect(lines.length).toBeLessThanOrEqual(limit * 1.25);
    expect(store.history().length).toBeLessThanOrEqual(limit);
    expect(store.history().at(-1)!.id).toBe('tx-39');
    store.close();

    store = await open();
    expect(store.history().map((tx) => tx.id)).toContain('tx-39');
    expect(store.history().map((tx) => tx.id)).not.toContain('tx-0');
    expect(store.get(FOOTER)!._rev).toBe('tx-39');
    store.close();
  });
});
