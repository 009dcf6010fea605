/**
 * Language and paths (§2.1): a path without a language prefix is English; the root of a
 * language is just `/{lang}`. External, hash-only and empty links are left unchanged;
 * query and hash parts are preserved.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@/schemas/languages';

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

/** An internal link, i.e. one this site localises. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/**
 * A path to a file rather than a page: its last segment has an extension
 * (`/press/rg-press-kit.zip`). Files are the same in every language.
 */
export function isFilePath(href: string): boolean {
  const [pathname] = splitSuffix(href);
  return isInternalHref(href) && /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');
}

/**
 * Adds the language prefix to an internal path (replacing any prefix it had). English
 * paths stay unprefixed, since unprefixed is English. Anything else, files included, is
 * returned as is.
 */
export function withLanguage(href: string, language: Language): string {
  if (!isInternalHref(href) || isFilePath(href)) return href;
  const bare = stripLanguage(href);
  if (language === DEFAULT_LANGUAGE) return bare;
  const [pathname, suffix] = splitSuffix(bare);
  return `${pathname === '/' ? `/${language}` : `/${language}${pathname}`}${suffix}`;
}

/** The public path of a page slug in a language: `('', 'de')` → `/de`, `('faq', 'en')` → `/faq`. */
export function pagePath(slug: string, language: Language): string {
  return withLanguage(slug ? `/${slug}` : '/', language);
}
