import { isValidSignature } from '@sanity/webhook';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/testing/processes';
import {
  createPublishWebhookSender,
  describeDelivery,
  readPublishWebhookSettings,
} from './publish-webhook';
import { SettingsError } from './settings';

const SECRET = 'sender-test-secret';
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
        JSON.stringify(
          doc._id === 'dictionary-footer'
            ? { status: 'held-back', problems: ['dictionary-footer (de) → copyrightTemplate: …'] }
            : { status: 'revalidated' },
        ),
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
      const signature = request.headers['sanity-webhook-signature'] as string;
      await expect(isValidSignature(request.body, signature, SECRET)).resolves.toBe(true);
      await expect(isValidSignature(request.body, signature, 'other')).resolves.toBe(false);
    }
    expect(deliveries.map(describeDelivery)).toEqual([
      'dictionary-hero: 200 revalidated',
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
    expect(() => readPublishWebhookSettings({ SITE_REVALIDATE_URL: url })).toThrow(
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
