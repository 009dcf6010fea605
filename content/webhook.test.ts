import { encodeSignatureHeader, isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { describe, expect, it } from 'vitest';
import { readWebhook, sendPublishWebhook, signWebhook, SIGNATURE_TOLERANCE_MS } from './webhook';

const SECRET = 'test-webhook-secret';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const body = JSON.stringify({ _id: 'dictionary-hero', _type: 'heroDictionary' });

describe('signWebhook', () => {
  it('produces the header Sanity sends: t=<ms>,v1=<base64url HMAC-SHA256 of "t.body">', async () => {
    const header = await signWebhook(body, SECRET, NOW);
    expect(header).toBe(await encodeSignatureHeader(body, NOW, SECRET));
    expect(header).toMatch(new RegExp(`^t=${NOW},v1=[A-Za-z0-9_-]{43}$`));
  });
});

describe('sendPublishWebhook', () => {
  /** The request as it would leave this machine, and the receiver's reading of it. */
  async function sent(document: Parameters<typeof sendPublishWebhook>[1]) {
    let request: Request | undefined;
    await sendPublishWebhook('http://site.test/api/revalidate', document, SECRET, {
      signedAt: NOW,
      via: async (req) => ((request = req), new Response('{}')),
    });
    const text = await request!.text();
    const signature = request!.headers.get(SIGNATURE_HEADER_NAME)!;
    return { request: request!, text, signature };
  }

  it('POSTs the projection {_id, _type} as JSON, signed as Sanity signs it', async () => {
    const { request, text, signature } = await sent({
      _id: 'dictionary-hero',
      _type: 'heroDictionary',
    });
    expect([request.method, request.url]).toEqual(['POST', 'http://site.test/api/revalidate']);
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(text).toBe(body);
    await expect(isValidSignature(text, signature, SECRET)).resolves.toBe(true);
    await expect(readWebhook(text, signature, SECRET, NOW)).resolves.toMatchObject({
      namespace: 'hero',
      publishedBy: null,
    });
  });

  it('carries who published when known, and a body as it is given', async () => {
    const publisher = { _id: 'dictionary-hero', _type: 'heroDictionary', publishedBy: 'p1' };
    expect((await sent(publisher)).text).toBe(JSON.stringify(publisher));
    const { text, signature } = await sent('not json');
    expect(text).toBe('not json');
    await expect(readWebhook(text, signature, SECRET, NOW)).resolves.toMatchObject({
      status: 400,
    });
  });
});

describe('readWebhook', () => {
  it('accepts a signed delivery of a published dictionary and names its namespace', async () => {
    const signature = await signWebhook(body, SECRET, NOW - 2_000);
    await expect(readWebhook(body, signature, SECRET, NOW)).resolves.toEqual({
      kind: 'namespace',
      namespace: 'hero',
      document: 'dictionary-hero',
      publishedBy: null,
    });
  });

  it('passes on who published, when the delivery names it (a projection with identity())', async () => {
    const withPublisher = JSON.stringify({
      _id: 'dictionary-hero',
      _type: 'heroDictionary',
      publishedBy: 'p1a2b3c4',
    });
    const signature = await signWebhook(withPublisher, SECRET, NOW);
    await expect(readWebhook(withPublisher, signature, SECRET, NOW)).resolves.toMatchObject({
      namespace: 'hero',
      publishedBy: 'p1a2b3c4',
    });
  });

  const rejected: [string, () => Promise<string | null>, string, RegExp][] = [
    [
      'no secret configured on the site',
      () => signWebhook(body, SECRET, NOW),
      '',
      /no webhook secret/,
    ],
    ['no signature', async () => null, SECRET, /missing sanity-webhook-signature/],
    ['a malformed signature', async () => 'v1=abc', SECRET, /invalid signature/],
    ['another secret', () => signWebhook(body, 'not-the-secret', NOW), SECRET, /invalid signature/],
    [
      'a signature of another body',
      () =>
        signWebhook(JSON.stringify({ _id: 'dictionary-faq', _type: 'faqDictionary' }), SECRET, NOW),
      SECRET,
      /invalid signature/,
    ],
    [
      'a stale signature',
      () => signWebhook(body, SECRET, NOW - SIGNATURE_TOLERANCE_MS - 1_000),
      SECRET,
      /stale signature \(signed 301 s ago\)/,
    ],
    [
      'a signature from the future',
      () => signWebhook(body, SECRET, NOW + SIGNATURE_TOLERANCE_MS + 1_000),
      SECRET,
      /stale signature/,
    ],
  ];
  it.each(rejected)('rejects %s with 401', async (_, sign, secret, message) => {
    const result = await readWebhook(body, await sign(), secret, NOW);
    expect(result).toMatchObject({ kind: 'rejected', status: 401 });
    expect(result.kind === 'rejected' && result.message).toMatch(message);
  });

  it('answers 401, not 400, to an unsigned body that is not JSON', async () => {
    await expect(readWebhook('{oops', null, SECRET, NOW)).resolves.toMatchObject({ status: 401 });
  });

  it.each([
    ['not JSON', '{"_id": ', /body is not JSON/],
    ['a list', '[]', /projection \{_id, _type\}/],
    ['an object without _type', '{"_id":"dictionary-hero"}', /projection \{_id, _type\}/],
  ])('rejects a signed body that is %s with 400', async (_, text, message) => {
    const result = await readWebhook(text, await signWebhook(text, SECRET, NOW), SECRET, NOW);
    expect(result).toMatchObject({ kind: 'rejected', status: 400 });
    expect(result.kind === 'rejected' && result.message).toMatch(message);
  });

  it.each([
    [{ _id: 'post-1', _type: 'post' }, /not a dictionary document type: post/],
    [
      { _id: 'drafts.dictionary-hero', _type: 'heroDictionary' },
      /drafts\.dictionary-hero is not the published heroDictionary/,
    ],
    [
      { _id: 'dictionary-faq', _type: 'heroDictionary' },
      /dictionary-faq is not the published heroDictionary/,
    ],
  ])('ignores %j', async (doc, reason) => {
    const text = JSON.stringify(doc);
    const result = await readWebhook(text, await signWebhook(text, SECRET, NOW), SECRET, NOW);
    expect(result).toMatchObject({ kind: 'ignored' });
    expect(result.kind === 'ignored' && result.reason).toMatch(reason);
  });
});
