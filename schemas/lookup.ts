/** `{placeholder}` substitution in dictionary texts. */

/** Replaces each `{name}` whose value is given; unknown placeholders stay as written. */
export function fillPlaceholders(
  template: string,
  values: Readonly<Record<string, string | number>>,
): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
