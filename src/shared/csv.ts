/** CSV as the portal writes it (the submissions and logs exports), one rule for server and web. */

/** The placeholder of an empty cell (docs/product.md, List and CSV): a lone dash, which no spreadsheet runs. */
export const EMPTY_CELL = '-';

/** Cells a spreadsheet would run as a formula (docs/product.md, List and CSV): starting with = + - @ tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that needs neither (nearly every cell): one test instead of two, as an export writes a million cells. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",;\r\n]/;

/**
 * One cell: formula injection neutralised with a leading quote, then quoted per RFC 4180 when
 * needed. A semicolon is quoted too: spreadsheets in locales whose list separator is `;` split an
 * unquoted cell there, and the part after it could start a formula of its own.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (typeof value === 'string' && !NEEDS_CARE.test(value)) return value;
  const text = value === null || value === undefined ? '' : String(value);
  const safe = text !== EMPTY_CELL && FORMULA_START.test(text) ? `'${text}` : text;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, CRLF-terminated (RFC 4180). */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole file: the header record, then the rows. */
export function toCsv(headers: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return [headers, ...rows].map(csvLine).join('');
}
