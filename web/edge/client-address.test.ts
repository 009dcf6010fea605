import { afterEach, describe, expect, it } from 'vitest';
import { chooseClientAddressHeader, clientAddress, isLoopbackAddress } from './client-address';

afterEach(() => {
  delete process.env.RG_CLIENT_ADDRESS_HEADER;
});

describe("the client's address", () => {
  it('is read only from the header the server chose, never from one a client could name', () => {
    const spoofed = new Headers({ 'x-forwarded-for': '127.0.0.1', 'x-rg-client': '127.0.0.1' });
    expect(clientAddress(spoofed)).toBeUndefined();
    const name = chooseClientAddressHeader();
    expect(name).toMatch(/^x-rg-client-[0-9a-f]{24}$/);
    expect(chooseClientAddressHeader()).not.toBe(name);
    const chosen = process.env.RG_CLIENT_ADDRESS_HEADER!;
    expect(clientAddress(new Headers({ [chosen]: '203.0.113.9' }))).toBe('203.0.113.9');
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
  ])('%s is this machine: %s', (address, loopback) =>
    expect(isLoopbackAddress(address)).toBe(loopback),
  );
});
