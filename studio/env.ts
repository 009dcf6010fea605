/**
 * The Studio's project settings. Sanity passes SANITY_STUDIO_* variables to the Studio
 * (CLI and bundle alike). Without a project id the Studio cannot start: the CLI wrapper
 * (scripts/studio.ts) says what to set before getting here.
 */
export const projectId = process.env.SANITY_STUDIO_PROJECT_ID ?? '';
export const dataset = process.env.SANITY_STUDIO_DATASET || 'production';
/** The public site, for "open on the site" links. */
export const siteUrl = (process.env.SANITY_STUDIO_SITE_URL || 'http://localhost:3000').replace(
  /\/+$/,
  '',
);
