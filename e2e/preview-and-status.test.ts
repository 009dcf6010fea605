/**
 * Preview and status on the production server: the preview exit only goes to a path of
 * this site, percent-encoded; guessing preview secrets is slowed per client and logged;
 * `/api/content-status` tells anonymous visitors only whether all is well, and the detail
 * to the webhook secret's holder or to this machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { senderWebhookSecret } from '@/content/webhook-secret';
import { startLocalApi, type RunningLocalApi } from '@/local-api/server';
import { throwawayCertificate } from '@/local-api/tls';
import { FAILURES_PER_MINUTE } from '@/web/preview/secret-guessing';
import { serveBuildCopy, serveSite, type RunningSite } from '@/testing/site-server';
import { E2E_STORE } from './content-store';
import { PLAIN_BUILD, VARIANTS } from './variants';

let site: RunningSite;
let api: RunningLocalApi;

beforeAll(async () => {
  const tls = await throwawayCertificate(['127.0.0.1', 'localhost']);
  // The site checks preview secrets with the local API it finds for its store.
  api = await startLocalApi({ storeFile: E2E_STORE, tls, announce: true, log: () => undefined });
  site = await serveSite(VARIANTS.plain);
}, 120_000);
afterAll(async () => {
  await site?.stop();
  await api?.close();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${site.port}${pathname}`, { headers, redirect: 'manual' });

describe('leaving a preview', () => {
  it.each([
    ['/de/about', '/de/about'],
    ['/de/%C3%BCber-uns?x=%C4%9F', '/de/%C3%BCber-uns?x=%C4%9F'],
    [encodeURIComponent('/de/über-uns'), '/de/%C3%BCber-uns'],
    ['/%E0', '/'],
    [encodeURIComponent('/%E0'), '/'],
    ['//evil.example', '/'],
    [encodeURIComponent('/\\evil.example'), '/'],
    ['https://evil.example/', '/'],
  ])('?to=%s goes to %s', async (to, location) => {
    const response = await get(`/api/draft-mode/disable?to=${to}`);
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(location);
    expect(response.headers.get('set-cookie')).toMatch(/__prerender_bypass=;/);
  });
});

describe('guessing preview secrets', () => {
  it(`allows ${FAILURES_PER_MINUTE} wrong secrets a minute per client, then answers 429, and logs each`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= FAILURES_PER_MINUTE; i++)
      statuses.push((await get(`/api/draft-mode/enable?sanity-preview-secret=guess-${i}`)).status);
    expect(statuses).toEqual([...Array<number>(FAILURES_PER_MINUTE).fill(401), 429]);
    const refused = await get('/api/draft-mode/enable?sanity-preview-secret=guess-again');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const log = site.server.output();
    expect(log.match(/wrong or expired preview secret from 127\.0\.0\.1/g)).toHaveLength(
      FAILURES_PER_MINUTE,
    );
    expect(log).toMatch(/preview secret refused unchecked for 127\.0\.0\.1/);
  });
});

describe('content status', () => {
  const secret = () => senderWebhookSecret({ CONTENT_STORE_FILE: E2E_STORE }).secret;

  it('gives this machine the detail', async () => {
    const status = (await (await get('/api/content-status')).json()) as Record<string, unknown>;
    expect(Object.keys(status)).toEqual([
      'status',
      'cdnPurge',
      'sharedCache',
      'heldBack',
      'namespaces',
    ]);
  });

  describe('behind a trusted proxy, to a visitor from elsewhere', () => {
    let proxied: RunningSite;
    beforeAll(async () => {
      proxied = await serveBuildCopy(PLAIN_BUILD, {
        name: 'status-behind-proxy',
        env: { CONTENT_STORE_FILE: E2E_STORE, TRUSTED_PROXIES: '127.0.0.1, ::1' },
      });
    }, 120_000);
    afterAll(() => proxied?.stop());
    // What the proxy sends on: the address it was called from, after whatever the client wrote.
    const status = ({ forwarded = '', ...headers }: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${proxied.port}/api/content-status`, {
        headers: { ...headers, 'x-forwarded-for': `${forwarded}203.0.113.9` },
      });

    it('answers anyone else with health only', async () => {
      for (const headers of [
        {},
        { authorization: 'Bearer wrong' },
        { forwarded: '127.0.0.1, ' },
        { authorization: `Bearer ${secret()}x` },
      ]) {
        expect(await (await status(headers)).json()).toEqual({ status: 'ok' });
      }
    });

    it('gives the webhook secret holder the detail', async () => {
      const detail = (await (
        await status({ authorization: `Bearer ${secret()}` })
      ).json()) as Record<string, unknown>;
      expect(Object.keys(detail)).toEqual([
        'status',
        'cdnPurge',
        'sharedCache',
        'heldBack',
        'namespaces',
      ]);
    });
  });
});
