/**
 * Who sent a request, as the production server decides it: the client's address, and whether
 * it is this machine. Route handlers only get a fetch Request, and the `X-Forwarded-For` Next
 * adds is kept when a client sends its own. So server.ts puts its decision in headers whose
 * name is random per process (set in the environment it shares with Next): a client cannot
 * send them. Under plain `next start` there are none, and nothing counts as this machine.
 *
 * Behind a proxy the socket is the proxy's. `TRUSTED_PROXIES` (web/site/site-settings.ts) names
 * the proxies whose `X-Forwarded-For` the server believes. Each proxy appends the address it
 * was called from, so the client is the first address not in that list counting from the
 * right: whatever a client wrote into the header itself stands left of its own address and
 * is never reached. `Forwarded` (RFC 7239) is not read for the address: a proxy that manages
 * one of the two headers passes the other on as the client sent it, so believing both would
 * let a client choose. It still marks the request as forwarded, never as this machine's.
 * Pure, and free of path aliases, so that Node can load it directly.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP, type BlockList } from 'node:net';

const SETTING = 'RG_CLIENT_ADDRESS_HEADER';

/** Chooses the headers' name for this process (server.ts, before Next loads). */
export function chooseClientAddressHeader(): string {
  const name = `x-rg-client-${randomBytes(12).toString('hex')}`;
  process.env[SETTING] = name;
  return name;
}

/** Whether an address is this machine's (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

export interface Client {
  readonly address: string;
  /** This machine: a direct connection from loopback, or a loopback client of trusted proxies. */
  readonly local: boolean;
}

/** The client of a request that reached this server from `peer` (server.ts). */
export function clientOf(
  peer: string,
  headers: IncomingHttpHeaders,
  trusted: BlockList | undefined,
): Client {
  // Node joins repeated headers with commas; typed as possibly a list all the same.
  const hops = [headers['x-forwarded-for'] ?? []]
    .flat()
    .join(',')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (!hops.length && headers.forwarded === undefined)
    return { address: peer, local: isLoopbackAddress(peer) };
  const believed = (address: string) => {
    const version = isIP(address);
    return Boolean(trusted && version && trusted.check(address, version === 4 ? 'ipv4' : 'ipv6'));
  };
  // An untrusted peer's headers say nothing: the peer is the client, and it relayed someone.
  if (!believed(peer) || !hops.length) return { address: peer, local: false };
  let address = peer;
  for (const hop of hops.reverse()) {
    address = hop;
    if (!believed(hop)) break;
  }
  return { address, local: isLoopbackAddress(address) };
}

/** server.ts: tells route handlers who sent the request (clientAddress, isThisMachine). */
export function markClient(headers: IncomingHttpHeaders, client: Client): void {
  const name = process.env[SETTING];
  if (!name) return;
  headers[name] = client.address;
  headers[`${name}-local`] = client.local ? '1' : '0';
}

/** The client's address, or undefined when the server did not say (plain `next start`). */
export function clientAddress(headers: Headers): string | undefined {
  const name = process.env[SETTING];
  return (name && headers.get(name)) || undefined;
}

/** Whether the server found the request to come from this machine. */
export function isThisMachine(headers: Headers): boolean {
  const name = process.env[SETTING];
  return Boolean(name) && headers.get(`${name}-local`) === '1';
}
