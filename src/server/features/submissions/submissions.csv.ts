import { CSV_HEADERS, type SubmissionRow } from '#shared/contract/submissions';

const EMPTY = '-';

/**
 * One CSV cell: cells a spreadsheet would run as a formula (starting with = + - @ tab or CR) get
 * a leading quote; cells with a comma, quote or line break are quoted (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = value !== EMPTY && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const text = (v: string | null | undefined) => (v == null || v.trim() === '' ? EMPTY : v);
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** What a CSV line is made of: the export reads only these columns (SubmissionRow names). */
export type CsvSubmission = Pick<
  SubmissionRow,
  'created_at' | 'submitter' | 'submissionStatus' | 'becomeAwareDate' | 'investigationDeadline' | 'reportable' | 'chNumber' | 'chTitle' | 'followup' | 'emailDelivered'
>;

/** The ten columns of spec §9, in order, as the list shows them. */
export function submissionCsvFields(r: CsvSubmission): string[] {
  return [
    text(r.created_at),
    text(r.submitter),
    text(r.submissionStatus),
    text(r.becomeAwareDate),
    text(r.investigationDeadline),
    yesNo(r.reportable),
    r.submissionStatus === 'Successful Transfer' ? text(r.chNumber) : EMPTY,
    text(r.chTitle),
    text(r.followup),
    yesNo(r.emailDelivered),
  ];
}

export const CSV_HEADER_LINE = `${CSV_HEADERS.map(csvCell).join(',')}\r\n`;

export function csvLine(fields: string[]): string {
  return `${fields.map(csvCell).join(',')}\r\n`;
}

/** The whole file as chunks: the header, then one chunk per batch of rows. */
export async function* submissionsCsv(batches: AsyncIterable<CsvSubmission[]>): AsyncGenerator<string> {
  yield CSV_HEADER_LINE;
  for await (const rows of batches) {
    let chunk = '';
    for (const r of rows) chunk += csvLine(submissionCsvFields(r));
    yield chunk;
  }
}
