/** The paths of every page in every language, as visitors reach them (English unprefixed). */
import { LANGUAGES } from '@/schemas/languages';
import { SITE_PAGES } from '@/schemas/site';
import { pagePath } from '@/schemas/language-paths';

export const EVERY_PAGE_PATH: readonly string[] = LANGUAGES.flatMap((language) =>
  SITE_PAGES.map((page) => pagePath(page.slug, language)),
);

/** `--pages /,/de/about` picks pages; without it, every page. */
export function pickPages(option: string | undefined): string[] {
  if (!option) return [...EVERY_PAGE_PATH];
  const picked = option.split(',').map((path) => path.trim());
  const unknown = picked.filter((path) => !EVERY_PAGE_PATH.includes(path));
  if (unknown.length)
    throw new Error(`--pages: not pages of the site: ${unknown.join(', ')} (e.g. /, /de/about)`);
  return picked;
}
