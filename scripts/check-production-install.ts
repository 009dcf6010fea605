/**
 * A production install, tried the way docs/deploying.md tells it, in a temporary copy of the
 * repository: `npm run build` once, `npm prune --omit=dev --legacy-peer-deps`, then `npm run serve` with a PATH that
 * holds no Node from the developer's install. The pruned site must serve pages, `/locales` files,
 * the publish webhook, a preview and `/api/health`, and stop with exit code 0 on SIGTERM.
 *
 *   npm run check:production-install
 *
 * A few minutes (a full build in the copy). node_modules is copied as hard links: pruning
 * unlinks files in the copy only.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { createPreviewSecret } from '@sanity/preview-url-secret/create-secret';
import { sendPublishWebhook } from '@/content/webhook';
import { startLocalApi } from '@/local-api/server';
import { sanityClientFor } from '@/local-api/testing/sanity-client';
import { throwawayCertificate } from '@/local-api/tls';
import { freePort, startGroup, waitForHttp } from '@/testing/processes';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECRET = 'check-production-install-secret';

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', stdio: 'pipe' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout.trim();
}

function sizeOf(dir: string): string {
  return run('du', ['-sh', dir], { cwd: ROOT }).split('\t')[0] ?? '?';
}

/** The machine's own environment: no Node or tools from the developer's node_modules. */
function deploymentEnv(): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('npm_') || key.startsWith('SANITY_') || key.startsWith('NEXT_PUBLIC_'))
      continue;
    env[key] = value;
  }
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => !entry.includes('node_modules'))
    .join(path.delimiter);
  return {
    ...env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    SANITY_REVALIDATE_SECRET: SECRET,
  };
}

async function expectAnswer(what: string, response: Response, check: (body: string) => boolean) {
  const body = await response.text();
  if (!check(body))
    throw new Error(`${what}: unexpected answer ${response.status}: ${body.slice(0, 300)}`);
  console.log(`✓ ${what} (${response.status})`);
}

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-production-'));
  try {
    const files = run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
      cwd: ROOT,
    })
      .split('\0')
      .filter(Boolean);
    for (const file of files) {
      const exists = await stat(path.join(ROOT, file)).then(
        () => true,
        () => false,
      );
      if (exists) await cp(path.join(ROOT, file), path.join(dir, file));
    }
    run('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')], {
      cwd: ROOT,
    });
    const env = deploymentEnv();
    console.log(`copy in ${dir}; node_modules ${sizeOf(path.join(dir, 'node_modules'))}`);

    run('npm', ['run', 'build'], { cwd: dir, env });
    console.log('✓ npm run build');
    // --legacy-peer-deps: next-sanity names the whole Studio (sanity) as a peer, and through it
    // Vitest, TypeScript and the Sanity CLI would stay; the site uses none of them at run time.
    run('npm', ['prune', '--omit=dev', '--legacy-peer-deps', '--no-audit', '--no-fund'], {
      cwd: dir,
      env,
    });
    for (const gone of ['vitest', 'typescript', 'playwright-core', 'sanity', 'eslint'])
      if (await stat(path.join(dir, 'node_modules', gone)).catch(() => null))
        throw new Error(`npm prune left the development package ${gone}`);
    console.log(
      `✓ npm prune --omit=dev --legacy-peer-deps: node_modules ${sizeOf(path.join(dir, 'node_modules'))}`,
    );
    // docs/versions.md offers it for emergencies on the production machine.
    run('npm', ['run', '-s', 'versions', '--', 'list', 'hero'], { cwd: dir, env });
    console.log('✓ npm run versions -- list hero');
    const systemNode = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
    const siteNode = run('npm', ['exec', '--', 'node', '--version'], { cwd: dir, env });
    console.log(`  system node ${systemNode || 'none'}; npm run serve runs node ${siteNode}`);

    const port = await freePort();
    const server = startGroup(
      'npm',
      ['run', 'serve', '--', '--port', String(port), '--hostname', 'localhost'],
      {
        cwd: dir,
        env,
      },
    );
    const site = `http://localhost:${port}`;
    try {
      await waitForHttp(`${site}/`, server);
      await expectAnswer('a page', await fetch(`${site}/de`), (html) =>
        html.includes('<html lang="de"'),
      );
      await expectAnswer('a /locales file', await fetch(`${site}/locales/tr/hero.json`), (json) =>
        Boolean((JSON.parse(json) as { title?: unknown }).title),
      );
      await expectAnswer(
        '/api/health',
        await fetch(`${site}/api/health`),
        (json) => (JSON.parse(json) as { status: string }).status === 'ok',
      );
      await expectAnswer(
        'the publish webhook',
        await sendPublishWebhook(
          `${site}/api/revalidate`,
          { _id: 'dictionary-hero', _type: 'heroDictionary' },
          SECRET,
        ),
        (json) => (JSON.parse(json) as { status: string }).status === 'revalidated',
      );

      // A preview, as the Studio starts one: a secret through the local API.
      const tls = await throwawayCertificate(['127.0.0.1', 'localhost']);
      setDefaultCACertificates([...getCACertificates('default'), tls.cert]);
      const api = await startLocalApi({
        storeFile: path.join(dir, '.content', 'production.ndjson'),
        tls,
        announce: true,
        log: () => undefined,
      });
      try {
        const { secret } = await createPreviewSecret(
          sanityClientFor(api),
          'sanity/presentation',
          'http://localhost:3333/presentation',
          'production-install-check',
        );
        const enable = await fetch(
          `${site}/api/draft-mode/enable?${new URLSearchParams({
            'sanity-preview-secret': secret,
            'sanity-preview-pathname': '/de',
          })}`,
          { redirect: 'manual' },
        );
        if (enable.status !== 307)
          throw new Error(`preview: enable answered ${enable.status}: ${await enable.text()}`);
        const cookie = enable.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
        await expectAnswer(
          'a preview',
          await fetch(`${site}/de`, { headers: { cookie } }),
          (html) => html.includes('preview-bar'),
        );
      } finally {
        await api.close();
      }

      const exited = new Promise<string>((resolve) =>
        server.child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
      );
      // To the whole group, as systemd does by default: npm itself does not pass SIGTERM on.
      process.kill(-server.child.pid!, 'SIGTERM');
      const npmEnded = await exited;
      // The server writes to npm's output, which stays open while it runs.
      for (
        let waited = 0;
        waited < 12_000 && !server.output().includes('server: SIGTERM');
        waited += 100
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      if (!server.output().includes('server: SIGTERM: finishing the requests in flight'))
        throw new Error(`the server did not get SIGTERM:\n${server.output()}`);
      console.log(`✓ SIGTERM to the group: the server finished and stopped (npm: ${npmEnded})`);
    } finally {
      await server.stop();
    }
    console.log('production install: pages, /locales, webhook, preview and health served');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
