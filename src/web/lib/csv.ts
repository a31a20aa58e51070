/** Cells a spreadsheet would run as a formula (DESIGN §6): = + - @ tab and carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Neutralises formula injection, then quotes per RFC 4180 when the cell needs it. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: CRLF between records, a header record first. */
export function toCsv(headers: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return [headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Saves text or a blob as a file through a temporary link (no inline script; CSP-safe). */
export function downloadFile(filename: string, content: Blob | string, type = 'text/csv;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click's task; revoke only after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
