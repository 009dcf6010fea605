/**
 * The address a request came from, as the production server saw its socket. Route
 * handlers only get a fetch Request, and the `X-Forwarded-For` Next adds is kept when a
 * client sends its own. So server.ts puts the socket's address in a header whose name is
 * random per process (set in the environment it shares with Next): a client cannot send
 * it. Under plain `next start` there is none, and nothing counts as this machine.
 * Pure, and free of path aliases, so that Node can load it directly.
 */
import { randomBytes } from 'node:crypto';

const SETTING = 'RG_CLIENT_ADDRESS_HEADER';

/** Chooses the header's name for this process (server.ts, before Next loads). */
export function chooseClientAddressHeader(): string {
  const name = `x-rg-client-${randomBytes(12).toString('hex')}`;
  process.env[SETTING] = name;
  return name;
}

/** The client's address, or undefined when the server did not say (plain `next start`). */
export function clientAddress(headers: Headers): string | undefined {
  const name = process.env[SETTING];
  return (name && headers.get(name)) || undefined;
}

/** Whether an address is this machine's (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.replace(/^::ffff:/i, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}
