/**
 * The real Studio against the real local API, for browser tests and benchmarks:
 * the Studio from studio/ built once with `sanity build`, served from a folder, the API
 * serving a temporary copy of the dataset, and Chromium pointed at both.
 *
 * The build's API host is a placeholder (`https://studio-api.test`); Chromium maps it to
 * whichever port the API of a run listens on, so one build serves every run.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { ApiClient } from '@/local-api/testing/client';
import { localPublishNotifier, type PublishNotifier } from '@/content/notify-site';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { startLocalApi, type LocalApiOptions, type RunningLocalApi } from '@/local-api/server';
import { documentId, getDictionary, type Namespace } from '@/schemas';
import { fieldGroups } from '@/schemas/sanity/documents';
import { launchChromium } from './chromium';
import { listenLocally } from './local-http';
import { buildSite, distDir, serveBuildCopy, type RunningSite, type Variant } from './site-server';

export const STUDIO_API_HOST = 'https://studio-api.test';
export const STUDIO_PROJECT_ID = 'local';

/**
 * Hosts the Studio calls that are unreachable offline (fonts, the Presentation bridge
 * script, the version check, error reports): the only console errors a test may see.
 */
export const OFFLINE_HOSTS = [
  'core.sanity-cdn.com',
  'sanity-cdn.com',
  'design-system-static.sanity.io',
  'studio-static.sanity.io',
  'api.sanity.io',
];

/** Builds the Studio (from studio/, or another Studio folder) into `outDir` with `sanity build`. */
export function buildStudio(
  outDir: string,
  { studioDir = 'studio', env = {} }: { studioDir?: string; env?: Record<string, string> } = {},
): void {
  const result = spawnSync(
    'npx',
    ['sanity', 'build', path.resolve(outDir), '--yes', '--no-minify'],
    {
      cwd: studioDir,
      encoding: 'utf8',
      env: {
        ...process.env,
        SANITY_TELEMETRY_DISABLED: '1',
        NO_COLOR: '1',
        SANITY_STUDIO_PROJECT_ID: STUDIO_PROJECT_ID,
        SANITY_STUDIO_DATASET: 'production',
        SANITY_STUDIO_API_HOST: STUDIO_API_HOST,
        ...env,
      },
      timeout: 300_000,
    },
  );
  if (result.status !== 0)
    throw new Error(`sanity build failed:\n${result.stdout}\n${result.stderr}`);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves a built Studio; any path that is not a file gets index.html (client routing). */
export async function serveStudio(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const candidate = path.join(dir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    void stat(candidate)
      .then((info) => (info.isFile() ? candidate : path.join(dir, 'index.html')))
      .catch(() => path.join(dir, 'index.html'))
      .then((file) => {
        res.writeHead(200, {
          'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        });
        createReadStream(file).pipe(res);
      });
  });
  return listenLocally(server);
}

/** A temporary dataset file holding the bundled copy, as import-locales writes it. */
export async function temporaryDataset(): Promise<{ dir: string; storeFile: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rg-studio-'));
  const storeFile = path.join(dir, 'production.ndjson');
  await importLocales(new LocalStore(storeFile), { from: 'locales', dryRun: false });
  return { dir, storeFile };
}

export interface StudioTab {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors and uncaught exceptions, except the offline hosts'. */
  readonly errors: string[];
}

export interface StudioSession {
  readonly api: RunningLocalApi;
  readonly studioUrl: string;
  readonly storeFile: string;
  readonly browser: Browser;
  /** A new browser tab (its own context) with console errors collected. */
  newTab(): Promise<StudioTab>;
  /** Opens a dictionary's document in the desk and waits for its form. */
  openDictionary(tab: StudioTab, namespace: Namespace): Promise<void>;
  /**
   * Opens a tool of the top bar (`versions`, `translations`) and waits until the Studio has
   * settled: it mounts its layout, and the tool with it, a second time once its first
   * requests are answered, which drops anything done in the first (a tab picked, a time typed).
   */
  openTool(tab: StudioTab, tool: string): Promise<void>;
  /**
   * Shows the tab holding a field of an open dictionary, as an editor clicks it: large
   * dictionaries show one block at a time.
   */
  showField(tab: StudioTab, namespace: Namespace, fieldPath: string): Promise<void>;
  close(): Promise<void>;
}

/** Event streams the Studio keeps open (listeners, live content): they never finish. */
const LONG_LIVED = ['/data/listen/', '/data/live/events/'];

/**
 * Runs `action` (a navigation), then waits until no request has been in flight for
 * `quietMs`: the Studio's second mount follows the answers to its first mount's requests,
 * and makes requests of its own. Event streams never finish, so they do not count.
 */
async function settledAfter(page: Page, action: () => Promise<unknown>, quietMs = 1_500) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    if (LONG_LIVED.some((part) => request.url().includes(part))) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await action();
    const deadline = Date.now() + 60_000;
    while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
      if (Date.now() > deadline)
        throw new Error(
          `the Studio did not settle within 60 s: ${[...inFlight].map((r) => r.url()).join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** A field of the open document (the Studio marks each one `field-<path>`). */
export function fieldIn(tab: StudioTab, fieldPath: string): Locator {
  return tab.page.getByTestId(`field-${fieldPath}`);
}

/** The first text input of a field of the open document. */
export function inputIn(tab: StudioTab, fieldPath: string): Locator {
  return fieldIn(tab, fieldPath).locator('input, textarea').first();
}

/** The field of the open document that has focus (its `field-<path>` test id), if any. */
export function focusedField(tab: StudioTab): Promise<string | null | undefined> {
  return tab.page.evaluate(() =>
    document.activeElement?.closest('[data-testid^="field-"]')?.getAttribute('data-testid'),
  );
}

/**
 * Clicks `target` in the Presentation tool's frame until the Studio focuses `field`: the
 * overlay takes clicks only once it has registered the page's texts and reached the Studio, a
 * moment after load.
 */
export async function clickToEdit(
  tab: StudioTab,
  target: Locator,
  field: string | RegExp,
): Promise<void> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    // The overlay tracks the pointer: come from outside, hover, then click.
    await tab.page.mouse.move(1, 1);
    await target.hover({ position: { x: 4, y: 4 } });
    await tab.page.waitForTimeout(300);
    await target.click({ position: { x: 4, y: 4 } });
    await tab.page.waitForTimeout(1_000);
    const focused = (await focusedField(tab)) ?? '';
    if (typeof field === 'string' ? focused === field : field.test(focused)) return;
    if (Date.now() > deadline)
      throw new Error(`a click in the frame never opened ${String(field)} (focus: ${focused})`);
    await tab.page.waitForTimeout(500);
  }
}

/** The version check's own message names no host: it is the request to sanity-cdn.com. */
const OFFLINE_MESSAGES = ['Failed to fetch version for package'];

/**
 * Leaving a page on which the editor has edited: on `beforeunload` the Studio's socket client
 * closes its socket and, in the same event, its presence store sends "disconnect" through it, so
 * Chromium logs this. It is the Studio's own race on unload, the same against Sanity's servers.
 */
const UNLOAD_MESSAGES = ['WebSocket is already in CLOSING or CLOSED state.'];

function isOfflineNoise(text: string): boolean {
  return (
    OFFLINE_HOSTS.some((host) => text.includes(host)) ||
    OFFLINE_MESSAGES.some((message) => text.includes(message))
  );
}

/** The desk path of a dictionary: `/structure/<group>;<document id>`. */
export function dictionaryPath(namespace: Namespace): string {
  return `/structure/${getDictionary(namespace).section};${documentId(namespace)}`;
}

export async function startStudioSession(options: {
  /** A folder built by buildStudio. */
  readonly build: string;
  /** The dataset to serve; a copy of the bundled one when absent. */
  readonly storeFile?: string;
  readonly api?: Partial<LocalApiOptions>;
}): Promise<StudioSession> {
  const dataset = options.storeFile
    ? { dir: undefined, storeFile: options.storeFile }
    : await temporaryDataset();
  const studio = await serveStudio(options.build);
  const host = new URL(STUDIO_API_HOST).hostname;
  const api = await startLocalApi({
    storeFile: dataset.storeFile,
    projectId: STUDIO_PROJECT_ID,
    log: () => undefined,
    studioOrigins: [new URL(studio.url).origin],
    // The Studio was built for STUDIO_API_HOST; the browser reaches it on this API's port.
    extraHosts: [host, `${STUDIO_PROJECT_ID}.${host}`],
    ...options.api,
  });
  const browser = await launchChromium({
    args: [
      `--host-resolver-rules=MAP *.${host} 127.0.0.1:${api.port},MAP ${host} 127.0.0.1:${api.port}`,
    ],
  });
  return {
    api,
    studioUrl: studio.url,
    storeFile: dataset.storeFile,
    browser,
    async newTab() {
      const context = await browser.newContext({
        ignoreHTTPSErrors: true,
        viewport: { width: 1440, height: 900 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const where = message.location().url ?? '';
        if (UNLOAD_MESSAGES.includes(message.text())) return;
        if (!isOfflineNoise(`${message.text()} ${where}`)) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, context, errors };
    },
    async openDictionary(tab, namespace) {
      await tab.page.goto(`${studio.url}${dictionaryPath(namespace)}`);
      // The form is ready when its fields and the document's Publish action are shown.
      await tab.page.locator('[data-testid^="field-"]').first().waitFor({ timeout: 60_000 });
      await tab.page.getByTestId('action-publish').waitFor({ timeout: 60_000 });
    },
    async openTool(tab, tool) {
      await settledAfter(tab.page, () => tab.page.goto(`${studio.url}/${tool}`));
    },
    async showField(tab, namespace, fieldPath) {
      const group = fieldGroups(getDictionary(namespace)).groupOf[fieldPath.split('.')[0]!];
      if (group) await tab.page.getByTestId(`group-tab-${group}`).click();
      await fieldIn(tab, fieldPath).waitFor({ timeout: 30_000 });
    },
    async close() {
      await browser.close();
      await studio.stop();
      await api.close();
      if (dataset.dir) await rm(dataset.dir, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file's editor: a session on a copy of the bundled dataset, one tab, and a
 * scratch folder (for exports); `close` stops the session and removes the folder.
 */
export async function studioWithScratch(
  build: string,
  scratchPrefix: string,
): Promise<{ session: StudioSession; tab: StudioTab; scratch: string; close(): Promise<void> }> {
  const session = await startStudioSession({ build });
  const tab = await session.newTab();
  const scratch = await mkdtemp(path.join(tmpdir(), scratchPrefix));
  return {
    session,
    tab,
    scratch,
    async close() {
      await session.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * Edits texts of a published document and publishes it through the local API at
 * `apiUrl`, the two actions the Studio's Publish button sends.
 */
export async function publishEdit(
  api: { url: string; token: string },
  publishedId: string,
  set: Record<string, string>,
): Promise<void> {
  const client = new ApiClient(api.url, api.token);
  const draftId = `drafts.${publishedId}`;
  try {
    const answer = await client.post('/data/actions/production', {
      actions: [
        { actionType: 'sanity.action.document.edit', draftId, publishedId, patch: { set } },
        { actionType: 'sanity.action.document.publish', draftId, publishedId },
      ],
    });
    if (answer.status !== 200) {
      throw new Error(`publishing ${publishedId} answered ${answer.status}: ${answer.text}`);
    }
  } finally {
    client.close();
  }
}

/**
 * The site build the Studio browser tests share: the global setup builds it once from the
 * bundled copy (`.next-e2e-studio-live`); each test serves its own copy of it.
 */
export const STUDIO_SITE_BUILD = { name: 'studio-live' } as const;

/**
 * What a Studio benchmark runs on: the Studio built into `<work>/build` unless `build` names
 * one built before, and the shared site build, built first when absent. Returns the Studio's.
 */
export async function benchBuilds(
  build: string | undefined,
  work: string,
  storeFile: string,
): Promise<string> {
  const studio = build ? path.resolve(build) : path.join(work, 'build');
  if (!build) {
    console.log('building the Studio…');
    buildStudio(studio);
  }
  const siteBuilt = await stat(path.join(distDir({ ...STUDIO_SITE_BUILD, env: {} }), 'BUILD_ID'))
    .then(() => true)
    .catch(() => false);
  if (!siteBuilt) {
    console.log('building the site…');
    buildSite({ ...STUDIO_SITE_BUILD, env: { CONTENT_STORE_FILE: storeFile } });
  }
  return studio;
}

/**
 * Serves a copy of the shared site build (`.next-e2e-<name>`) on `storeFile` with `env`:
 * a server advances its build's content snapshot and page cache, so no test sees what an
 * earlier one published. The copy is removed when the site stops.
 */
export function serveSiteCopy(
  name: string,
  storeFile: string,
  env: Record<string, string> = {},
): Promise<RunningSite> {
  const variant: Variant = { name, env: { CONTENT_STORE_FILE: storeFile, ...env } };
  return serveBuildCopy(distDir({ ...STUDIO_SITE_BUILD, env: {} }), variant);
}

/**
 * A Studio session and a copy of the shared site build on one temporary dataset, wired as
 * `npm run studio` wires them: the API calls the `hooks` of a publish notifier, whose webhook
 * secret (beside the dataset) is made after `beforeSecret`. With `preview`, the API announces
 * itself there (the site checks preview secrets with it) and the site lets the Studio frame it.
 */
export async function startStudioWithSite(options: {
  readonly build: string;
  /** The name of the site's copy (`.next-e2e-<name>`), one per test file. */
  readonly siteCopy: string;
  /** The notifier's calls the API makes (`npm run studio` makes all three). */
  readonly hooks?: readonly ('onPublished' | 'publishState' | 'releaseCheck')[];
  readonly preview?: boolean;
  /** Runs once the site serves, before any webhook secret exists. */
  readonly beforeSecret?: (site: RunningSite) => Promise<void>;
}) {
  const hooks = new Set(options.hooks);
  // The hooks call the notifier made below, once the site's address is known.
  let notifier: PublishNotifier | undefined;
  const session = await startStudioSession({
    build: options.build,
    api: {
      ...(options.preview && { announce: true }),
      ...(hooks.has('onPublished') && { onPublished: (docs) => notifier!.onPublished(docs) }),
      ...(hooks.has('publishState') && { publishState: (id) => notifier!.publishState(id) }),
      ...(hooks.has('releaseCheck') && {
        releaseCheck: (release, check) => notifier!.releaseCheck(release, check),
      }),
    },
  });
  let site: RunningSite | undefined;
  const stop = async () => {
    await site?.stop();
    await session.close();
  };
  try {
    const { storeFile, studioUrl } = session;
    const env = options.preview ? { STUDIO_URL: studioUrl } : {};
    site = await serveSiteCopy(options.siteCopy, storeFile, env);
    await options.beforeSecret?.(site);
    /** What `npm run studio` would print for each publish. */
    const notes: string[] = [];
    if (hooks.size > 0)
      notifier = localPublishNotifier(
        { SITE_REVALIDATE_URL: `${site.url}/api/revalidate` },
        { storeFile, log: (line) => notes.push(line) },
      );
    return {
      session,
      site,
      /** The site on the Studio's host (127.0.0.1), same-site to it: as the Studio frames it. */
      framedSiteUrl: site.url.replace('localhost', '127.0.0.1'),
      tab: await session.newTab(),
      notes,
      /** Stops the site's process group, then the session, and removes the dataset. */
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export type StudioWithSite = Awaited<ReturnType<typeof startStudioWithSite>>;

/**
 * A short text an editor must see whole in its input: the German copyright template, the
 * longest placeholder template (42 characters), where a cut-off `{year}` goes unnoticed.
 */
export const FORTY_CHARACTERS = '© {year} {brand}. Alle Rechte vorbehalten.';

/** How much room the open document's form gives an editor, as seen in the window. */
export interface FormRoom {
  /** Top of the first text input, from the top of the window (px); null without inputs. */
  readonly firstInputY: number | null;
  /**
   * Text inputs (single-line and multi-line) shown without scrolling: whole, or a text
   * area's first line at least, so that an editor can click and type in it.
   */
  readonly inputsVisible: number;
  /** Text width of the narrowest single-line input among those (px). */
  readonly narrowestInput: number | null;
  /** The width FORTY_CHARACTERS takes in that input's font (px). */
  readonly fortyCharacters: number;
}

/** Measures the form of the open document (desk or Presentation) as it is on screen. */
export async function measureRoom(page: Page): Promise<FormRoom> {
  // No named functions inside: the test runner's transform would wrap them in a helper
  // the page does not have.
  return page.evaluate((sample) => {
    const scroller = document.querySelector<HTMLElement>('[data-testid="document-panel-scroller"]');
    if (!scroller) throw new Error('no open document');
    const view = scroller.getBoundingClientRect();
    const top = Math.max(view.top, 0);
    const bottom = Math.min(view.bottom, window.innerHeight);
    const inputs = [
      ...scroller.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input[type="text"], input:not([type]), textarea',
      ),
    ].filter((input) => input.getClientRects().length > 0);
    const visible = inputs.filter((input) => {
      const box = input.getBoundingClientRect();
      const line = Math.min(box.height, 32);
      return box.top >= top && Math.min(box.bottom, bottom) - box.top >= line && box.width > 0;
    });
    const widths = visible
      .filter((input) => input.tagName === 'INPUT')
      .map((input) => {
        const style = getComputedStyle(input);
        return {
          input,
          width: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        };
      })
      .sort((a, b) => a.width - b.width);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = getComputedStyle(widths[0]?.input ?? scroller).font;
    const first = inputs[0]?.getBoundingClientRect().top;
    return {
      firstInputY: first === undefined ? null : Math.round(first),
      inputsVisible: visible.length,
      narrowestInput: widths[0] ? Math.round(widths[0].width) : null,
      fortyCharacters: Math.round(context.measureText(sample).width),
    };
  }, FORTY_CHARACTERS);
}
