/**
 * Renders what a version of the dictionaries would put on the site, to find out before
 * it is served whether it renders at all: every page that shows a namespace in every
 * language (header, body, footer, structured data), its head, its link-preview image's
 * text layout, the not-found page and the press kit's texts where they show it.
 *
 * The React tree is handed to `renderTree`: the property test renders it to HTML with
 * React DOM; the content gate, inside Next's server-component layer (where React DOM's
 * server renderer cannot be imported), runs its server components (./server-tree.ts).
 */
import type { ReactNode } from 'react';
import type { RenderCheck } from '@/content/gate';
import { checkedDictionaries } from '@/content/published';
import type { SnapshotStore } from '@/content/snapshot';
import type { ContentStore } from '@/content/store';
import { documentId, type DictionaryOf, type Namespace } from '@/schemas';
import { LANGUAGES, type Language } from '@/schemas/languages';
import { pagesShowing, SITE_PAGES, type SitePageEntry } from '@/schemas/site';
import { pressKitTexts } from '../press/press-kit';
import type { LoadDictionary, PageSource } from '../site/page-source';
import { NOT_FOUND_IMAGE, socialImageLayout } from '../head/social-image';
import { pageHead, socialImageTexts } from '../head/page-head';
import { handRenderCheck, siteContent } from '../dictionaries/site-gate';
import { droppedItemProblems } from './dropped-items';
import { runServerComponents } from '../site/server-tree';
import { NotFoundView, SitePageView } from './site-page';

export type RenderTree = (tree: ReactNode) => Promise<void>;

export interface RenderFailure {
  /** The language whose pages failed; absent for the press kit (all languages at once). */
  readonly language?: Language;
  /** What failed: `page /about`, `head of /about`, `not-found page`, `press kit`, … */
  readonly part: string;
  readonly error: unknown;
}

/** Namespaces whose texts the press kit shows (wordmark, about, contacts, footer). */
const PRESS_KIT_NAMESPACES: readonly Namespace[] = ['layout', 'about', 'pressKit', 'footer'];
/** Namespaces the not-found page shows: its own and the chrome around it. */
const NOT_FOUND_NAMESPACES: readonly Namespace[] = ['error', 'common', 'layout', 'footer'];

/** The URLs of a page head, resolved as Next resolves them against `metadataBase`. */
function resolveHeadUrls(head: Awaited<ReturnType<typeof pageHead>>): void {
  const base = head.metadataBase ?? undefined;
  const images = head.openGraph?.images;
  const urls = [
    head.alternates?.canonical,
    ...Object.values(head.alternates?.languages ?? {}),
    head.openGraph?.url,
    ...(Array.isArray(images) ? images : [images]).map((image) =>
      typeof image === 'object' && image !== null && 'url' in image ? image.url : image,
    ),
  ];
  for (const url of urls) if (typeof url === 'string') new URL(url, base);
}

async function attempt(
  failures: RenderFailure[],
  language: Language | undefined,
  part: string,
  run: () => unknown,
): Promise<void> {
  try {
    await run();
  } catch (error) {
    failures.push({ ...(language && { language }), part, error });
  }
}

/**
 * Renders every part of the site that shows `namespace` (every part when undefined), in
 * every language, with the texts `load` gives; returns what failed, or nothing.
 */
export async function renderSite(
  load: LoadDictionary,
  renderTree: RenderTree,
  namespace?: Namespace,
): Promise<RenderFailure[]> {
  const failures: RenderFailure[] = [];
  const pages: readonly SitePageEntry[] = namespace
    ? (pagesShowing(namespace) as readonly SitePageEntry[])
    : SITE_PAGES;
  const source: PageSource = { body: load, head: load, preview: null };
  const shows = (namespaces: readonly Namespace[]) => !namespace || namespaces.includes(namespace);
  for (const language of LANGUAGES) {
    for (const page of pages) {
      const where = `/${page.slug}`;
      await attempt(failures, language, `page ${where}`, () =>
        renderTree(<SitePageView language={language} page={page} source={source} />),
      );
      await attempt(failures, language, `head of ${where}`, async () =>
        resolveHeadUrls(await pageHead(language, page, load)),
      );
      await attempt(failures, language, `link-preview image of ${where}`, async () =>
        socialImageLayout(await socialImageTexts(language, page.slug || 'home', load)),
      );
    }
    if (shows(NOT_FOUND_NAMESPACES)) {
      await attempt(failures, language, 'not-found page', () =>
        renderTree(<NotFoundView language={language} source={source} />),
      );
      await attempt(failures, language, 'head of the not-found page', async () =>
        resolveHeadUrls(await pageHead(language, null, load)),
      );
      await attempt(failures, language, 'link-preview image of the not-found page', async () =>
        socialImageLayout(await socialImageTexts(language, NOT_FOUND_IMAGE, load)),
      );
    }
  }
  if (shows(PRESS_KIT_NAMESPACES))
    await attempt(failures, undefined, 'press kit', () => pressKitTexts(load));
  return failures;
}

/** Another namespace has no version to render with yet: nothing this version can be blamed for. */
class NoVersionToRenderWith extends Error {}

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * The content gate's render check: a version of a namespace is rendered wherever the site
 * shows it, with every other namespace as the site serves it (`served`), and each failure
 * becomes a problem that holds the version back, naming the page and language. An item shown
 * in one language and dropped in another (./dropped-items.ts) holds it back first.
 */
export function siteRenderCheck(options: {
  served: <N extends Namespace>(
    namespace: N,
  ) => Promise<Record<Language, DictionaryOf<N>> | undefined>;
  renderTree: RenderTree;
}): RenderCheck {
  return async (namespace, languages) => {
    const dropped = droppedItemProblems(namespace, languages);
    if (dropped.length) return dropped;
    // Each other namespace is read once per check, not once per page and language.
    const versions = new Map<Namespace, Promise<unknown>>();
    const load: LoadDictionary = async (language, other) => {
      const asked: Namespace = other;
      if (asked === namespace) return languages[language] as unknown as DictionaryOf<typeof other>;
      let read = versions.get(other);
      if (!read) versions.set(other, (read = options.served(other)));
      const version = (await read) as Record<Language, DictionaryOf<typeof other>> | undefined;
      if (!version) throw new NoVersionToRenderWith(`no version of ${other} yet`);
      return version[language];
    };
    const failures = await renderSite(load, options.renderTree, namespace);
    return failures
      .filter(({ error }) => !(error instanceof NoVersionToRenderWith))
      .map(({ language, part, error }) => ({
        file: language ? `${documentId(namespace)} (${language})` : documentId(namespace),
        path: '',
        message: `${part} does not render with it (${describeError(error)})`,
      }));
  };
}

/**
 * The version of each namespace the site serves, for rendering another one beside it: its
 * last good version, or before there is one (the first reads of a build) the store's
 * version if it passes validation.
 */
export function servedVersions(store: ContentStore, snapshot: SnapshotStore) {
  return async <N extends Namespace>(namespace: N) => {
    const good = await snapshot.read(namespace);
    if (good) return good.languages;
    const [doc] = await store.fetchDictionaries([namespace]);
    const published = checkedDictionaries(namespace, doc, {
      strict: false,
      storeDescription: store.description,
    });
    return published.problems.length ? undefined : published.languages;
  };
}

/**
 * Hands the site's gate (web/dictionaries/site-gate.ts) this check, rendering each version
 * beside what the site serves. Called at the top: instrumentation.ts for a running server, and
 * the app's entries that read dictionaries while `next build` prerenders them.
 */
export function handSiteRenderCheck(renderTree: RenderTree = runServerComponents): void {
  handRenderCheck((namespace, languages, beside) => {
    const { store, snapshot } = siteContent();
    const served = servedVersions(store, snapshot);
    return siteRenderCheck({
      served: async (other) => beside?.[other] ?? served(other),
      renderTree,
    })(namespace, languages);
  });
}
