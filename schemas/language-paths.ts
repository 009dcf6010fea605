/**
 * The site's path rule, shared by the site and the Studio's links to it: a path without a
 * language prefix is English; the root of a language is just `/{lang}`. External,
 * hash-only and empty links are left unchanged; query and hash parts are preserved. What
 * counts as a path of this site is defined once, in ./site-path.ts, for the content rules
 * and every renderer alike.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages';
import { isSitePath } from './site-path';

/** The language named by the first path segment, or the default language. */
export function languageOfPath(path: string): Language {
  const first = path.split(/[?#]/, 1)[0]!.split('/')[1];
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

function splitSuffix(href: string): [string, string] {
  const index = href.search(/[?#]/);
  return index === -1 ? [href, ''] : [href.slice(0, index), href.slice(index)];
}

/** Removes a language prefix: `/de/faq?x#y` → `/faq?x#y`, `/tr` → `/`. */
export function stripLanguage(path: string): string {
  const [pathname, suffix] = splitSuffix(path);
  const segments = pathname.split('/');
  if (isLanguage(segments[1])) segments.splice(1, 1);
  const stripped = segments.join('/') || '/';
  return `${stripped.startsWith('/') ? stripped : `/${stripped}`}${suffix}`;
}

/** An internal link, i.e. a safe path of this site, which the site localises. */
export function isInternalHref(href: string): boolean {
  return isSitePath(href);
}

/**
 * A path to a file rather than a page: its last segment has an extension
 * (`/press/rg-press-kit.zip`). Files are the same in every language.
 */
export function isFilePath(href: string): boolean {
  const [pathname] = splitSuffix(href);
  return isInternalHref(href) && /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');
}

/** Whether a browser could read an address as a path (or as `//host`): it starts with a slash. */
function looksLikePath(href: string): boolean {
  return /^[\\/]/.test(href.replace(/^[\s\p{Cc}]+/u, ''));
}

/**
 * Adds the language prefix to an internal path (replacing any prefix it had). English
 * paths stay unprefixed, since unprefixed is English. Anything that looks like a path
 * but is not a safe one (`//host`, `/\host`, a tab inside) becomes the language's home
 * page, so no renderer can emit it; files and other addresses (https, mailto, `#…`,
 * empty) are returned as they are.
 */
export function withLanguage(href: string, language: Language): string {
  const home = language === DEFAULT_LANGUAGE ? '/' : `/${language}`;
  if (!isInternalHref(href)) return looksLikePath(href) ? home : href;
  if (isFilePath(href)) return href;
  const bare = stripLanguage(href);
  const [pathname, suffix] = splitSuffix(bare);
  const localised =
    language === DEFAULT_LANGUAGE
      ? bare
      : `${pathname === '/' ? `/${language}` : `/${language}${pathname}`}${suffix}`;
  return isSitePath(localised) ? localised : home;
}

/** The public path of a page slug in a language: `('', 'de')` → `/de`, `('faq', 'en')` → `/faq`. */
export function pagePath(slug: string, language: Language): string {
  return withLanguage(slug ? `/${slug}` : '/', language);
}
