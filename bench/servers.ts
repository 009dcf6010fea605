/**
 * Servers and measurements the site benchmarks share: nginx as the reference, a server's
 * resident memory, and publish → fresh on every instance.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocalStore } from '@/content/local-store';
import { signWebhook } from '@/content/webhook';
import { freePort, startGroup, waitForHttp, type ProcessGroup } from '@/testing/processes';
import type { RunningSite } from '@/testing/site-server';

/** nginx (Debian's nginx-light) in the foreground with its own prefix folder. */
export async function startNginx(
  work: string,
  name: string,
  server: string,
): Promise<ProcessGroup & { url: string }> {
  const prefix = path.join(work, `nginx-${name}`);
  await mkdir(prefix, { recursive: true });
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(
    conf,
    `daemon off;
worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  default_type text/html;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  keepalive_requests 100000;
  ${server.replaceAll('PORT', String(port))}
}
`,
  );
  const group = startGroup('nginx', ['-p', prefix, '-c', conf]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/`, group, { timeoutMs: 10_000 });
  return Object.assign(group, { url });
}

/** Resident memory (MiB) of the process listening on the port. */
export function serverMemory(port: number): number {
  const listing = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(listing)?.[1];
  if (!pid) return NaN;
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(rss) / 1024;
}

/** A store edit and the webhook to the first instance; ms until every instance shows it. */
export async function publishUntilFresh(
  store: LocalStore,
  instances: readonly RunningSite[],
  round: number,
  secret: string,
) {
  const marker = `Skala${round}x${Date.now().toString(36)}`;
  const doc = (await store.readAll()).find((candidate) => candidate._id === 'dictionary-hero');
  if (!doc) throw new Error('the store holds no dictionary-hero');
  (doc.title as { main: { de: string } }).main.de = `Spiele mit Haltung ${marker}`;
  await store.commit([doc]);
  const body = JSON.stringify({ _id: 'dictionary-hero', _type: 'heroDictionary' });
  const started = performance.now();
  const answer = await fetch(`${instances[0]!.url}/api/revalidate`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'sanity-webhook-signature': await signWebhook(body, secret, Date.now()),
    },
  });
  if (answer.status !== 200) throw new Error(`webhook: ${answer.status} ${await answer.text()}`);
  const waiting = new Set(
    instances.flatMap((instance) =>
      ['/de', '/locales/de/hero.json'].map((pathname) => `${instance.url}${pathname}`),
    ),
  );
  while (waiting.size) {
    if (performance.now() - started > 30_000)
      throw new Error(`not fresh within 30 s: ${[...waiting].join(', ')}`);
    await Promise.all(
      [...waiting].map(async (url) => {
        if ((await (await fetch(url)).text()).includes(marker)) waiting.delete(url);
      }),
    );
  }
  return performance.now() - started;
}
