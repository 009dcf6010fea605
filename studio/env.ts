/**
 * The Studio's project settings, as the bundle sees them. Sanity passes SANITY_STUDIO_*
 * variables (from the shell or studio/.env) to the Studio at build time. `npm run studio`
 * without a project sets SANITY_STUDIO_PROJECT_ID=local and SANITY_STUDIO_API_HOST to the
 * local content API; scripts read the same settings through studio/settings.ts.
 */
export const projectId = process.env.SANITY_STUDIO_PROJECT_ID || 'local';
export const dataset = process.env.SANITY_STUDIO_DATASET || 'production';
/** Where the Studio's API requests go instead of https://<projectId>.api.sanity.io. */
export const apiHost = process.env.SANITY_STUDIO_API_HOST || undefined;
/** The public site, for "open on the site" links. */
export const siteUrl = (process.env.SANITY_STUDIO_SITE_URL || 'http://localhost:3000').replace(
  /\/+$/,
  '',
);
/**
 * The site the Presentation tool shows in its frame (draft mode): SANITY_STUDIO_PREVIEW_URL,
 * else the public site. It must be a site whose STUDIO_URL names this Studio.
 */
export const previewUrl = (process.env.SANITY_STUDIO_PREVIEW_URL || siteUrl).replace(/\/+$/, '');
