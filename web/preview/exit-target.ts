import { isSitePath } from '@/schemas/site-path';

/**
 * Where leaving a preview goes: `to` if it is a path of this site, written as a URL writes
 * it (non-ASCII percent-encoded, so the Location header is valid and lands on that page),
 * and only if its encoding decodes (the page would be a 400); otherwise the home page.
 */
export function exitTarget(to: string | null): string {
  // U+FFFD is what a broken encoding became on its way here (Next re-encodes the query).
  if (!to || !isSitePath(to) || to.includes('\ufffd')) return '/';
  const url = new URL(to, 'http://site.invalid');
  const target = `${url.pathname}${url.search}${url.hash}`;
  try {
    decodeURIComponent(url.pathname);
  } catch {
    return '/';
  }
  return isSitePath(target) ? target : '/';
}

/**
 * A query parameter, decoded, or null when absent or when its percent-encoding does not
 * decode (`searchParams` would turn `%E0` into U+FFFD, a path that is no page).
 */
export function rawParameter(search: string, name: string): string | null {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const [key, value = ''] = pair.split('=', 2) as [string, string?];
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return null;
    }
  }
  return null;
}
