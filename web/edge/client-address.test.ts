import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { readSiteSettings } from '../site/site-settings';
import {
  chooseClientAddressHeader,
  clientAddress,
  clientOf,
  isLoopbackAddress,
  isThisMachine,
  markClient,
} from './client-address';

afterEach(() => {
  delete process.env.RG_CLIENT_ADDRESS_HEADER;
});

describe("the client's address", () => {
  it('is read only from the headers the server chose, never from one a client could name', () => {
    const spoofed = new Headers({ 'x-forwarded-for': '127.0.0.1', 'x-rg-client': '127.0.0.1' });
    expect(clientAddress(spoofed)).toBeUndefined();
    expect(isThisMachine(spoofed)).toBe(false);
    const name = chooseClientAddressHeader();
    expect(name).toMatch(/^x-rg-client-[0-9a-f]{24}$/);
    expect(chooseClientAddressHeader()).not.toBe(name);
    const marked: IncomingHttpHeaders = {};
    markClient(marked, { address: '203.0.113.9', local: false });
    const headers = new Headers(marked as Record<string, string>);
    expect(clientAddress(headers)).toBe('203.0.113.9');
    expect(isThisMachine(headers)).toBe(false);
    markClient(marked, { address: '127.0.0.1', local: true });
    expect(isThisMachine(new Headers(marked as Record<string, string>))).toBe(true);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['1270.0.0.1', false],
    [undefined, false],
  ])('%s is a loopback address: %s', (address, loopback) =>
    expect(isLoopbackAddress(address)).toBe(loopback),
  );
});

describe('behind proxies (TRUSTED_PROXIES)', () => {
  const trusted = (value: string) => readSiteSettings({ TRUSTED_PROXIES: value }).TRUSTED_PROXIES;
  const sameHost = trusted('127.0.0.1, ::1');
  const tiers = trusted('127.0.0.1 10.0.0.0/8');

  it.each([
    // [peer, X-Forwarded-For, Forwarded, trusted, client, this machine]
    ['127.0.0.1', undefined, undefined, undefined, '127.0.0.1', true],
    ['::ffff:127.0.0.1', undefined, undefined, sameHost, '::ffff:127.0.0.1', true],
    ['203.0.113.9', undefined, undefined, sameHost, '203.0.113.9', false],
    // A proxy on this machine that nobody trusts: its visitors are not this machine.
    ['127.0.0.1', '203.0.113.9', undefined, undefined, '127.0.0.1', false],
    ['127.0.0.1', undefined, 'for=203.0.113.9', undefined, '127.0.0.1', false],
    ['127.0.0.1', '127.0.0.1', undefined, undefined, '127.0.0.1', false],
    // A trusted proxy: the first untrusted hop from the right.
    ['127.0.0.1', '203.0.113.9', undefined, sameHost, '203.0.113.9', false],
    ['::ffff:127.0.0.1', '203.0.113.9', undefined, sameHost, '203.0.113.9', false],
    ['127.0.0.1', '127.0.0.1, 203.0.113.9', undefined, sameHost, '203.0.113.9', false],
    ['127.0.0.1', '198.51.100.7, 10.1.2.3', undefined, tiers, '198.51.100.7', false],
    ['127.0.0.1', '127.0.0.1', undefined, sameHost, '127.0.0.1', true],
    ['127.0.0.1', '10.1.2.3', undefined, tiers, '10.1.2.3', false],
    // Only Forwarded from a trusted proxy: it relayed someone, who is not this machine.
    ['127.0.0.1', undefined, 'for=127.0.0.1', sameHost, '127.0.0.1', false],
    // Headers from a peer that is not trusted say nothing.
    ['192.0.2.2', '127.0.0.1', undefined, sameHost, '192.0.2.2', false],
    ['127.0.0.1', 'not-an-address', undefined, sameHost, 'not-an-address', false],
  ])(
    'peer %s, X-Forwarded-For %s, Forwarded %s (trusted: %o) → %s, this machine: %s',
    (peer, xff, forwarded, list, address, local) => {
      const headers: IncomingHttpHeaders = { 'x-forwarded-for': xff, forwarded };
      expect(clientOf(peer, headers, list)).toEqual({ address, local });
    },
  );

  it('stops the server with one line naming the setting when an entry is neither', () => {
    for (const value of ['127.0.0.1, localhost', '10.0.0.0/33', '10.0.0.0/8/8', '::1/129'])
      expect(() => trusted(value)).toThrow(
        /must list addresses or CIDR ranges[^\n]*\n\s*→ at TRUSTED_PROXIES/,
      );
    expect(() => trusted('0.0.0.0/0 ::/0')).not.toThrow();
  });
});
