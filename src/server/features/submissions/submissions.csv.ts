import { CSV_HEADERS, type SubmissionRow } from '#shared/contract/submissions';
import { EMPTY_CELL as EMPTY, csvLine } from '#shared/csv';

const text = (v: string | null | undefined) => (v == null || v.trim() === '' ? EMPTY : v);
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

/** What a CSV line is made of: the export reads only these columns (SubmissionRow names). */
export type CsvSubmission = Pick<
  SubmissionRow,
  'created_at' | 'submitter' | 'submissionStatus' | 'becomeAwareDate' | 'investigationDeadline' | 'reportable' | 'chNumber' | 'chTitle' | 'followup' | 'emailDelivered'
>;

/** The ten columns of the CSV (docs/product.md, List and CSV), in order, as the list shows them. */
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

export const CSV_HEADER_LINE = csvLine(CSV_HEADERS);

/** The whole file as chunks: the header, then one chunk per batch of rows. */
export async function* submissionsCsv(batches: AsyncIterable<CsvSubmission[]>): AsyncGenerator<string> {
  yield CSV_HEADER_LINE;
  for await (const rows of batches) {
    let chunk = '';
    for (const r of rows) chunk += csvLine(submissionCsvFields(r));
    yield chunk;
  }
}
