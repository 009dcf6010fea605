/**
 * What counts as a path of this site: the one definition the content rules, the
 * normalisers and every renderer (links, calls to action, the not-found redirect) use.
 *
 * Browsers are lenient with addresses: they read `\` as `/` (so `/\evil.example` is
 * `//evil.example`, another host), drop tabs and line breaks anywhere (`/<tab>/evil`),
 * and trim spaces and control characters at the ends. A path is therefore accepted only
 * when there is nothing left for such leniency to act on, and when it still resolves to
 * the site's own origin.
 */

/** A stand-in origin: only whether a path stays on it matters, not its name. */
const SITE_ORIGIN = 'https://site.invalid';

/**
 * Characters no site path, fragment or address may contain: backslash, whitespace and
 * separators (including no-break spaces), control characters, invisible format
 * characters (zero-width, bidirectional controls) and lone surrogates.
 */
const UNSAFE_IN_ADDRESS = /[\\\s\p{Z}\p{Cc}\p{Cf}\p{Cs}]/u;

/** Whether an address contains a character a browser would reinterpret or drop. */
export function hasUnsafeAddressCharacter(value: string): boolean {
  return UNSAFE_IN_ADDRESS.test(value);
}

/**
 * A path of this site: `/`, `/about`, `/de/faq?x=1#top`. Never scheme-relative
 * (`//host`), never an empty segment anywhere in the path (`/de//host` would become
 * `//host` once the language prefix is removed), nothing a browser reinterprets, and it
 * resolves to the site's own origin.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || hasUnsafeAddressCharacter(value)) return false;
  const pathname = value.split(/[?#]/, 1)[0]!;
  if (pathname.includes('//')) return false;
  try {
    const resolved = new URL(value, `${SITE_ORIGIN}/`);
    return resolved.origin === SITE_ORIGIN && !resolved.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/** A link to a part of the current page: `#newsletter`. */
export function isFragmentLink(value: string): boolean {
  return value.startsWith('#') && !hasUnsafeAddressCharacter(value);
}
