import { describe, expect, it } from 'vitest';
import { STAT_NAMES } from '#shared/contract/dashboard';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';

const f = complaintFile();
const overview = async () => (await f.send('GET', '/v1/dashboard/overview')).json<{ rationaleMissing: number; clocks: { overdue: number } }>();
const missing = async () => (await f.list('rationale=missing')).results.map((r) => r.id);

describe('a reportable decision without a rationale (docs/product.md, Reporting clocks)', () => {
  it('marked reportable from the list: "rationale missing" on the row, in the filter and on the dashboard, until a decision gives one', async () => {
    const id = f.ids.early;
    expect(await missing()).toEqual([]);
    expect((await overview()).rationaleMissing).toBe(0);

    expect((await f.send('PATCH', `/v1/jotforms/submission/${id}/mark-reportable`, { emailDelivered: true })).statusCode).toBe(200);
    expect(await f.row(id)).toMatchObject({ reportable: true, decision: 'reportable', rationaleMissing: true });
    expect(await missing()).toEqual([id]);
    expect((await f.list('rationale=missing')).totalResults).toBe(1);
    expect((await overview()).rationaleMissing).toBe(1);
    // The spec's five statistics stay exactly as they are.
    expect((await f.send('GET', '/v1/dashboard')).json<{ stats: { name: string }[] }>().stats.map((s) => s.name)).toEqual([...STAT_NAMES]);

    const res = await f.send('PUT', `/v1/jotforms/submission/${id}/reportability`, { decision: 'reportable', rationale: 'The pump stopped mid-infusion; the patient was hospitalised.', category: 'death_or_serious_deterioration', signature: await f.sign('Reportability decided') });
    expect(res.statusCode, res.body).toBe(200);
    expect((await f.row(id)).rationaleMissing).toBe(false);
    expect(await missing()).toEqual([]);
    expect((await overview()).rationaleMissing).toBe(0);
  });

  it('refuses an unknown rationale filter', async () => {
    const res = await f.send('GET', '/v1/jotforms/' + (await f.row(f.ids.friday)).form_id + '?rationale=given');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', details: { rationale: 'rationale must be missing' } });
  });

  it('Reporting due sorts by the server, earliest first, the rows without an open clock last either way', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const rows = (await f.list(`sortBy=reportingDue:${order}`)).results;
      const dues = rows.map((r) => r.reportingDue);
      const firstNone = dues.indexOf(null);
      if (firstNone >= 0) expect(dues.slice(firstNone).every((d) => d === null), order).toBe(true);
      const dated = dues.filter((d): d is string => d !== null);
      expect(dated, order).toEqual([...dated].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))));
    }
  });
});
