/**
 * Presence rules for texts and links, shared by every feature's normaliser: a blank text
 * counts as absent, and an item missing a required text is dropped rather than shown half.
 */
import type { ValueOf } from '@/schemas/define';
import type { cta, ctaPair } from '@/schemas/dictionaries/parts';
import { hrefKind, isPresentText } from '@/schemas/rules';

export { isPresentText };

/** The trimmed text, or undefined when blank or absent. */
export function presentText(value: string | undefined): string | undefined {
  return isPresentText(value) ? value.trim() : undefined;
}

/** Present texts of a list (paragraphs), blanks dropped. */
export function presentTexts(values: readonly string[] | undefined): string[] {
  return (values ?? []).map((v) => v.trim()).filter((v) => v.length > 0);
}

/**
 * A present, safe address: a site path (schemas/site-path.ts), a fragment, an https
 * URL or a mailto: address. Validation already rejects anything else; renderers check
 * again so that no `javascript:`, `//host` or `/\host` link can reach a page even if
 * copy arrives unvalidated.
 */
export function presentHref(value: string | undefined): string | undefined {
  const href = presentText(value);
  return href && hrefKind(href) ? href : undefined;
}

export interface Link {
  readonly label: string;
  readonly url: string;
}

/** A call to action as the dictionaries define it (`cta()` in schemas/dictionaries/parts.ts). */
export type CtaValue = ValueOf<ReturnType<typeof cta>>;
export type CtaPairValue = ValueOf<ReturnType<typeof ctaPair>>;

/** A call to action appears only if both label and url are present. */
export function normaliseCta(cta: CtaValue | undefined): Link | undefined {
  const label = presentText(cta?.label);
  const url = presentHref(cta?.url);
  return label && url ? { label, url } : undefined;
}

/** Call-to-action buttons that are present, in order (primary first). */
export function normaliseCtaPair(pair: CtaPairValue | undefined): {
  primary?: Link;
  secondary?: Link;
} {
  const primary = normaliseCta(pair?.primary);
  const secondary = normaliseCta(pair?.secondary);
  return { ...(primary && { primary }), ...(secondary && { secondary }) };
}

/** Told of each item `keepComplete` drops, while `droppedBy` runs. */
let onDropped: ((item: unknown) => void) | undefined;

/** Keeps items for which `pick` returns a view model; drops the rest. */
export function keepComplete<T, U>(
  items: readonly T[] | undefined,
  pick: (item: T) => U | undefined,
): U[] {
  return (items ?? []).flatMap((item) => {
    const picked = pick(item);
    if (picked === undefined) onDropped?.(item);
    return picked === undefined ? [] : [picked];
  });
}

/**
 * The items a normaliser drops, as it runs (synchronously): the content gate compares them
 * across languages with the site's own rule instead of a second statement of it.
 */
export function droppedBy(normalise: () => unknown): unknown[] {
  const dropped: unknown[] = [];
  const outer = onDropped;
  onDropped = (item) => dropped.push(item);
  try {
    normalise();
  } finally {
    onDropped = outer;
  }
  return dropped;
}

/**
 * Keeps an entry only if every listed text is present; returns the trimmed texts. The keys
 * must be text fields of the item's own type, so a renamed field fails to compile here.
 */
export function requireTexts<T extends Partial<Record<K, string>>, K extends keyof T & string>(
  item: T,
  keys: readonly K[],
): Record<K, string> | undefined {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const value = presentText(item[key]);
    if (!value) return undefined;
    out[key] = value;
  }
  return out;
}
