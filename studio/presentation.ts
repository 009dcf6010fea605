/**
 * The Presentation tool: the site in a frame, with unpublished changes (draft mode), where
 * a click on a text opens its field. Opening a page in the frame opens that page's own
 * dictionary beside it.
 *
 * Sanity's per-document "Used on N pages" list (`resolve.locations`) is left out: it sat
 * above every form, taking room from the texts, and repeated the dictionary's "On the site"
 * tab, which lists the same pages.
 */
import { presentationTool } from 'sanity/presentation';
import { documentType } from '../schemas';
import { LANGUAGES } from '../schemas/languages';
import { pagePath } from '../schemas/paths';
import { SITE_PAGES } from '../schemas/site';
import { apiHost, previewUrl } from './env';

/** The site's route that starts a preview after checking the Studio's secret. */
export const ENABLE_PREVIEW_PATH = '/api/draft-mode/enable';

/** Each page's own dictionary, at the page's address in every language (`/` and `/en` alike). */
export const mainDocuments = SITE_PAGES.map((page) => ({
  route: [
    ...new Set([`/${page.slug}`, ...LANGUAGES.map((language) => pagePath(page.slug, language))]),
  ],
  type: documentType(page.namespace),
}));

/**
 * Origins the frame may show besides the preview URL's own. With the local content API
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
