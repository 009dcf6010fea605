/**
 * Every documented way to start the production server answers at once: `npm run serve` with
 * `--hostname` localhost, 127.0.0.1, ::1, 0.0.0.0 or none serves every page (200), every unknown
 * path (404) and every newsletter link page within a second, and never connects to itself to
 * answer a request. (With 127.0.0.1, Next once fetched each 404 from its own port over HTTP,
 * which rewrote it again: hundreds of connections, then a hang.)
 */
import { Agent, request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/schemas/languages';
import { pagePath } from '@/schemas/language-paths';
import { NEWSLETTER_LINK_PAGES, SITE_PAGES } from '@/schemas/site';
import { serveSite, type ServeHostname } from '@/testing/site-server';
import { VARIANTS } from './variants';

const PAGES = LANGUAGES.flatMap((language) =>
  SITE_PAGES.map(({ slug }) => pagePath(slug, language)),
);
const EXPECTED: ReadonlyArray<readonly [path: string, status: number]> = [
  ...PAGES.map((path) => [path, 200] as const),
  ['/no-such-page', 404],
  ['/de/no-such-page', 404],
  ['/tr/about/deeper', 404],
  [`${pagePath(NEWSLETTER_LINK_PAGES.confirm, 'en')}?token=not-a-token`, 404],
  [`${pagePath(NEWSLETTER_LINK_PAGES.unsubscribe, 'de')}?token=not-a-token`, 404],
  [pagePath(NEWSLETTER_LINK_PAGES.confirmed, 'en'), 200],
  [pagePath(NEWSLETTER_LINK_PAGES.unsubscribed, 'tr'), 200],
];
const WITHIN_MS = 1_000;

/** The local ports of every TCP socket on this machine whose peer is `port` (any state). */
async function portsConnectedTo(port: number): Promise<Set<number>> {
  const ports = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(file, 'utf8')).trim().split('\n').slice(1);
    for (const line of lines) {
      const [, local = '', remote = ''] = line.trim().split(/\s+/);
      if (parseInt(remote.split(':')[1] ?? '', 16) === port)
        ports.add(parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  return ports;
}

/** A GET over one kept-alive connection: its status and the local port it went from. */
function get(url: string, agent: Agent): Promise<{ status: number; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, timeout: WITHIN_MS }, (res) => {
      res.resume();
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, localPort: req.socket?.localPort ?? 0 }),
      );
    });
    req.once('timeout', () => req.destroy(new Error(`${url}: no answer within ${WITHIN_MS} ms`)));
    req.once('error', reject);
    req.end();
  });
}

const HOSTNAMES: ServeHostname[] = ['localhost', '127.0.0.1', '::1', '0.0.0.0', null];

describe.each(HOSTNAMES)('npm run serve --hostname %s', (hostname) => {
  it('answers every page, unknown path and newsletter link page at once, never asking itself', async () => {
    const site = await serveSite(VARIANTS.plain, undefined, { hostname });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await portsConnectedTo(site.port);
      const ours = new Set<number>();
      const answers: string[] = [];
      for (const [path, status] of EXPECTED) {
        const answer = await get(`${site.url}${path}`, agent);
        ours.add(answer.localPort);
        answers.push(`${path} ${answer.status}`);
        expect(answer.status, path).toBe(status);
      }
      const after = await portsConnectedTo(site.port);
      const others = [...after].filter((port) => !before.has(port) && !ours.has(port));
      expect(others, 'connections to the server that this test did not open').toEqual([]);
      expect(answers).toHaveLength(EXPECTED.length);
    } finally {
      agent.destroy();
      await site.stop();
    }
  });
});
