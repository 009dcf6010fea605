/**
 * The Presentation tool: the site in a frame, with unpublished changes (draft mode), where
 * a click on a text opens its field. For each dictionary it lists where it shows: every
 * page in every language that reads it (schemas/site.ts). Opening a page in the frame
 * opens that page's own dictionary beside it.
 */
import { presentationTool, type DocumentLocationResolvers } from 'sanity/presentation';
import { documentType, NAMESPACES, type Namespace } from '../schemas';
import { LANGUAGE_NAMES, LANGUAGES } from '../schemas/languages';
import { pagePath } from '../schemas/paths';
import { pagesShowing, SITE_PAGES } from '../schemas/site';
import { apiHost, previewUrl } from './env';

/** The site's route that starts a preview after checking the Studio's secret. */
export const ENABLE_PREVIEW_PATH = '/api/draft-mode/enable';

function locationsOf(namespace: Namespace) {
  return pagesShowing(namespace).flatMap((page) =>
    LANGUAGES.map((language) => ({
      title: `${page.slug ? `/${page.slug}` : 'Home page'} (${LANGUAGE_NAMES[language]})`,
      href: pagePath(page.slug, language),
    })),
  );
}

export const locations: DocumentLocationResolvers = Object.fromEntries(
  NAMESPACES.map((namespace) => [documentType(namespace), { locations: locationsOf(namespace) }]),
);

/** Each page's own dictionary, at the page's address in every language (`/` and `/en` alike). */
export const mainDocuments = SITE_PAGES.map((page) => ({
  route: [
    ...new Set([`/${page.slug}`, ...LANGUAGES.map((language) => pagePath(page.slug, language))]),
  ],
  type: documentType(page.namespace),
}));

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
  resolve: { locations, mainDocuments },
});
