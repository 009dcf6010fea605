/**
 * The purge requests at the wire: a local server stands in for Fastly's and Cloudflare's APIs
 * (and for Varnish) and records exactly what the purger sends; each answers as its documentation
 * says. Varnish itself is exercised for real by e2e/cdn.test.ts.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, type LocalHttpServer } from '@/testing/local-http';
import { cdnPurgeSettings, readSiteSettings } from '../site/site-settings';
import { CdnPurger } from './cdn-purge';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let api: LocalHttpServer;
let received: Received[] = [];
/** What the stand-in answers to each request, in turn; the last one repeats. */
let answers: { status: number; body: unknown }[] = [];

beforeAll(async () => {
  api = await listenLocally(
    createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const answer =
          answers.length > 1 ? answers.shift()! : (answers[0] ?? { status: 200, body: {} });
        res.writeHead(answer.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    }),
  );
});
afterAll(() => api?.stop());
afterEach(() => {
  received = [];
  answers = [];
});

const purgerFor = (env: Record<string, string>) =>
  new CdnPurger(cdnPurgeSettings(readSiteSettings({ CDN_PURGE_URL: api.url, ...env })));

describe('Fastly', () => {
  const FASTLY = {
    CDN_PURGE: 'fastly',
    FASTLY_API_TOKEN: 'fastly-test-token',
    FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY',
  };

  it('purges the surrogate keys in one POST /service/<id>/purge with Fastly-Key and a JSON body', async () => {
    answers = [{ status: 200, body: { 'dictionary:hero': '108-1391560174-974124' } }];
    const outcome = await purgerFor(FASTLY).send(['dictionary:hero', 'dictionary:faq']);
    expect(outcome).toEqual({ ok: true });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/service/SU1Z0isxPaozGVKXdv0eY/purge' });
    expect(request!.headers).toMatchObject({
      'fastly-key': 'fastly-test-token',
      accept: 'application/json',
      'content-type': 'application/json',
    });
    // A hard purge: a soft one would let the edge serve the old page once more.
    expect(request!.headers['fastly-soft-purge']).toBeUndefined();
    expect(JSON.parse(request!.body)).toEqual({
      surrogate_keys: ['dictionary:hero', 'dictionary:faq'],
    });
  });

  it('reads a 503 as worth retrying and refused credentials as not', async () => {
    answers = [{ status: 503, body: { msg: 'busy' } }];
    expect(await purgerFor(FASTLY).send(['dictionary:hero'])).toMatchObject({
      ok: false,
      permanent: false,
    });
    answers = [{ status: 403, body: { msg: 'Provided credentials are missing or invalid' } }];
    const refused = await purgerFor(FASTLY).send(['dictionary:hero']);
    expect(refused).toMatchObject({ ok: false, permanent: true });
    expect(!refused.ok && refused.error).toContain('credentials are missing or invalid');
  });
});

describe('Cloudflare', () => {
  const CLOUDFLARE = {
    CDN_PURGE: 'cloudflare',
    CLOUDFLARE_API_TOKEN: 'cf-test-token',
    CLOUDFLARE_ZONE_ID: '023e105f4ecef8ad9ca31a8372d0c353',
  };

  it('purges the tags in one POST /zones/<id>/purge_cache with a bearer token and {"tags": [...]}', async () => {
    answers = [
      { status: 200, body: { success: true, errors: [], messages: [], result: { id: 'x' } } },
    ];
    const outcome = await purgerFor(CLOUDFLARE).send(['dictionary:hero']);
    expect(outcome).toEqual({ ok: true });
    const [request] = received;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache',
    });
    expect(request!.headers).toMatchObject({
      authorization: 'Bearer cf-test-token',
      'content-type': 'application/json',
    });
    expect(JSON.parse(request!.body)).toEqual({ tags: ['dictionary:hero'] });
  });

  it('sends at most 30 tags a request', async () => {
    answers = [{ status: 200, body: { success: true } }];
    const tags = Array.from({ length: 31 }, (_, i) => `dictionary:n${i}`);
    await purgerFor(CLOUDFLARE).send(tags);
    expect(received.map((r) => (JSON.parse(r.body) as { tags: string[] }).tags.length)).toEqual([
      30, 1,
    ]);
  });

  it('counts an answer without success: true as a failure', async () => {
    answers = [
      { status: 200, body: { success: false, errors: [{ code: 1134, message: 'nope' }] } },
    ];
    const outcome = await purgerFor(CLOUDFLARE).send(['dictionary:hero']);
    expect(outcome).toMatchObject({ ok: false, permanent: true });
    expect(!outcome.ok && outcome.error).toContain('1134');
  });
});

describe('Varnish', () => {
  it('sends PURGE with the tags in the xkey-purge header', async () => {
    await purgerFor({ CDN_PURGE: 'varnish' }).send(['dictionary:hero', 'dictionary:faq']);
    expect(received).toEqual([expect.objectContaining({ method: 'PURGE', url: '/', body: '' })]);
    expect(received[0]!.headers['xkey-purge']).toBe('dictionary:hero dictionary:faq');
  });
});

describe('failures', () => {
  it('says why when the CDN cannot be reached, as worth retrying', async () => {
    const outcome = await new CdnPurger({ cdn: 'varnish', url: 'http://127.0.0.1:9' }, 500).send([
      'dictionary:hero',
    ]);
    expect(outcome).toMatchObject({ ok: false, permanent: false });
    expect(!outcome.ok && outcome.error).toContain('127.0.0.1:9');
  });

  it('does nothing without a CDN', async () => {
    await expect(new CdnPurger({ cdn: 'off' }).send(['dictionary:hero'])).resolves.toEqual({
      ok: true,
    });
    expect(received).toEqual([]);
  });
});

describe('settings', () => {
  it.each([
    [{ CDN_PURGE: 'akamai' }, 'CDN_PURGE', 'must be varnish, fastly or cloudflare'],
    [{ CDN_PURGE: 'varnish' }, 'CDN_PURGE_URL', 'is required with CDN_PURGE=varnish'],
    [
      { CDN_PURGE: 'fastly', FASTLY_API_TOKEN: 't' },
      'FASTLY_SERVICE_ID',
      'is required with CDN_PURGE=fastly',
    ],
    [{ CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'z' }, 'CLOUDFLARE_API_TOKEN', 'is required'],
    [
      { CDN_PURGE: 'varnish', CDN_PURGE_URL: 'varnish:6081' },
      'CDN_PURGE_URL',
      'absolute http(s) URL',
    ],
  ])('%o is refused, naming %s', (env, key, message) => {
    expect(() => readSiteSettings(env)).toThrow(message);
    expect(() => readSiteSettings(env)).toThrow(`→ at ${key}`);
  });

  it('defaults to no CDN, and to the hosted APIs', () => {
    expect(cdnPurgeSettings(readSiteSettings({}))).toEqual({ cdn: 'off' });
    expect(
      cdnPurgeSettings(
        readSiteSettings({ CDN_PURGE: 'fastly', FASTLY_API_TOKEN: 't', FASTLY_SERVICE_ID: 's' }),
      ),
    ).toMatchObject({ apiUrl: 'https://api.fastly.com' });
    expect(
      cdnPurgeSettings(
        readSiteSettings({
          CDN_PURGE: 'cloudflare',
          CLOUDFLARE_API_TOKEN: 't',
          CLOUDFLARE_ZONE_ID: 'z',
        }),
      ),
    ).toMatchObject({ apiUrl: 'https://api.cloudflare.com/client/v4' });
  });
});
