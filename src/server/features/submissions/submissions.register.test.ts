import { describe, expect, it } from 'vitest';
import { DEMO_FORM_ID, DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';

const f = complaintFile();
const REGISTER = `/v1/jotforms/${DEMO_FORM_ID}/complaint-register.csv`;

/** The register's records as cells (no quoted cell in these rows holds a line break). */
function parse(csv: string): string[][] {
  return csv
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')));
}

describe('GET /v1/jotforms/:formId/complaint-register.csv', () => {
  it('writes the decision in its three states, reporting due, owner, the complaint fields, the codes and closure, every time with its zone', async () => {
    await f.send('PUT', '/v1/field-mapping/complaint-fields', { product: DEMO_QID.product, lot: DEMO_QID.lotNumber }, f.admin);
    const { id } = await f.emulator.addSubmission({ [DEMO_QID.awareDate]: '2025-06-13', [DEMO_QID.product]: 'Glucose Meter GM-2', [DEMO_QID.lotNumber]: 'LOT 9' });
    await f.t.app.services.sync.syncOnce();
    expect((await f.send('PUT', `/v1/jotforms/submission/${id}/codes`, { codes: ['A050401', 'E2002'] })).statusCode).toBe(200);
    const notReportable = f.ids.early;
    await f.send('PATCH', `/v1/jotforms/submission/${notReportable}/review`, { decision: 'deny', reason: 'Not a complaint.', notReportable: true });

    const res = await f.send('GET', `${REGISTER}?lot=${encodeURIComponent('LOT 9')}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="complaint_register.csv"');
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual([
      'Submission ID', 'Submission Date', 'Submitter Name', 'Become-Aware Date', 'Workflow Status', 'Reportability Decision', 'Reporting Due', 'Owner',
      'Product', 'Model', 'Lot or Serial Number', 'UDI', 'IMDRF Codes', 'IMDRF Release', 'Closed', 'Closed At', 'CH-Number',
    ]);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({
      'Submission ID': id,
      // The fixed clock: 2025-06-15 16:00 UTC is noon in New York.
      'Submission Date': '2025-06-15 12:00 America/New_York',
      'Become-Aware Date': '2025-06-13',
      'Workflow Status': 'Pending Review',
      'Reportability Decision': 'Undecided',
      // Friday 06-13: the EU clock's two days end on 06-15 (the earliest open due date).
      'Reporting Due': '2025-06-15',
      Owner: '-',
      Product: 'Glucose Meter GM-2',
      Model: '-',
      'Lot or Serial Number': 'LOT 9',
      UDI: '-',
      'IMDRF Codes': 'A050401 Fluid/Blood Leak; E2002 Bruise/Contusion',
      'IMDRF Release': 'IMDRF AE terminology, Release 2023 (31 January 2023)',
      Closed: 'No',
      'Closed At': '-',
      'CH-Number': '-',
    });

    const all = parse((await f.send('GET', REGISTER)).body);
    const decisions = Object.fromEntries(all.slice(1).map((r) => [r[0], r[5]]));
    expect(decisions[notReportable]).toBe('Not reportable');
    expect(decisions[id]).toBe('Undecided');
    // Every stored submission, newest first.
    expect(all.length - 1).toBe((await f.list('')).totalResults);
  });

  it('answers {results: csv} when JSON is asked for', async () => {
    const res = await f.t.request({ method: 'GET', url: REGISTER, headers: { ...f.staff, accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatch(/^Submission ID,Submission Date,/);
  });
});
