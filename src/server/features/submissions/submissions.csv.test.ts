import { describe, expect, it } from 'vitest';
import type { SubmissionRow } from '#shared/contract/submissions';
import { submissionRow } from '../../../../tests/support/submission-fixtures.ts';
import { submissionsCsv } from './submissions.csv.ts';

const HEADER = 'Submission Date,Submitter Name,Form Status,BAD,Investigation Deadline,Reportable,CH-Number,CH-Title,Good Faith Efforts,Delivered\r\n';

/** The cells every row below shares unless it says otherwise. */
const row = (fields: Partial<SubmissionRow>): SubmissionRow =>
  submissionRow({ created_at: '2025-06-01 09:30:00', submitter: 'Jane Doe', becomeAwareDate: '2025-05-30', investigationDeadline: '2025-06-29', ...fields });

async function* batches(...lists: SubmissionRow[][]): AsyncGenerator<SubmissionRow[]> {
  for (const list of lists) yield list;
}

async function csvOf(...lists: SubmissionRow[][]): Promise<string> {
  let out = '';
  for await (const chunk of submissionsCsv(batches(...lists))) out += chunk;
  return out;
}

describe('submissions CSV', () => {
  it('is exactly the header line when nothing matches', async () => {
    expect(await csvOf()).toBe(HEADER);
    expect(await csvOf([], [])).toBe(HEADER);
  });

  it('writes the ten columns byte for byte: CRLF, dashes for empty cells, Yes/No, CH-Number only once transferred', async () => {
    const csv = await csvOf(
      [
        row({ submissionStatus: 'Successful Transfer', chNumber: 'CH-000101', chTitle: 'Pump alarm', followup: 'Pump replaced.', reportable: true, emailDelivered: true }),
        row({ created_at: '2025-06-02 10:00:00', submitter: '', submissionStatus: 'Transfer Error', chNumber: 'CH-000102', chTitle: 'Retry me', followup: '   ' }),
      ],
      [row({ created_at: '2025-06-03 11:00:00', submitter: 'Ana Lima', submissionStatus: 'Pending Transfer', chNumber: 'CH-000103', reportable: true })],
    );
    expect(csv).toBe(
      HEADER +
        '2025-06-01 09:30:00,Jane Doe,Successful Transfer,2025-05-30,2025-06-29,Yes,CH-000101,Pump alarm,Pump replaced.,Yes\r\n' +
        '2025-06-02 10:00:00,-,Transfer Error,2025-05-30,2025-06-29,No,-,Retry me,-,No\r\n' +
        '2025-06-03 11:00:00,Ana Lima,Pending Transfer,2025-05-30,2025-06-29,Yes,-,-,-,No\r\n',
    );
    expect(csv.split('\r\n')).toHaveLength(5);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('quotes cells holding commas, quotes or line breaks (RFC 4180)', async () => {
    const csv = await csvOf([
      row({ submitter: 'Doe, Jane', chTitle: 'The "loud" alarm', followup: 'Called twice.\nNo answer.\r\nLeft voicemail.' }),
    ]);
    expect(csv).toBe(HEADER + '2025-06-01 09:30:00,"Doe, Jane",Pending Review,2025-05-30,2025-06-29,No,-,"The ""loud"" alarm","Called twice.\nNo answer.\r\nLeft voicemail.",No\r\n');
  });

  it('neutralises cells a spreadsheet would run as a formula, while the placeholder dash stays a dash', async () => {
    const csv = await csvOf([
      row({ submitter: '=HYPERLINK("http://evil.example","click")', chTitle: '+1', followup: '@SUM(A1:A9)', submissionStatus: 'Successful Transfer', chNumber: '-2' }),
      row({ submitter: '-', chTitle: '\tTabbed', followup: '\rCR' }),
    ]);
    expect(csv).toBe(
      HEADER +
        '2025-06-01 09:30:00,"\'=HYPERLINK(""http://evil.example"",""click"")",Successful Transfer,2025-05-30,2025-06-29,No,\'-2,\'+1,\'@SUM(A1:A9),No\r\n' +
        '2025-06-01 09:30:00,-,Pending Review,2025-05-30,2025-06-29,No,-,\'\tTabbed,"\'\rCR",No\r\n',
    );
  });
});
