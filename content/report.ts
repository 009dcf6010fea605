/** Plain-text tables for the scripts' summaries. */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const cells = [headers, ...rows].map((row) => row.map(String));
  const widths = headers.map((_, col) => Math.max(...cells.map((row) => row[col]?.length ?? 0)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!)))
      .join('  ');
  return [
    line(cells[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.slice(1).map(line),
  ].join('\n');
}
