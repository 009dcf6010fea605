/** The spec's text helpers (§7): `{placeholder}` substitution and dotted-key lookup. */

/** Replaces each `{name}` whose value is given; unknown placeholders stay as written. */
export function fillPlaceholders(
  template: string,
  values: Readonly<Record<string, string | number>>,
): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * Looks up a dotted key (`form.status.success`, `items.0.question`) in a dictionary.
 * A missing key, or a key that leads to an object, returns the key itself; a list of
 * texts is joined with a comma.
 */
export function lookupText(
  dictionary: unknown,
  key: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  let current: unknown = dictionary;
  for (const segment of key.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment))
      return key;
    current = (current as Record<string, unknown>)[segment];
  }
  if (typeof current === 'string') return fillPlaceholders(current, values);
  if (typeof current === 'number' || typeof current === 'boolean') return String(current);
  if (Array.isArray(current) && current.every((item) => typeof item === 'string')) {
    return fillPlaceholders(current.join(', '), values);
  }
  return key;
}
