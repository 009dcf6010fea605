/**
 * The Presentation tool: the site in a frame, with unpublished changes (draft mode), where
 * a click on a text opens its field. Opening a page in the frame opens that page's own
 * dictionary beside it; opening the tool from the top bar shows the page of the dictionary
 * being edited (./PresentationForEditor.tsx).
 *
 * Sanity's per-document "Used on N pages" list (`resolve.locations`) is left out: it sat
 * above every form, taking room from the texts, and repeated the dictionary's "On the site"
 * tab, which lists the same pages with a Preview link per language (OnTheSiteView.tsx).
 */
import { presentationTool } from 'sanity/presentation';
import { documentType, type Namespace } from '../schemas';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../schemas/languages';
import { pagePath } from '../schemas/language-paths';
import { NOT_FOUND_NAMESPACE, pagesShowing, SITE_PAGES } from '../schemas/site';
import type { EditingContext } from './editing-context';
import { apiHost, previewUrl } from './env';

/** The site's route that starts a preview after checking the Studio's secret. */
export const ENABLE_PREVIEW_PATH = '/api/draft-mode/enable';

/** Where the site shows its not-found page on purpose (any unknown path would do). */
const NOT_FOUND_SLUG = 'page-not-found';

/** Each page's own dictionary, at the page's address in every language (`/` and `/en` alike). */
const PAGES: readonly { slug: string; namespace: Namespace }[] = [
  ...SITE_PAGES,
  { slug: NOT_FOUND_SLUG, namespace: NOT_FOUND_NAMESPACE },
];

export const mainDocuments = PAGES.map(({ slug, namespace }) => ({
  route: [...new Set([`/${slug}`, ...LANGUAGES.map((language) => pagePath(slug, language))])],
  type: documentType(namespace),
}));

/** The first page that shows a dictionary's texts, in a language: where to preview it. */
export function pageShowing(namespace: Namespace, language: Language): string {
  const [page] = pagesShowing(namespace);
  return pagePath(page ? page.slug : NOT_FOUND_SLUG, language);
}

/** The site the frame shows: the one shown last in this tab, else the configured one. */
export function previewOrigin(context: EditingContext): string {
  return context.previewOrigin ?? new URL(previewUrl).origin;
}

/**
 * The language the editor works in: the one last typed in or clicked into, else the one of
 * the field last in, else the Studio's interface language where the site has it (German),
 * else English.
 */
export function editorLanguage(context: EditingContext, interfaceLocale: string): Language {
  const worked = context.workedLanguage ?? context.language;
  if (worked) return worked;
  const interfaceLanguage = interfaceLocale.split('-')[0];
  return LANGUAGES.find((language) => language === interfaceLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * Origins the frame may show besides the preview URL's own. With the local API
 * (npm run studio) the site may run on any local port (npm start picks a free one; tests
 * too): `?preview=http://localhost:3001/de` then opens it. Loopback only, and only on the
 * local setup: a Studio for a Sanity project hands its preview secrets to its own site alone.
 */
const LOCAL_SITES = apiHost ? ['http://localhost:*', 'http://127.0.0.1:*'] : [];

export const presentation = presentationTool({
  allowOrigins: [new URL(previewUrl).origin, ...LOCAL_SITES],
  previewUrl: {
    initial: previewUrl,
    previewMode: { enable: ENABLE_PREVIEW_PATH },
  },
  resolve: { mainDocuments },
});
