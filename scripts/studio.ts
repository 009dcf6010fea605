/**
 * npm run studio / studio:build / studio:deploy.
 *
 * With a Sanity project (SANITY_STUDIO_PROJECT_ID in the shell or studio/.env) this runs
 * the Sanity CLI in studio/ against that project. Without one, `npm run studio` serves the
 * embedded store through the local API and starts `sanity dev` pointed at it, so
 * the Studio works on this machine with no account and no network.
 */
import '@/scripts/load-env';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fillEmbeddedStore } from '@/content/import-locales';
import { localPublishNotifier, type PublishNotifier } from '@/content/notify-site';
import { LocalStore } from '@/content/local-store';
import { readContentSettings } from '@/content/store-settings';
import { startLocalApi } from '@/local-api/server';
import { localCertificate } from '@/local-api/tls';
import { readStudioSettings } from '@/studio/studio-settings';
import { freePort, startGroup } from '@/testing/processes';

const LOCAL_PROJECT_ID = 'local';
const command = process.argv[2] ?? 'dev';
const extraArgs = process.argv.slice(3);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let settings: ReturnType<typeof readStudioSettings>;
try {
  settings = readStudioSettings();
} catch (error) {
  fail((error as Error).message);
}

if (settings.projectId) {
  const result = spawnSync('npx', ['sanity', command, ...extraArgs], {
    cwd: 'studio',
    stdio: 'inherit',
    env: {
      ...process.env,
      SANITY_STUDIO_PROJECT_ID: settings.projectId,
      SANITY_STUDIO_DATASET: settings.dataset,
    },
  });
  process.exit(result.status ?? 1);
}

if (command !== 'dev') {
  fail(
    [
      `npm run studio:${command} needs a Sanity project: set SANITY_STUDIO_PROJECT_ID (and SANITY_STUDIO_DATASET, default "production").`,
      'Get them from https://www.sanity.io/manage (create a project, then copy its id), or run `npx sanity init` once.',
      'Put them in studio/.env or your shell. Without a project, `npm run studio` runs the Studio on this machine.',
    ].join('\n'),
  );
}

/** `preferred` when nothing listens there, else any free port. */
async function portNear(preferred: number): Promise<number> {
  if (preferred === 0) return freePort();
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  return free ? preferred : freePort();
}

const content = readContentSettings({ CONTENT_STORE_FILE: process.env.CONTENT_STORE_FILE }, 'read');
const storeFile = content.kind === 'local' ? content.file : '';
const store = new LocalStore(storeFile);
const filled = await fillEmbeddedStore(store);
if (filled) console.log(filled);

// Each publish is sent to the running site (by default the one `npm start` serves).
let notifier: PublishNotifier;
try {
  notifier = localPublishNotifier(process.env, { storeFile, log: (line) => console.log(line) });
} catch (error) {
  fail((error as Error).message);
}

// The Studio links to and frames this checkout's site: where publishes go (the site running
// on the same store announces its address beside it), unless SANITY_STUDIO_SITE_URL names one.
const site = await notifier.site();
const siteUrl = settings.siteUrl ?? site.origin;
const siteLine = site.refusal
  ? site.refusal.reached
    ? `${site.origin} is NOT this checkout's site (${site.refusal.reason}): publishes are not sent there.`
    : `${site.origin}, not running yet: start it (npm start)${site.announced ? '' : `; a site started later on another port is found by itself, then restart this for Presentation`}.`
  : `${site.origin} (this checkout's site: it proved it holds the webhook secret)`;

const hosts = [`${LOCAL_PROJECT_ID}.localhost`, 'localhost', '127.0.0.1', '::1'];
const tls = localCertificate(settings.tlsDir, hosts);
const studioPort = await portNear(settings.studioPort);
const api = await startLocalApi({
  storeFile,
  port: await portNear(settings.apiPort),
  projectId: LOCAL_PROJECT_ID,
  dataset: settings.dataset,
  tls,
  // Only the Studio started below may call it from a browser.
  studioOrigins: [`http://localhost:${studioPort}`, `http://127.0.0.1:${studioPort}`],
  // The site (npm start) checks the Presentation tool's preview secrets with this API, and
  // the project's tools find its token there.
  announce: true,
  onPublished: notifier.onPublished,
  releaseCheck: notifier.releaseCheck,
  publishState: notifier.publishState,
});
const studio = startGroup('npx', ['sanity', 'dev', '--port', String(studioPort), ...extraArgs], {
  cwd: 'studio',
  env: {
    ...process.env,
    SANITY_STUDIO_PROJECT_ID: LOCAL_PROJECT_ID,
    SANITY_STUDIO_DATASET: settings.dataset,
    SANITY_STUDIO_API_HOST: api.apiHost,
    ...(siteUrl && { SANITY_STUDIO_SITE_URL: siteUrl }),
    SANITY_TELEMETRY_DISABLED: '1',
  },
});
studio.child.stdout?.pipe(process.stdout);
studio.child.stderr?.pipe(process.stderr);

const trustStep =
  tls.source === 'mkcert'
    ? [
        `The API's certificate comes from mkcert's local authority. If the browser reports a`,
        `certificate error, run \`mkcert -install\` once and restart the browser.`,
      ]
    : [
        `The API's certificate is self-signed (${tls.certFile}). One-time step per browser:`,
        `open ${api.projectUrl}/ and accept the warning ("Advanced" → "Proceed"), then reload the Studio.`,
        `Or trust the certificate for good (Chrome/Chromium on Linux, needs libnss3-tools):`,
        `  certutil -d sql:$HOME/.pki/nssdb -A -t "P,," -n "RG local API" -i ${tls.certFile}`,
      ];
console.log(
  [
    '',
    `Studio:             http://localhost:${studioPort}   ← open this`,
    `Local API:          ${api.projectUrl} (serving ${storeFile}; development only)`,
    `Site:               ${siteLine}`,
    `Publishes go to:    ${notifier.target}`,
    ...trustStep,
    'Publish in the Studio: the running site (npm start) shows the edit within seconds;',
    '`npm run export-locales` writes the published dictionaries as files.',
    '',
  ].join('\n'),
);

let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await studio.stop();
  await api.close();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
studio.child.once('exit', (code) => void stop(code ?? 1));
