/**
 * The local API is for the Studio and this machine's tools only: plain HTTP/2
 * requests with every combination of Origin, Host, token and body type, and a page on
 * another origin in Chromium trying to write a draft and mint a preview secret while the
 * Studio runs.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { launchChromium } from '@/testing/chromium';
import { listenLocally, type LocalHttpServer } from '@/testing/local-http';
import { startLocalApi, type RunningLocalApi } from './server';
import { ApiClient } from './testing/client';

const STUDIO = 'http://localhost:3333';
const FOREIGN = 'https://evil.example';
const DRAFT_EDIT = {
  actions: [
    {
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.dictionary-footer',
      publishedId: 'dictionary-footer',
      patch: { set: { 'brand.name.de': 'Übernommen' } },
    },
  ],
};
const MINT_SECRET = {
  mutations: [
    {
      create: {
        _id: 'sanity-preview-url-secret.evil',
        _type: 'sanity.previewUrlSecret',
        secret: 'known-to-the-attacker',
        source: 'attacker',
        studioUrl: FOREIGN,
      },
    },
  ],
};

let dir: string;
let storeFile: string;
let api: RunningLocalApi;
let client: ApiClient;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rg-api-access-'));
  const source = path.join(dir, 'source.ndjson');
  await importLocales(new LocalStore(source), { from: 'locales', dryRun: false });
  storeFile = path.join(dir, 'production.ndjson');
  await copyFile(source, storeFile);
  api = await startLocalApi({ storeFile, studioOrigins: [STUDIO], log: () => undefined });
  client = new ApiClient(api.url);
});
afterAll(async () => {
  client.close();
  await api.close();
  await rm(dir, { recursive: true, force: true });
});

const stored = () => readFile(storeFile, 'utf8');
const bearer = (token = api.token) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };

describe('plain HTTP', () => {
  it('answers a tool only with the token, and the Studio by its origin', async () => {
    expect((await client.request('GET', '/users/me', undefined, {})).status).toBe(401);
    expect((await client.request('GET', '/users/me', undefined, bearer('guess'))).status).toBe(401);
    expect((await client.request('GET', '/users/me', undefined, bearer())).status).toBe(200);
    const studio = await client.request('GET', '/users/me', undefined, { origin: STUDIO });
    expect(studio.status).toBe(200);
    expect(studio.headers['access-control-allow-origin']).toBe(STUDIO);
  });

  it('refuses every request from another origin, with or without the token, and writes nothing', async () => {
    const before = await stored();
    for (const headers of [
      { origin: FOREIGN },
      { origin: FOREIGN, ...bearer() },
      { origin: 'null' },
    ]) {
      const write = await client.request('POST', '/data/actions/production', DRAFT_EDIT, headers);
      expect(write.status).toBe(403);
      expect(write.headers['access-control-allow-origin']).toBeUndefined();
      const mint = await client.request('POST', '/data/mutate/production', MINT_SECRET, headers);
      expect(mint.status).toBe(403);
    }
    // Another page on this machine is another origin too.
    const local = await client.request('GET', '/users/me', undefined, {
      origin: 'http://localhost:8080',
    });
    expect(local.status).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('refuses the preflight of another origin and answers the Studio’s', async () => {
    const preflight = (origin: string) =>
      client.request('OPTIONS', '/data/actions/production', undefined, {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      });
    const foreign = await preflight(FOREIGN);
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const studio = await preflight(STUDIO);
    expect(studio.status).toBe(204);
    expect(studio.headers['access-control-allow-origin']).toBe(STUDIO);
  });

  it('accepts only JSON bodies on writes (a form or a simple request cannot write)', async () => {
    const before = await stored();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const answer = await client.request(
        'POST',
        '/data/actions/production',
        JSON.stringify(DRAFT_EDIT),
        {
          ...bearer(),
          'content-type': type,
        },
      );
      expect(answer.status).toBe(415);
    }
    expect(await stored()).toBe(before);
    const ok = await client.request('POST', '/data/actions/production', DRAFT_EDIT, {
      ...bearer(),
      ...json,
    });
    expect(ok.status).toBe(200);
  });

  it('answers only for its own host names (no DNS rebinding)', async () => {
    for (const host of [
      'evil.example',
      `evil.example:${api.port}`,
      'localhost:1',
      `localhost.evil.example:${api.port}`,
    ]) {
      const answer = await client.request('GET', '/users/me', undefined, {
        ...bearer(),
        ':authority': host,
      });
      expect(answer.status, host).toBe(403);
    }
    for (const host of [
      `localhost:${api.port}`,
      `local.localhost:${api.port}`,
      `127.0.0.1:${api.port}`,
    ]) {
      const answer = await client.request('GET', '/users/me', undefined, {
        ...bearer(),
        ':authority': host,
      });
      expect(answer.status, host).toBe(200);
    }
  });

  it('sends a person who accepted its certificate back to the Studio, and nowhere else', async () => {
    const location = async (back: string) => {
      const session = connect(api.url, { rejectUnauthorized: false });
      try {
        return await new Promise<[number, unknown]>((resolve, reject) => {
          const stream = session.request({ ':path': `/?back=${encodeURIComponent(back)}` });
          stream.on('response', (h) => resolve([Number(h[':status']), h.location]));
          stream.on('error', reject);
          stream.end();
        });
      } finally {
        session.close();
      }
    };
    expect(await location(`${STUDIO}/structure/chrome`)).toEqual([
      303,
      `${STUDIO}/structure/chrome`,
    ]);
    expect(await location(`${FOREIGN}/`)).toEqual([200, undefined]);
    expect(await location('//evil.example/')).toEqual([200, undefined]);
  });

  it('closes the presence socket to another origin', async () => {
    const open = (origin: string) =>
      new Promise<boolean>((resolve) => {
        const socket = new WebSocket(`wss://127.0.0.1:${api.port}/v2022-06-30/socket/production`, {
          rejectUnauthorized: false,
          origin,
        });
        socket.on('open', () => {
          socket.close();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
    expect(await open(FOREIGN)).toBe(false);
    expect(await open(STUDIO)).toBe(true);
  });
});

describe('a page on another origin in Chromium', () => {
  let attacker: LocalHttpServer;
  beforeAll(async () => {
    // Served from this machine too: Chromium's own protection for local networks does not
    // step in between two loopback addresses, so only the API's own checks are tested.
    attacker = await listenLocally(
      createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>elsewhere</title><p>A page elsewhere</p>');
      }),
    );
  });
  afterAll(() => attacker.stop());

  it('cannot write a draft or mint a preview secret by fetch, simple request or form', async () => {
    const before = await stored();
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto(attacker.url);
      const results = await page.evaluate(
        async ({ base, edit, mint }) => {
          const attempt = (path: string, init: RequestInit) =>
            fetch(`${base}/v2025-02-19${path}`, init).then(
              (response) => `${response.type} ${response.status}`,
              (error: Error) => `failed: ${error.name}`,
            );
          return [
            await attempt('/data/actions/production', {
              method: 'POST',
              credentials: 'include',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(edit),
            }),
            await attempt('/data/mutate/production', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(mint),
            }),
            // A "simple" request goes out without asking: the API itself must refuse it.
            await attempt('/data/actions/production', {
              method: 'POST',
              mode: 'no-cors',
              headers: { 'content-type': 'text/plain' },
              body: JSON.stringify(edit),
            }),
            await attempt('/users/me', { credentials: 'include' }),
          ];
        },
        { base: api.url, edit: DRAFT_EDIT, mint: MINT_SECRET },
      );
      expect(results).toEqual([
        'failed: TypeError',
        'failed: TypeError',
        'opaque 0',
        'failed: TypeError',
      ]);
      // A form posts without any script: the API answers it 403.
      await page.setContent(
        `<form method="post" enctype="text/plain" action="${api.url}/v2025-02-19/data/actions/production"><input name='{"a":"' value='"}'></form>`,
      );
      const [response] = await Promise.all([
        page.waitForResponse(() => true),
        page.evaluate(() => document.querySelector('form')!.submit()),
      ]);
      expect(response.status()).toBe(403);
    } finally {
      await browser.close();
    }
    expect(await stored()).toBe(before);
  });
});
