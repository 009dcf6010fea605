/**
 * npm run bench:publish — publish → live on one machine: the site (`next build` + the
 * production server) and the local API on the same temporary dataset file, the API
 * sending each publish to the site as `npm run studio` does. For 10 edits across
 * namespaces: a German text is edited (a draft, as the Studio saves it), then the clock
 * starts and the publish action goes to the API over its HTTP/2 API; the clock stops when
 * the German page and the namespace's German `/locales` file both show the new text.
 * After each edit every page and every `/locales` file is requested once: a response that
 * is not a cache HIT (Next's `x-nextjs-cache`) was regenerated. Prints each edit, the
 * median and maximum, and whether only the affected pages were regenerated.
 * Target: median under 5 s, only affected pages regenerated. A benchmark, not a test: it
 * prints numbers and fails only when it cannot measure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importLocales } from '@/content/import-locales';
import { LocalStore } from '@/content/local-store';
import { localPublishNotifier } from '@/content/notify-site';
import { formatTable } from '@/content/report';
import { startLocalApi } from '@/local-api/server';
import { ApiClient } from '@/local-api/testing/client';
import { documentId, NAMESPACES, type Namespace } from '@/schemas';
import { LANGUAGES } from '@/schemas/languages';
import { pagePath } from '@/schemas/language-paths';
import { pagesShowing, SITE_PAGES } from '@/schemas/site';
import { buildSite, serveSite, type Variant } from '@/testing/site-server';

/** Ten namespaces of every kind: landing sections, pages, a legal document, the footer. */
const EDITS: readonly Namespace[] = [
  'hero',
  'about',
  'footer',
  'faqPage',
  'discord',
  'contributions',
  'privacyPolicy',
  'publisher',
  'pressKit',
  'contact',
];
const TARGET_MEDIAN_MS = 5_000;
const GIVE_UP_MS = 30_000;

// Stored documents are untyped JSON; the benchmark reaches into their text fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = Record<string, any>;

/** The first German text of a document that is shown as words (not an address or a template). */
function firstGermanText(doc: Doc, at: string[] = []): string[] | undefined {
  for (const [key, value] of Object.entries(doc)) {
    if (key.startsWith('_') || key === 'meta' || typeof value !== 'object' || value === null)
      continue;
    const german = (value as Doc).de;
    if (
      typeof german === 'string' &&
      /^\p{L}[\p{L} .,&'-]{3,}$/u.test(german) &&
      !german.includes('{')
    )
      return [...at, key];
    if (!Array.isArray(value)) {
      const found = firstGermanText(value as Doc, [...at, key]);
      if (found) return found;
    }
  }
  return undefined;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const dir = await mkdtemp(path.join(tmpdir(), 'rg-bench-publish-'));
const storeFile = path.join(dir, 'production.ndjson');
await importLocales(new LocalStore(storeFile), { from: 'locales', dryRun: false });
const variant: Variant = { name: 'publish', env: { CONTENT_STORE_FILE: storeFile } };
console.log('building the site…');
buildSite(variant);
const site = await serveSite(variant);
const webhookAnswered = new Map<string, number>();
const notifier = localPublishNotifier(
  { SITE_REVALIDATE_URL: `${site.url}/api/revalidate` },
  { storeFile, log: (line) => console.log(`  ${line}`) },
);
const api = await startLocalApi({
  storeFile,
  log: () => undefined,
  onPublished: async (documents) => {
    await notifier.onPublished(documents);
    for (const doc of documents) webhookAnswered.set(doc._id, performance.now());
  },
});
const client = new ApiClient(api.url, api.token);

async function get(pathname: string) {
  const response = await fetch(`${site.url}${pathname}`);
  return { cache: response.headers.get('x-nextjs-cache'), text: await response.text() };
}

const everyPage = SITE_PAGES.flatMap((page) =>
  LANGUAGES.map((language) => pagePath(page.slug, language)),
);
const everyLocalesFile = NAMESPACES.flatMap((namespace) =>
  LANGUAGES.map((language) => `/locales/${language}/${namespace}.json`),
);

const rows: (string | number)[][] = [];
const live: number[] = [];
let onlyAffected = true;
try {
  // A prerendered page, for scale: how long a cache HIT takes on this machine right now.
  const hits: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    await get('/de');
    hits.push(performance.now() - started);
  }

  // Every page and /locales file once before the first edit: all come from the build.
  const notPrerendered: string[] = [];
  for (const pathname of [...everyPage, ...everyLocalesFile])
    if ((await get(pathname)).cache !== 'HIT') notPrerendered.push(pathname);
  if (notPrerendered.length)
    throw new Error(`not served from the build before any edit: ${notPrerendered.join(', ')}`);

  for (const [index, namespace] of EDITS.entries()) {
    const id = documentId(namespace);
    const doc = api.store.get(id) as Doc;
    const field = firstGermanText(doc);
    if (!field) throw new Error(`${id}: no German text to edit`);
    const marker = `Messung${index + 1}x${Date.now().toString(36)}`;
    const original = field.reduce((node, key) => node[key], doc).de as string;
    const draftId = `drafts.${id}`;
    const edit = await client.post('/data/actions/production', {
      actions: [
        {
          actionType: 'sanity.action.document.edit',
          draftId,
          publishedId: id,
          patch: { set: { [`${field.join('.')}.de`]: `${original} ${marker}` } },
        },
      ],
    });
    if (edit.status !== 200) throw new Error(`edit of ${id}: ${edit.status} ${edit.text}`);

    const page = pagePath(pagesShowing(namespace)[0]!.slug, 'de');
    const localesFile = `/locales/de/${namespace}.json`;
    const started = performance.now();
    const published = await client.post('/data/actions/production', {
      actions: [{ actionType: 'sanity.action.document.publish', draftId, publishedId: id }],
    });
    const actionAnswered = performance.now();
    if (published.status !== 200)
      throw new Error(`publish of ${id}: ${published.status} ${published.text}`);

    const seen = new Set<string>();
    while (seen.size < 2) {
      if (performance.now() - started > GIVE_UP_MS)
        throw new Error(`${id}: ${page} or ${localesFile} did not show the edit in 30 s`);
      await Promise.all(
        [page, localesFile]
          .filter((pathname) => !seen.has(pathname))
          .map(async (pathname) => {
            const answer = await get(pathname);
            if (answer.text.includes(marker)) seen.add(pathname);
          }),
      );
      if (seen.size < 2) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const elapsed = performance.now() - started;
    live.push(elapsed);

    // Both now show the new text, so both were regenerated, whatever the header of the
    // response that first showed it said (the very first request to a path after the server
    // started can report HIT for content it has just regenerated).
    const regenerated = new Set(seen.keys());
    for (const pathname of [...everyPage, ...everyLocalesFile])
      if ((await get(pathname)).cache !== 'HIT') regenerated.add(pathname);
    const affected = new Set([
      ...pagesShowing(namespace).flatMap((p) => LANGUAGES.map((l) => pagePath(p.slug, l))),
      ...LANGUAGES.map((language) => `/locales/${language}/${namespace}.json`),
    ]);
    const outside = [...regenerated].filter((pathname) => !affected.has(pathname));
    if (outside.length) onlyAffected = false;
    const regeneratedPages = [...regenerated].filter((p) => !p.startsWith('/locales/')).length;
    rows.push([
      index + 1,
      namespace,
      `${field.join('.')}.de`,
      page,
      Math.round(actionAnswered - started),
      Math.round((webhookAnswered.get(id) ?? NaN) - started),
      Math.round(elapsed),
      `${regeneratedPages} + ${regenerated.size - regeneratedPages}`,
      `${affected.size - LANGUAGES.length} + ${LANGUAGES.length}`,
      outside.length ? `no: ${outside.length} more, e.g. ${outside.slice(0, 3).join(', ')}` : 'yes',
    ]);
  }

  console.log(
    [
      '',
      `publish → live: ${EDITS.length} edits, site and local API on one machine`,
      formatTable(
        [
          '#',
          'namespace',
          'field',
          'page',
          'action answered ms',
          'webhook answered ms',
          'live ms',
          'regenerated (pages + /locales)',
          'affected',
          'only affected',
        ],
        rows,
      ),
      '',
      `publish → page and /locales show it: median ${Math.round(median(live))} ms, max ${Math.round(Math.max(...live))} ms (target: median under ${TARGET_MEDIAN_MS} ms)`,
      `regenerated per edit: only the affected pages and /locales files: ${onlyAffected ? 'yes' : 'NO'}`,
      `for scale: a prerendered page (cache HIT) answers in ${median(hits).toFixed(1)} ms (median of ${hits.length})`,
    ].join('\n'),
  );
} finally {
  client.close();
  await api.close();
  await site.stop();
  await rm(dir, { recursive: true, force: true });
}
