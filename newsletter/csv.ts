/**
 * CSV as RFC 4180 has it (comma-separated, CRLF line ends, a cell quoted when it holds a
 * comma, quote or line break, quotes doubled) that is safe to open in a spreadsheet: a cell
 * starting with `=`, `+`, `-`, `@`, tab or carriage return is a formula to Excel, LibreOffice
 * and Google Sheets (`=cmd|'/ccalc'!a0-b@example.org` is a valid e-mail address), so it gets a
 * single quote in front, as OWASP's CSV injection advice says. Every CSV the project writes
 * goes through here.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** The rows as one CSV document, each line ended by CRLF. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(cell).join(',')}\r\n`).join('');
}
