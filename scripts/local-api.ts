/**
 * npm run local-api -- [--port <n>] [--tls-dir .content/tls] [--self-signed] [--project-id local]
 *   [--studio-origin http://localhost:3333 …]
 * Without --port it listens on a free port and prints it. Browsers may call it only from
 * the Studio origins given (by default the one `npm run studio` uses); other clients send
 * the token it writes to `<store file>.api.json`.
 * Serves the embedded store (.content/production.ndjson, or CONTENT_STORE_FILE) to a
 * Studio on this machine, and tells the site of each publish (SITE_REVALIDATE_URL, by
 * default the one `npm start` serves). `npm run studio` starts it for you; this runs it
 * on its own.
 */
import '@/scripts/load-env';
import { parseArgs } from 'node:util';
import { startLocalApi } from '@/local-api/server';
import { localApiAddressFile } from '@/content/local-api-address';
import { localPublishNotifier } from '@/content/notify-site';
import { localCertificate } from '@/local-api/tls';
import { readContentSettings } from '@/content/store-settings';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'tls-dir': { type: 'string', default: '.content/tls' },
    'self-signed': { type: 'boolean', default: false },
    'project-id': { type: 'string', default: 'local' },
    'studio-origin': {
      type: 'string',
      multiple: true,
      default: ['http://localhost:3333', 'http://127.0.0.1:3333'],
    },
  },
});

const settings = readContentSettings(
  { CONTENT_STORE_FILE: process.env.CONTENT_STORE_FILE },
  'read',
);
const storeFile = settings.kind === 'local' ? settings.file : '';
const projectId = values['project-id'];
try {
  const tls = localCertificate(
    values['tls-dir'],
    [`${projectId}.localhost`, 'localhost', '127.0.0.1', '::1'],
    values['self-signed'] ? 'self-signed' : undefined,
  );
  const notifier = localPublishNotifier(process.env, {
    storeFile,
    log: (line) => console.log(line),
  });
  const api = await startLocalApi({
    storeFile,
    port: Number(values.port),
    projectId,
    tls,
    studioOrigins: values['studio-origin'],
    announce: true,
    onPublished: notifier.onPublished,
    releaseCheck: notifier.releaseCheck,
    publishState: notifier.publishState,
  });
  console.log(`local API: ${api.projectUrl} (serving ${storeFile}, certificate ${tls.source})`);
  console.log(`publishes go to: ${notifier.target}`);
  console.log(
    `browsers: only ${values['studio-origin'].join(', ')}; tools send the token in ${localApiAddressFile(storeFile)}`,
  );
  const stop = () => {
    void api.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`local API: ${(error as Error).message}`);
  process.exit(1);
}
