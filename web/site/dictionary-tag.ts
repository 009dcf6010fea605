/**
 * The cache tag of a namespace: on every page and `/locales` file that shows it, in Next's
 * cache (revalidateTag) and in a CDN's (Surrogate-Key, Cache-Tag; purged by tag). Free of
 * path aliases: the production server (server.ts) loads it directly.
 */
import type { Namespace } from '../../schemas/index.ts';

export function dictionaryTag(namespace: Namespace): string {
  return `dictionary:${namespace}`;
}
