/**
 * The TRUSTED_PROXIES setting read into what the server checks a peer against
 * (web/edge/client-address.ts): addresses and CIDR ranges, IPv4 or IPv6, in Node's BlockList.
 * Pure, and free of path aliases, so that Node can load it directly.
 */
import { BlockList, isIP } from 'node:net';

/** One entry of TRUSTED_PROXIES: an address, or a CIDR range; undefined when it is neither. */
export function proxyRange(
  entry: string,
): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return undefined;
  const bits = version === 4 ? 32 : 128;
  const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(length <= bits)) return undefined;
  return { address, prefix: length, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** The proxies whose forwarding headers count, from entries proxyRange accepts. */
export function trustedProxies(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of entries.map(proxyRange))
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  return list;
}
