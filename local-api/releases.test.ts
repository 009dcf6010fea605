/**
 * Releases in the local API over real HTTP/2, on a temporary copy of the dataset: the
 * release and version actions the Studio sends, reads in a release's perspective, publishing
 * a release as one transaction (or not at all), and scheduled releases publishing by
 * themselves, across a restart, once.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { importLocales } from '@/content/import-locales';
import { askReleaseCheck } from '@/content/release-check';
import { listenLocally } from '@/testing/local-http';
import { LocalStore } from '@/content/local-store';
import type { ReleaseCheck } from './release-scheduler';
import { startLocalApi, type PublishedDocument, type RunningLocalApi } from './server';
import { ApiClient } from './testing/client';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const FOOTER = 'dictionary-footer';
const HERO = 'dictionary-hero';
const ACTIONS = '/data/actions/production';

let bundled: string;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-releases-'));
  bundled = path.join(dir, 'bundled.ndjson');
  await importLocales(new LocalStore(bundled), { from: 'locales', dryRun: false });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Fixture {
  storeFile: string;
  api: RunningLocalApi;
  client: ApiClient;
  published: PublishedDocument[][];
  log: string[];
}

let count = 0;
async function start(
  storeFile?: string,
  releaseCheck?: ReleaseCheck,
  fixture?: Pick<Fixture, 'published' | 'log'>,
): Promise<Fixture> {
  const file = storeFile ?? path.join(dir, `store-${++count}.ndjson`);
  if (!storeFile) await copyFile(bundled, file);
  const published = fixture?.published ?? [];
  const log = fixture?.log ?? [];
  const api = await startLocalApi({
    storeFile: file,
    watchIntervalMs: 50,
    log: (line) => log.push(line),
    onPublished: (documents) => void published.push(documents),
    ...(releaseCheck ? { releaseCheck } : {}),
  });
  return { storeFile: file, api, client: new ApiClient(api.url, api.token), published, log };
}

async function stop(f: Fixture) {
  f.client.close();
  await f.api.close();
}

const release = (actionType: string, releaseId: string, extra: object = {}) => ({
  actions: [{ actionType: `sanity.action.release.${actionType}`, releaseId, ...extra }],
});

/** Creates release `name` with versions of `ids`, each editing its English copyright. */
async function releaseWith(f: Fixture, name: string, texts: Record<string, string>) {
  expect(
    (await f.client.post(ACTIONS, release('create', name, { metadata: { title: name } }))).status,
  ).toBe(200);
  for (const [id, text] of Object.entries(texts)) {
    const versionId = `versions.${name}.${id}`;
    const created = await f.client.post(ACTIONS, {
      actions: [
        {
          actionType: 'sanity.action.document.version.create',
          publishedId: id,
          baseId: id,
          versionId,
        },
      ],
    });
    expect(created.status, created.text).toBe(200);
    const edited = await f.client.post(ACTIONS, {
      actions: [
        {
          actionType: 'sanity.action.document.edit',
          draftId: versionId,
          publishedId: id,
          patch: { set: { 'releaseNote.en': text } },
        },
      ],
    });
    expect(edited.status, edited.text).toBe(200);
  }
}

async function query(f: Fixture, groq: string, perspective: string) {
  const answer = await f.client.get(
    `/data/query/production?query=${encodeURIComponent(groq)}&perspective=${perspective}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.json.result;
}

const releaseDoc = async (f: Fixture, name: string) =>
  (await f.client.get(`/data/doc/production/_.releases.${name}`)).json.documents[0];

describe('releases in the local API', () => {
  it('creates a release, keeps versions apart from the published documents, discards one', async () => {
    const f = await start();
    try {
      const listener = f.client.listen(
        '*[_id in path("versions.**")]',
        {},
        { includeResult: 'true' },
      );
      await releaseWith(f, 'rLaunch', { [FOOTER]: 'Launch footer', [HERO]: 'Launch hero' });
      const notes = '*[_id in $ids]{_id, "note": releaseNote.en}';
      const ids = `&$ids=${encodeURIComponent(JSON.stringify([FOOTER, HERO]))}`;
      const read = async (perspective: string) =>
        (
          await f.client.get(
            `/data/query/production?query=${encodeURIComponent(notes)}${ids}&perspective=${perspective}`,
          )
        ).json.result;
      expect(await read('rLaunch,drafts')).toEqual(
        expect.arrayContaining([
          { _id: FOOTER, note: 'Launch footer' },
          { _id: HERO, note: 'Launch hero' },
        ]),
      );
      expect((await read('published')).map((doc: { note?: string }) => doc.note)).not.toContain(
        'Launch footer',
      );
      // The Studio's release list and its documents.
      const releases = await query(
        f,
        '*[_type=="system.release" && _id in path("_.releases.*")]{name, state, metadata}',
        'raw',
      );
      expect(releases).toEqual([
        {
          name: 'rLaunch',
          state: 'active',
          metadata: { title: 'rLaunch', releaseType: 'undecided' },
        },
      ]);
      expect((await query(f, '*[sanity::partOfRelease("rLaunch")]._id', 'raw')).sort()).toEqual([
        `versions.rLaunch.${FOOTER}`,
        `versions.rLaunch.${HERO}`,
      ]);
      // Listeners hear of versions' writes, as of any document's.
      const events = await listener.waitFor(5);
      expect(events.some((event) => event.data.documentId === `versions.rLaunch.${HERO}`)).toBe(
        true,
      );
      listener.close();

      const discarded = await f.client.post(ACTIONS, {
        actions: [
          {
            actionType: 'sanity.action.document.version.discard',
            versionId: `versions.rLaunch.${HERO}`,
          },
        ],
      });
      expect(discarded.status, discarded.text).toBe(200);
      expect(await query(f, '*[sanity::partOfRelease("rLaunch")]._id', 'raw')).toEqual([
        `versions.rLaunch.${FOOTER}`,
      ]);
      expect(f.published).toEqual([]);

      // Only dictionaries have versions, and only in a release that exists.
      const unknown = await f.client.post(ACTIONS, {
        actions: [
          {
            actionType: 'sanity.action.document.version.create',
            publishedId: 'someone-else',
            baseId: 'someone-else',
            versionId: 'versions.rLaunch.someone-else',
          },
        ],
      });
      expect(unknown.status).toBe(400);
      const noRelease = await f.client.post(ACTIONS, {
        actions: [
          {
            actionType: 'sanity.action.document.version.create',
            publishedId: HERO,
            baseId: HERO,
            versionId: `versions.rNope.${HERO}`,
          },
        ],
      });
      expect(noRelease.status).toBe(404);
      expect(noRelease.json.message).toContain('there is no release "rNope"');
    } finally {
      await stop(f);
    }
  });

  it('publishes a release in one transaction: a reader sees all of it or none', async () => {
    const f = await start();
    try {
      await releaseWith(f, 'rOne', { [FOOTER]: 'One footer', [HERO]: 'One hero' });
      const listener = f.client.listen(`*[_id in ["${FOOTER}", "${HERO}"]]`);
      const answer = await f.client.post(ACTIONS, release('publish', 'rOne'));
      expect(answer.status, answer.text).toBe(200);
      await listener.waitFor(3);
      const events = listener.events.filter((event) => event.event === 'mutation');
      listener.close();
      // Both published documents change in the same transaction, the one the answer names.
      expect(new Set(events.map((event) => event.data.transactionId))).toEqual(
        new Set([answer.json.transactionId]),
      );
      expect(
        await query(f, `*[_id in ["${FOOTER}", "${HERO}"]].releaseNote.en`, 'published'),
      ).toEqual(expect.arrayContaining(['One footer', 'One hero']));
      // One announcement to the site for the set, naming the release as the publisher.
      expect(f.published).toEqual([
        expect.arrayContaining([
          expect.objectContaining({ _id: FOOTER, publishedBy: 'local-editor (release rOne)' }),
          expect.objectContaining({ _id: HERO, publishedBy: 'local-editor (release rOne)' }),
        ]),
      ]);
      const file = await readFile(f.storeFile, 'utf8');
      expect(file).not.toContain('"_id":"versions.rOne.');
      const done = await releaseDoc(f, 'rOne');
      expect(done.state).toBe('published');
      expect(done.publishedAt).toEqual(expect.any(String));
      expect(done.finalDocumentStates).toEqual([
        { id: `versions.rOne.${FOOTER}` },
        { id: `versions.rOne.${HERO}` },
      ]);
      // The Studio shows a published release's documents from the history.
      const history = await f.client.get(
        `/data/history/production/documents/versions.rOne.${HERO}?lastRevision=true`,
      );
      expect(history.json.documents[0].releaseNote.en).toBe('One hero');
      // Its revision is the release's publish: Revert release reads the history up to it.
      expect(history.json.documents[0]._rev).toBe(f.api.store.get(HERO)!._rev);
      // Never twice.
      expect((await f.client.post(ACTIONS, release('publish', 'rOne'))).status).toBe(409);
    } finally {
      await stop(f);
    }
  });

  it('publishes two releases changing the same text: the last keeps its text, each named', async () => {
    const f = await start();
    try {
      await releaseWith(f, 'rFirst', { [FOOTER]: 'First footer' });
      await releaseWith(f, 'rSecond', { [FOOTER]: 'Second footer' });
      for (const name of ['rFirst', 'rSecond']) {
        const answer = await f.client.post(ACTIONS, release('publish', name));
        expect(answer.status, answer.text).toBe(200);
      }
      expect(await query(f, `*[_id == "${FOOTER}"][0].releaseNote.en`, 'published')).toBe(
        'Second footer',
      );
      // The site is told each time which release wrote the document (its version record).
      await vi.waitFor(() =>
        expect(f.published).toEqual([
          [expect.objectContaining({ _id: FOOTER, publishedBy: 'local-editor (release rFirst)' })],
          [expect.objectContaining({ _id: FOOTER, publishedBy: 'local-editor (release rSecond)' })],
        ]),
      );
      // The store's history: each revision of the document written with its release's document.
      const log = await f.client.get(
        `/data/history/production/transactions/${FOOTER}?excludeContent=true&reverse=true&limit=2`,
      );
      const [second, first] = log.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; documentIDs: string[] });
      expect(first!.documentIDs).toContain('_.releases.rFirst');
      expect(second!.documentIDs).toContain('_.releases.rSecond');
      for (const [tx, text] of [
        [first!, 'First footer'],
        [second!, 'Second footer'],
      ] as const) {
        const at = await f.client.get(
          `/data/history/production/documents/${FOOTER}?revision=${tx.id}`,
        );
        expect(at.json.documents[0].releaseNote.en).toBe(text);
      }
    } finally {
      await stop(f);
    }
  });

  it('leaves nothing published when a publish fails half-way, and can publish again', async () => {
    const f = await start();
    try {
      await releaseWith(f, 'rHalf', { [FOOTER]: 'Half footer' });
      // Another writer leaves a version the release cannot publish: a hero with the wrong type,
      // sorted after the footer, so the footer is planned first.
      const text = await readFile(f.storeFile, 'utf8');
      await writeFile(
        f.storeFile,
        `${text}${JSON.stringify({ _id: `versions.rHalf.${HERO}`, _type: 'footerDictionary' })}\n`,
      );
      await vi.waitFor(
        async () =>
          expect(await query(f, '*[sanity::partOfRelease("rHalf")]._id', 'raw')).toHaveLength(2),
        { timeout: 10_000 },
      );
      const failed = await f.client.post(ACTIONS, release('publish', 'rHalf'));
      expect(failed.status).toBe(400);
      expect(failed.text).toContain(`versions.rHalf.${HERO}`);
      expect(await query(f, `*[_id == "${FOOTER}"][0].releaseNote.en`, 'published')).not.toBe(
        'Half footer',
      );
      expect((await releaseDoc(f, 'rHalf')).state).toBe('active');
      expect(f.published).toEqual([]);

      await f.client.post(ACTIONS, {
        actions: [
          {
            actionType: 'sanity.action.document.version.discard',
            versionId: `versions.rHalf.${HERO}`,
          },
        ],
      });
      expect((await f.client.post(ACTIONS, release('publish', 'rHalf'))).status).toBe(200);
      expect(await query(f, `*[_id == "${FOOTER}"][0].releaseNote.en`, 'published')).toBe(
        'Half footer',
      );
    } finally {
      await stop(f);
    }
  });

  it('publishes a scheduled release at its time, with nobody asking, and a past time at once', async () => {
    const f = await start();
    try {
      await releaseWith(f, 'rSoon', { [FOOTER]: 'Soon footer' });
      const at = new Date(Date.now() + 1_500).toISOString();
      const scheduled = await f.client.post(
        ACTIONS,
        release('schedule', 'rSoon', { publishAt: at }),
      );
      expect(scheduled.status, scheduled.text).toBe(200);
      // Locked while scheduled.
      const locked = await f.client.post(ACTIONS, {
        actions: [
          {
            actionType: 'sanity.action.document.edit',
            draftId: `versions.rSoon.${FOOTER}`,
            publishedId: FOOTER,
            patch: { set: { 'releaseNote.en': 'late change' } },
          },
        ],
      });
      expect(locked.status).toBe(409);
      expect((await releaseDoc(f, 'rSoon')).state).toBe('scheduled');
      await vi.waitFor(async () => expect((await releaseDoc(f, 'rSoon')).state).toBe('published'), {
        timeout: 15_000,
        interval: 100,
      });
      expect(Date.parse((await releaseDoc(f, 'rSoon')).publishedAt)).toBeGreaterThanOrEqual(
        Date.parse(at),
      );
      // Published by nobody at the keyboard: the Studio names the writer "Scheduled release".
      await vi.waitFor(() =>
        expect(f.published).toEqual([
          [expect.objectContaining({ _id: FOOTER, publishedBy: 'scheduler (release rSoon)' })],
        ]),
      );
      expect((await f.client.get('/users/scheduler')).json).toEqual([
        { id: 'scheduler', displayName: 'Scheduled release', imageUrl: null },
      ]);

      await releaseWith(f, 'rPast', { [HERO]: 'Past hero' });
      await f.client.post(
        ACTIONS,
        release('schedule', 'rPast', { publishAt: '2020-01-01T00:00:00Z' }),
      );
      await vi.waitFor(async () => expect((await releaseDoc(f, 'rPast')).state).toBe('published'), {
        timeout: 15_000,
        interval: 100,
      });
      // A bad time is a client mistake.
      await releaseWith(f, 'rBad', { [HERO]: 'Bad hero' });
      const bad = await f.client.post(ACTIONS, release('schedule', 'rBad', { publishAt: 'soon' }));
      expect(bad.status).toBe(400);
    } finally {
      await stop(f);
    }
  });

  it('publishes a release whose time passed while the API was stopped, once', async () => {
    const state = { published: [] as PublishedDocument[][], log: [] as string[] };
    let f = await start(undefined, undefined, state);
    const storeFile = f.storeFile;
    await releaseWith(f, 'rLate', { [FOOTER]: 'Late footer' });
    await f.client.post(
      ACTIONS,
      release('schedule', 'rLate', { publishAt: new Date(Date.now() + 1_000).toISOString() }),
    );
    await stop(f);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(state.published).toEqual([]);
    f = await start(storeFile, undefined, state);
    try {
      await vi.waitFor(async () => expect((await releaseDoc(f, 'rLate')).state).toBe('published'), {
        timeout: 15_000,
        interval: 100,
      });
    } finally {
      await stop(f);
    }
    f = await start(storeFile, undefined, state);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(state.published).toHaveLength(1);
      const publishes = f.api.store
        .history()
        .filter((tx) =>
          tx.changes.some(
            (change) => change.id === '_.releases.rLate' && change.after?.state === 'published',
          ),
        );
      expect(publishes).toHaveLength(1);
    } finally {
      await stop(f);
    }
  });

  it("does not publish a release the site's release check blocks: unscheduled, with why, before its time or at it", async () => {
    // The site's end of the release check, at the wire: signed like the publish webhook. Its
    // answers in turn: blocked when first scheduled; ready when scheduled again for the same
    // time, and for a nearer one; blocked at that time (the copy changed meanwhile); blocked
    // on Run release, then ready.
    const secret = 'release-check-secret';
    const asked: unknown[] = [];
    const answers = ['blocked', 'ready', 'ready', 'blocked', 'blocked'];
    const site = await listenLocally(
      createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          void isValidSignature(body, String(req.headers[SIGNATURE_HEADER_NAME]), secret).then(
            (valid) => {
              if (!valid || req.url !== '/api/release-check') {
                res.writeHead(401).end();
                return;
              }
              const status = answers[asked.length] ?? 'ready';
              asked.push(JSON.parse(body));
              res.writeHead(200, { 'content-type': 'application/json' });
              res.end(
                JSON.stringify({
                  status,
                  release: 'rBlocked',
                  problems:
                    status === 'blocked'
                      ? [
                          {
                            document: FOOTER,
                            language: 'de',
                            path: 'releaseNote',
                            message: 'too long',
                          },
                        ]
                      : [],
                  outdated: [],
                }),
              );
            },
          );
        });
      }),
    );
    onTestFinished(() => site.stop());
    const check: ReleaseCheck = (name, options) =>
      askReleaseCheck(`${site.url}/api/revalidate`, secret, name, options);
    const f = await start(undefined, check);
    const unscheduledWithWhy = async (line: string) => {
      await vi.waitFor(async () => expect((await releaseDoc(f, 'rBlocked')).state).toBe('active'), {
        timeout: 15_000,
      });
      const blocked = await releaseDoc(f, 'rBlocked');
      // What the Studio shows on the release: "Failed to schedule", and the reason.
      expect(blocked.error.message).toContain(`${FOOTER} (de) releaseNote: too long`);
      expect(blocked.publishAt).toBeUndefined();
      expect(f.published).toEqual([]);
      expect(f.log.filter((logged) => logged.includes(line))).toHaveLength(1);
      expect(await query(f, `*[_id == "${FOOTER}"][0].releaseNote.en`, 'published')).not.toBe(
        'Blocked footer',
      );
    };
    try {
      await releaseWith(f, 'rBlocked', { [FOOTER]: 'Blocked footer' });
      // Before its time: marked as soon as it is scheduled.
      const later = new Date(Date.now() + 60_000).toISOString();
      await f.client.post(ACTIONS, release('schedule', 'rBlocked', { publishAt: later }));
      await unscheduledWithWhy('release "rBlocked" (at ');
      expect(asked).toEqual([{ release: 'rBlocked' }]);

      // The editor's waiver is recorded on the release and passed on to the check; at its time
      // the release is checked again, blocked, and unscheduled with why.
      const waiver = { by: 'local-editor', at: new Date().toISOString() };
      const edited = await f.client.post(
        ACTIONS,
        release('edit', 'rBlocked', { patch: { set: { 'metadata.waiveOutdated': waiver } } }),
      );
      expect(edited.status, edited.text).toBe(200);
      expect((await releaseDoc(f, 'rBlocked')).metadata.waiveOutdated).toEqual(waiver);
      // Scheduled again for the same time: checked again.
      await f.client.post(ACTIONS, release('schedule', 'rBlocked', { publishAt: later }));
      await vi.waitFor(() => expect(asked).toHaveLength(2), { timeout: 15_000, interval: 100 });
      expect((await releaseDoc(f, 'rBlocked')).state).toBe('scheduled');
      await f.client.post(ACTIONS, release('unschedule', 'rBlocked'));
      await f.client.post(
        ACTIONS,
        // Far enough ahead that the check at schedule time comes first, even on a loaded machine.
        release('schedule', 'rBlocked', { publishAt: new Date(Date.now() + 3_000).toISOString() }),
      );
      await vi.waitFor(() => expect(asked).toHaveLength(4), { timeout: 15_000, interval: 100 });
      expect(asked.slice(1)).toEqual(
        Array.from({ length: 3 }, () => ({ release: 'rBlocked', waiveOutdated: true })),
      );
      await unscheduledWithWhy('release "rBlocked" was not published');

      // Run release (now, by hand) is checked the same way: refused with why, then published.
      const refused = await f.client.post(ACTIONS, release('publish', 'rBlocked'));
      expect(refused.status).toBe(409);
      expect(refused.json.error.description).toContain(`${FOOTER} (de) releaseNote: too long`);
      expect(f.published).toEqual([]);
      expect((await f.client.post(ACTIONS, release('publish', 'rBlocked'))).status).toBe(200);
      expect((await releaseDoc(f, 'rBlocked')).state).toBe('published');
    } finally {
      await stop(f);
    }
  });
});
