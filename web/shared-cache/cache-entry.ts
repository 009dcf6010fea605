/**
 * One entry of Next's server cache as the shared cache stores it in Redis: a JSON envelope
 * naming the build and the key it belongs to and the tag tokens it was rendered under,
 * around Next's value (whose Buffers and Maps JSON cannot carry on its own, hence the tagged
 * forms). Reading is strict: anything that is not such an envelope for this build and this
 * key, of the kind Next asks for, is a miss, so a corrupt, truncated or foreign entry is
 * rendered again instead of reaching Next (which would fail the request on a wrong kind).
 */
import { z } from 'zod';

export const ENTRY_FORMAT = 'rg-site-cache/1';

/** Next's cache kinds (`ctx.kind` on get, `value.kind` on set). */
export type CacheKind = 'APP_PAGE' | 'APP_ROUTE' | 'PAGES' | 'FETCH' | 'IMAGE' | 'REDIRECT';

/** Tag → the token it had in the shared store when the entry's rendering began. */
export type TagTokens = Readonly<Record<string, string>>;

export interface CacheValue {
  readonly kind: string;
  readonly [field: string]: unknown;
}

export interface StoredEntry {
  /** New for every write; Redis keeps it beside the entry (its stamp), see cache-handler.ts. */
  readonly id: string;
  readonly lastModified: number;
  readonly tokens: TagTokens;
  readonly cacheControl: unknown;
  readonly value: CacheValue | null;
}

/** JSON.stringify with Buffers as {$buffer: base64} and Maps as {$map: entries}. */
export function serializeEntry(build: string, key: string, entry: StoredEntry): string {
  return JSON.stringify(
    { format: ENTRY_FORMAT, build, key, ...entry },
    function replace(this: Record<string, unknown>, name, value: unknown) {
      const original = this[name];
      if (Buffer.isBuffer(original)) return { $buffer: original.toString('base64') };
      if (original instanceof Map) return { $map: [...original.entries()] };
      return value;
    },
  );
}

function revive(_name: string, value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const tagged = value as { $buffer?: unknown; $map?: unknown };
    if (typeof tagged.$buffer === 'string' && Object.keys(value).length === 1)
      return Buffer.from(tagged.$buffer, 'base64');
    if (Array.isArray(tagged.$map) && Object.keys(value).length === 1)
      return new Map(tagged.$map as [unknown, unknown][]);
  }
  return value;
}

const buffer = z.custom<Buffer>((value) => Buffer.isBuffer(value), { error: 'not bytes' });
const headers = z.record(z.string(), z.union([z.string(), z.array(z.string()), z.number()]));

/** The fields Next reads from each kind without checking them itself. */
const VALUE_BY_KIND = {
  APP_PAGE: z.looseObject({
    kind: z.literal('APP_PAGE'),
    html: z.string(),
    rscData: buffer.optional(),
    segmentData: z.map(z.string(), buffer).optional(),
    headers: headers.optional(),
    status: z.number().optional(),
  }),
  APP_ROUTE: z.looseObject({
    kind: z.literal('APP_ROUTE'),
    body: buffer,
    headers,
    status: z.number(),
  }),
  PAGES: z.looseObject({ kind: z.literal('PAGES'), html: z.string() }),
  FETCH: z.looseObject({
    kind: z.literal('FETCH'),
    data: z.looseObject({ headers: z.record(z.string(), z.string()), body: z.string() }),
  }),
  IMAGE: z.looseObject({ kind: z.literal('IMAGE'), buffer }),
  REDIRECT: z.looseObject({ kind: z.literal('REDIRECT') }),
} as const satisfies Record<CacheKind, z.ZodType>;

const Envelope = z.object({
  format: z.literal(ENTRY_FORMAT),
  build: z.string(),
  key: z.string(),
  id: z.string(),
  lastModified: z.number(),
  tokens: z.record(z.string(), z.string()),
  cacheControl: z.unknown().optional(),
  value: z.looseObject({ kind: z.string() }).nullable(),
});

export type ReadResult =
  | { readonly ok: true; readonly entry: StoredEntry }
  | { readonly ok: false; readonly reason: string };

/** The stored text as an entry of `kind` for this build and key, or why it is not one. */
export function parseEntry(text: string, build: string, key: string, kind: CacheKind): ReadResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text, revive);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const envelope = Envelope.safeParse(raw);
  if (!envelope.success) return { ok: false, reason: 'not an entry of this site' };
  const {
    build: storedBuild,
    key: storedKey,
    value,
    id,
    lastModified,
    tokens,
    cacheControl,
  } = envelope.data;
  if (storedBuild !== build) return { ok: false, reason: `from another build (${storedBuild})` };
  if (storedKey !== key) return { ok: false, reason: 'stored under another key' };
  if (value === null) {
    // Next stores null for a page that is not found; a data-cache read never gets one.
    return kind === 'FETCH'
      ? { ok: false, reason: 'empty data entry' }
      : { ok: true, entry: { id, lastModified, tokens, cacheControl, value: null } };
  }
  const checked = VALUE_BY_KIND[kind].safeParse(value);
  if (!checked.success) return { ok: false, reason: `not a readable ${kind} entry` };
  return { ok: true, entry: { id, lastModified, tokens, cacheControl, value: checked.data } };
}

/** Next puts a page's or route's tags in this header; data entries get them on the call. */
export const CACHE_TAGS_HEADER = 'x-next-cache-tags';

export function tagsOfValue(value: CacheValue | null): string[] {
  const header = (value?.headers as Record<string, unknown> | undefined)?.[CACHE_TAGS_HEADER];
  return typeof header === 'string' ? header.split(',').filter(Boolean) : [];
}

/** True when every tag still has the token it had when the entry's rendering began. */
export function isCurrent(stored: TagTokens, current: TagTokens, tags: Iterable<string>): boolean {
  for (const tag of tags) if ((stored[tag] ?? '') !== (current[tag] ?? '')) return false;
  return true;
}
