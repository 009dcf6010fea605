/**
 * The Studio's project settings, as the bundle sees them. Sanity passes SANITY_STUDIO_*
 * variables (from the shell or studio/.env) to the Studio at build time, and only where
 * they are written out literally, so each is read by name and then parsed with the same
 * schema the scripts use. `npm run studio` without a project sets
 * SANITY_STUDIO_PROJECT_ID=local and SANITY_STUDIO_API_HOST to the local API.
 */
import { parseStudioEnv } from './env-schema';

const settings = parseStudioEnv({
  SANITY_STUDIO_PROJECT_ID: process.env.SANITY_STUDIO_PROJECT_ID,
  SANITY_STUDIO_DATASET: process.env.SANITY_STUDIO_DATASET,
  SANITY_STUDIO_SITE_URL: process.env.SANITY_STUDIO_SITE_URL,
  SANITY_STUDIO_API_HOST: process.env.SANITY_STUDIO_API_HOST,
});

export const projectId = settings.SANITY_STUDIO_PROJECT_ID ?? 'local';
export const dataset = settings.SANITY_STUDIO_DATASET;
/** Where the Studio's API requests go instead of https://<projectId>.api.sanity.io. */
export const apiHost = settings.SANITY_STUDIO_API_HOST;
/** The public site, for "open on the site" links. */
export const siteUrl = (settings.SANITY_STUDIO_SITE_URL ?? 'http://localhost:3000').replace(
  /\/+$/,
  '',
);
/**
 * The site the Presentation tool shows in its frame (draft mode): SANITY_STUDIO_PREVIEW_URL,
 * else the public site. It must be a site whose STUDIO_URL names this Studio.
 */
export const previewUrl = (process.env.SANITY_STUDIO_PREVIEW_URL || siteUrl).replace(/\/+$/, '');
