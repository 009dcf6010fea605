import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/testing/processes';
import {
  createPublishWebhookSender,
  describeDelivery,
  localPublishNotifier,
  readPublishWebhookSettings,
} from './notify-site';
import { SettingsError } from './store-settings';
import { siteAddressFile, writeSiteAddress } from './site-address';
import { siteProof } from './site-proof';
import { readWebhook, type WebhookAnswer } from './webhook';
import { siteWebhookSecret } from './webhook-secret';

const SECRET = 'sender-test-secret';
/** The site's answers, as web/go-live/webhook-receiver.ts writes them. */
const HERO_REVALIDATED: WebhookAnswer = {
  status: 'revalidated',
  namespace: 'hero',
  document: 'dictionary-hero',
  pages: ['/', '/de', '/tr'],
  locales: ['/locales/en/hero.json', '/locales/de/hero.json', '/locales/tr/hero.json'],
  translations: {
    de: { texts: 12, missing: 0, outdated: 2, warnings: 1 },
    tr: { texts: 12, missing: 1, outdated: 0, warnings: 0 },
  },
  cdnPurge: { state: 'off' },
};
const FOOTER_HELD_BACK: WebhookAnswer = {
  status: 'held-back',
  namespace: 'footer',
  document: 'dictionary-footer',
  problems: ['dictionary-footer (de) → copyrightTemplate: …'],
};
const SANITY_STORE = { SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'production' };
const received: { method: string; headers: IncomingHttpHeaders; body: string }[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      const doc = JSON.parse(body) as { _id: string };
      res.end(
        JSON.stringify(doc._id === 'dictionary-footer' ? FOOTER_HELD_BACK : HERO_REVALIDATED),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/revalidate`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the publish webhook sender', () => {
  it('sends one signed POST per published document, as Sanity does', async () => {
    received.length = 0;
    const send = createPublishWebhookSender({
      SITE_REVALIDATE_URL: url,
      SANITY_REVALIDATE_SECRET: SECRET,
    })!;
    const deliveries = await send([
      { _id: 'dictionary-hero', _type: 'heroDictionary' },
      { _id: 'dictionary-footer', _type: 'footerDictionary' },
      { _id: 'dictionary-hero', _type: 'heroDictionary' },
    ]);
    expect(received.map((r) => r.body).sort()).toEqual([
      '{"_id":"dictionary-footer","_type":"footerDictionary"}',
      '{"_id":"dictionary-hero","_type":"heroDictionary"}',
    ]);
    for (const request of received) {
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      const signature = request.headers[SIGNATURE_HEADER_NAME] as string;
      await expect(isValidSignature(request.body, signature, SECRET)).resolves.toBe(true);
      await expect(isValidSignature(request.body, signature, 'other')).resolves.toBe(false);
    }
    expect(deliveries.map(describeDelivery)).toEqual([
      'dictionary-hero: 200 revalidated (3 page(s), 3 /locales file(s)); outdated translations: de 2; check warnings: de 1',
      'dictionary-footer: 200 held back: dictionary-footer (de) → copyrightTemplate: …',
    ]);
  });

  it('reports a site it cannot reach instead of throwing', async () => {
    const send = createPublishWebhookSender({
      SITE_REVALIDATE_URL: `http://127.0.0.1:${await freePort()}/api/revalidate`,
      SANITY_REVALIDATE_SECRET: SECRET,
    })!;
    const [delivery] = await send([{ _id: 'dictionary-hero', _type: 'heroDictionary' }]);
    expect(delivery!.status).toBeNull();
    expect(describeDelivery(delivery!)).toMatch(/dictionary-hero: site not reached .*ECONNREFUSED/);
  });

  it('is off without SITE_REVALIDATE_URL and names a malformed or half-made setting', () => {
    expect(createPublishWebhookSender({ SANITY_REVALIDATE_SECRET: SECRET })).toBeUndefined();
    // With a Sanity store there is no shared secret file to fall back on.
    expect(() => readPublishWebhookSettings({ SITE_REVALIDATE_URL: url, ...SANITY_STORE })).toThrow(
      /SANITY_REVALIDATE_SECRET is missing/,
    );
    expect(() =>
      readPublishWebhookSettings({
        SITE_REVALIDATE_URL: 'localhost:3000',
        SANITY_REVALIDATE_SECRET: SECRET,
      }),
    ).toThrow(SettingsError);
    expect(() =>
      readPublishWebhookSettings({
        SITE_REVALIDATE_URL: 'ftp://site/x',
        SANITY_REVALIDATE_SECRET: SECRET,
      }),
    ).toThrow(/must be an http:\/\/ or https:\/\/ URL/);
  });
});

describe('the local API notifier (npm run studio, npm run local-api)', () => {
  let dir: string;
  let storeFile: string;
  let site: Server;
  let siteUrl: string;
  let siteEnv: Record<string, string | undefined>;
  /** What the site received: `challenge`, or a delivery's body. */
  let posts: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rg-notifier-'));
    storeFile = path.join(dir, 'production.ndjson');
    siteEnv = { CONTENT_STORE_FILE: storeFile };
    // The site's end as the site checks it: the secret it finds, then the signature; and its
    // proof of that secret when asked (GET ?challenge=).
    site = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => void answer());
      async function answer() {
        const secret = await siteWebhookSecret(siteEnv);
        if (req.method === 'GET') {
          const challenge = new URL(req.url ?? '/', 'http://site').searchParams.get('challenge');
          res.statusCode = secret ? 200 : 401;
          posts.push('challenge');
          return res.end(
            JSON.stringify(secret ? { proof: siteProof(challenge!, secret.secret) } : {}),
          );
        }
        posts.push(body);
        const delivery = await readWebhook(
          body,
          (req.headers[SIGNATURE_HEADER_NAME] as string | undefined) ?? null,
          secret?.secret,
        );
        res.setHeader('content-type', 'application/json');
        if (delivery.kind === 'rejected') {
          res.statusCode = delivery.status;
          res.end(
            JSON.stringify({
              status: 'rejected',
              message: delivery.message,
            } satisfies WebhookAnswer),
          );
        } else {
          res.end(JSON.stringify(HERO_REVALIDATED));
        }
      }
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/api/revalidate`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => site.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  const hero = [{ _id: 'dictionary-hero', _type: 'heroDictionary' }];

  it('sends to the site running on the same store, else to the one of npm start, once it proves it holds the secret', async () => {
    const lines: string[] = [];
    const defaultTarget = localPublishNotifier({}, { storeFile, log: (l) => lines.push(l) });
    // Where npm start serves (PORT 3000), written out: the default is a promise to people.
    expect(defaultTarget.target).toBe(
      `the site running on ${storeFile} (signed with the secret in ${path.join(dir, 'webhook-secret')}; SITE_REVALIDATE_URL names another), else http://localhost:3000/api/revalidate`,
    );
    // A site that ran on this store and was killed: its address no longer counts.
    await writeSiteAddress(storeFile, { url: 'http://localhost:1', pid: 2 ** 22 + 1 });
    expect((await defaultTarget.site()).origin).toBe('http://localhost:3000');
    // `PORT=3001 npm start`: the site says where it is, and nothing else is set.
    await writeSiteAddress(storeFile, { url: new URL(siteUrl).origin, pid: process.pid });
    try {
      expect(await defaultTarget.site()).toEqual({
        origin: new URL(siteUrl).origin,
        announced: true,
      });
      posts = [];
      await defaultTarget.onPublished(hero);
      expect(posts).toEqual(['challenge', JSON.stringify(hero[0])]);
    } finally {
      await rm(siteAddressFile(storeFile));
    }
    lines.length = 0;

    const notifier = localPublishNotifier(
      // Sanity settings in the shell do not change which store the API serves.
      { SITE_REVALIDATE_URL: siteUrl, ...SANITY_STORE },
      { storeFile, log: (l) => lines.push(l) },
    );
    expect(notifier.target).toBe(
      `${siteUrl} (signed with the secret in ${path.join(dir, 'webhook-secret')})`,
    );
    await notifier.onPublished(hero);
    expect(lines).toEqual([
      'publish → site: dictionary-hero: 200 revalidated (3 page(s), 3 /locales file(s)); outdated translations: de 2; check warnings: de 1',
    ]);
  });

  /** What the sender logs for one publish while the site reads its settings from `env`. */
  async function linesWhileSiteReads(env: Record<string, string>): Promise<string[]> {
    const lines: string[] = [];
    siteEnv = env;
    try {
      const notifier = localPublishNotifier(
        { SITE_REVALIDATE_URL: siteUrl },
        { storeFile, log: (l) => lines.push(l) },
      );
      await notifier.onPublished(hero);
    } finally {
      siteEnv = { CONTENT_STORE_FILE: storeFile };
    }
    return lines;
  }

  it('sends nothing to a site that checks another secret (another checkout), and says so', async () => {
    posts = [];
    const lines = await linesWhileSiteReads({
      CONTENT_STORE_FILE: storeFile,
      SANITY_REVALIDATE_SECRET: 'the-site-has-its-own',
    });
    expect(posts).toEqual(['challenge']);
    const origin = new URL(siteUrl).origin;
    expect(lines).toEqual([
      `publish → site: dictionary-hero: not sent: ${origin} is not this checkout's site: it checks another webhook secret; nothing was sent. Is this checkout's site running (npm start)? It announces its address beside ${storeFile}; a site elsewhere needs SITE_REVALIDATE_URL and the same SANITY_REVALIDATE_SECRET.`,
    ]);
    // The editor sees it beside Publish.
    siteEnv = { CONTENT_STORE_FILE: path.join(dir, 'elsewhere', 'production.ndjson') };
    const notifier = localPublishNotifier(
      { SITE_REVALIDATE_URL: siteUrl },
      { storeFile, log: () => undefined },
    );
    await notifier.onPublished(hero);
    siteEnv = { CONTENT_STORE_FILE: storeFile };
    expect(await notifier.publishState('dictionary-hero')).toEqual({
      state: 'pending',
      reasons: [
        `${origin} is not this checkout's site: it did not prove it holds the webhook secret (it answered the challenge with 401); nothing was sent`,
      ],
    });
  });

  it('says in one line that the site is not reached, and does not throw', async () => {
    const lines: string[] = [];
    const closed = `http://127.0.0.1:${await freePort()}/api/revalidate`;
    const notifier = localPublishNotifier(
      { SITE_REVALIDATE_URL: closed },
      { storeFile, log: (l) => lines.push(l) },
    );
    await expect(notifier.onPublished(hero)).resolves.toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^publish → site: dictionary-hero: site not reached \\(.*ECONNREFUSED\\)\\) at ${closed.replaceAll('.', '\\.')}\\. Is the site running \\(npm start\\)\\? The edit is saved`,
      ),
    );
  });

  it('refuses a malformed SITE_REVALIDATE_URL at start', () => {
    expect(() =>
      localPublishNotifier({ SITE_REVALIDATE_URL: 'localhost:3000' }, { storeFile, log: () => {} }),
    ).toThrow(/SITE_REVALIDATE_URL "localhost:3000" must be an http:\/\/ or https:\/\/ URL/);
  });
});
