import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { complaintCodeMonthCounts, complaintDayCounts, mailOutbox, submissionCodes, submissions } from '../../db/schema/index.ts';
import { fixedClock } from '../../lib/clock.ts';

const FORM = '250000000000042';
// Tuesday 2026-03-10, 11:00 in New York (JOTFORM_TIMEZONE's default).
const clock = fixedClock('2026-03-10T16:00:00.000Z');
let t: TestApp;

interface Complaint {
  id: string;
  product: string | null;
  day: string;
  status: 'Pending Review' | 'Denied' | 'Successful Transfer';
  codes: string[];
}
let n = 0;
const complaints: Complaint[] = [];

async function add(c: Omit<Complaint, 'id'> & { id?: string; formId?: string }): Promise<Complaint> {
  n += 1;
  const id = c.id ?? `t-${n}`;
  await t.database.db.insert(submissions).values({
    id,
    formId: c.formId ?? FORM,
    createdAtJf: `${c.day} 10:00:00`,
    submissionDate: new Date(`${c.day}T15:00:00Z`),
    becomeAwareDate: c.day,
    investigationDeadline: c.day,
    submissionStatus: c.status,
    product: c.product,
  });
  if (c.codes.length > 0) await t.database.db.insert(submissionCodes).values(c.codes.map((code) => ({ submissionId: id, code, annex: code[0] as 'A', release: 'test' })));
  const complaint = { id, product: c.product, day: c.day, status: c.status, codes: [...c.codes] };
  if ((c.formId ?? FORM) === FORM) complaints.push(complaint);
  return complaint;
}

/** What the trend should say, counted here from the complaints as written, not by the portal's SQL. */
function expected(from: string, to: string, f: { product?: string; code?: string } = {}) {
  const rows = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const c of complaints) {
    const month = c.day.slice(0, 7);
    if (c.status === 'Denied' || month < from || month > to) continue;
    if (f.product !== undefined && c.product !== f.product) continue;
    const codes = c.codes.length > 0 ? c.codes : [null];
    for (const code of codes) {
      if (f.code !== undefined && code !== f.code) continue;
      const k = JSON.stringify([month, c.product, code]);
      rows.set(k, (rows.get(k) ?? 0) + 1);
    }
    if (f.code === undefined || c.codes.includes(f.code)) {
      const k = JSON.stringify([month, c.product]);
      totals.set(k, (totals.get(k) ?? 0) + 1);
    }
  }
  const sortKey = (x: { month: string; product: string | null; code?: string | null }) => `${x.month}|${x.product ?? ''}|${x.code ?? ''}`;
  return {
    rows: [...rows].map(([k, count]) => {
      const [month, product, code] = JSON.parse(k) as [string, string | null, string | null];
      return { month, product, code, count };
    }).sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
    totals: [...totals].map(([k, count]) => {
      const [month, product] = JSON.parse(k) as [string, string | null];
      return { month, product, count };
    }).sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
  };
}

const sorted = <T extends { month: string; product: string | null; code?: string | null }>(xs: T[]) =>
  [...xs].sort((a, b) => `${a.month}|${a.product ?? ''}|${a.code ?? ''}`.localeCompare(`${b.month}|${b.product ?? ''}|${b.code ?? ''}`));

/**
 * The count tables the trend reads, as stored (rows of 0 left out), against the complaints as
 * written: the per-day product counts summed by month (each complaint once per month and product),
 * and the monthly code counts (once under each of its codes; '' for none or no product).
 */
async function monthTables() {
  const key = (...xs: string[]) => xs.join('|');
  const totals: Record<string, number> = {};
  for (const r of await t.database.db.select().from(complaintDayCounts).where(eq(complaintDayCounts.formId, FORM))) {
    const k = key(`${r.day.slice(0, 7)}-01`, r.product);
    totals[k] = (totals[k] ?? 0) + r.n;
  }
  const codes = Object.fromEntries(
    (await t.database.db.select().from(complaintCodeMonthCounts).where(eq(complaintCodeMonthCounts.formId, FORM))).filter((r) => r.n !== 0).map((r) => [key(r.month, r.product, r.code), r.n]),
  );
  const want = { totals: {} as Record<string, number>, codes: {} as Record<string, number> };
  for (const c of complaints) {
    if (c.status === 'Denied') continue;
    const month = `${c.day.slice(0, 7)}-01`;
    const k = key(month, c.product ?? '');
    want.totals[k] = (want.totals[k] ?? 0) + 1;
    for (const code of c.codes.length > 0 ? c.codes : ['']) want.codes[key(month, c.product ?? '', code)] = (want.codes[key(month, c.product ?? '', code)] ?? 0) + 1;
  }
  return { stored: { totals: Object.fromEntries(Object.entries(totals).filter(([, n]) => n !== 0)), codes }, want };
}

async function trends(query: string, role: 'staff' | 'admin' = 'staff') {
  const res = await t.request({ method: 'GET', url: `/v1/trends${query}`, headers: await t.as(role) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp({ clock, deps: { formId: FORM } });
});
afterAll(() => t.close());

describe('GET /v1/trends', () => {
  it('counts complaints per month by product and code as the complaints say, through imports, codings, changes and denials', async () => {
    // A small deterministic spread: 60 complaints over 2025-01 … 2026-03, three products and none, 0–2 codes.
    const products = ['Infusion pump', 'Glucose meter', 'Catheter kit', null];
    const codes = ['A0401', 'A0601', 'E0101', 'F1901'];
    let seed = 7;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % k;
    };
    for (let i = 0; i < 60; i++) {
      const month = 1 + rand(15);
      const day = `${month <= 12 ? 2025 : 2026}-${String(month <= 12 ? month : month - 12).padStart(2, '0')}-${String(1 + rand(28)).padStart(2, '0')}`;
      const cs = [...new Set([codes[rand(4)]!, codes[rand(4)]!])].slice(0, rand(3));
      await add({ product: products[rand(4)]!, day, status: rand(10) === 0 ? 'Denied' : 'Pending Review', codes: cs });
    }
    // Another form's complaint counts nowhere here.
    await add({ formId: '250000000000999', product: 'Infusion pump', day: '2026-02-02', status: 'Pending Review', codes: ['A0401'] });
    // Changes after import: a product named later, a denial, codes replaced, a code removed, a date moved.
    const [a, b, c, d, e] = complaints.filter((x) => x.status !== 'Denied');
    await t.database.db.update(submissions).set({ product: 'Glucose meter' }).where(eq(submissions.id, a!.id));
    a!.product = 'Glucose meter';
    await t.database.db.update(submissions).set({ submissionStatus: 'Denied' }).where(eq(submissions.id, b!.id));
    b!.status = 'Denied';
    await t.database.db.delete(submissionCodes).where(eq(submissionCodes.submissionId, c!.id));
    await t.database.db.insert(submissionCodes).values([{ submissionId: c!.id, code: 'A0601', annex: 'A', release: 'test' }, { submissionId: c!.id, code: 'F1901', annex: 'F', release: 'test' }]);
    c!.codes = ['A0601', 'F1901'];
    if (d!.codes.length > 0) {
      await t.database.db.delete(submissionCodes).where(and(eq(submissionCodes.submissionId, d!.id), eq(submissionCodes.code, d!.codes[0]!)));
      d!.codes = d!.codes.slice(1);
    }
    await t.database.db.update(submissions).set({ becomeAwareDate: '2026-03-01' }).where(eq(submissions.id, e!.id));
    e!.day = '2026-03-01';

    // Default period: this month and the 11 before (2025-04 … 2026-03).
    const body = await trends('');
    expect(body.from).toBe('2025-04');
    expect(body.to).toBe('2026-03');
    const want = expected('2025-04', '2026-03');
    expect(sorted(body.rows)).toEqual(want.rows);
    expect(sorted(body.totals)).toEqual(want.totals);
    expect(want.totals.reduce((s, x) => s + x.count, 0)).toBeGreaterThan(20);

    const all = await trends('?from=2024-12&to=2026-03');
    expect(sorted(all.rows)).toEqual(expected('2024-12', '2026-03').rows);
    const pump = await trends(`?from=2025-01&to=2026-03&product=${encodeURIComponent('Infusion pump')}`);
    expect(sorted(pump.rows)).toEqual(expected('2025-01', '2026-03', { product: 'Infusion pump' }).rows);
    expect(sorted(pump.totals)).toEqual(expected('2025-01', '2026-03', { product: 'Infusion pump' }).totals);
    const coded = await trends('?from=2025-01&to=2026-03&code=A0601');
    expect(sorted(coded.rows)).toEqual(expected('2025-01', '2026-03', { code: 'A0601' }).rows);
    expect(sorted(coded.totals)).toEqual(expected('2025-01', '2026-03', { code: 'A0601' }).totals);
    expect(all.products).toEqual([...new Set(complaints.filter((x) => x.status !== 'Denied' && x.product !== null).map((x) => x.product))].sort());
    expect(all.products.length).toBeGreaterThan(1);
    expect(all.codes).toEqual([...new Set(complaints.filter((x) => x.status !== 'Denied').flatMap((x) => x.codes))].sort());

    // The count tables the trend reads, row by row, after the imports, codings and changes above.
    const tables = await monthTables();
    expect(tables.stored).toEqual(tables.want);

    // Deleting a complaint takes it out of the counts, codes and all.
    const gone = complaints.find((x) => x.status !== 'Denied' && x.codes.length > 0)!;
    await t.database.db.delete(submissions).where(eq(submissions.id, gone.id));
    complaints.splice(complaints.indexOf(gone), 1);
    const after = await trends('?from=2024-12&to=2026-03');
    expect(sorted(after.rows)).toEqual(expected('2024-12', '2026-03').rows);
    expect(sorted(after.totals)).toEqual(expected('2024-12', '2026-03').totals);
    // A product whose only complaint goes leaves the filter's list.
    const only = await add({ product: 'Wound dressing', day: '2026-02-14', status: 'Pending Review', codes: [] });
    expect((await trends('')).products).toContain('Wound dressing');
    await t.database.db.delete(submissions).where(eq(submissions.id, only.id));
    complaints.splice(complaints.indexOf(only), 1);
    expect((await trends('')).products).not.toContain('Wound dressing');
    const deleted = await monthTables();
    expect(deleted.stored).toEqual(deleted.want);
  });

  it('is for quality managers (staff) and admins, and refuses a period that makes no sense', async () => {
    expect((await t.request({ method: 'GET', url: '/v1/trends', headers: await t.as('member') })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/v1/trends' })).statusCode).toBe(401);
    const backwards = await t.request({ method: 'GET', url: '/v1/trends?from=2026-03&to=2025-03', headers: await t.as('admin') });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/from must not be after to/i);
    expect((await t.request({ method: 'GET', url: '/v1/trends?from=2026-13', headers: await t.as('admin') })).statusCode).toBe(400);
  });
});

describe('signal rules', () => {
  const signalMails = async () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'signal'));
  const evaluate = () => t.app.services.trends.evaluate();
  const rule = async (body: object) => {
    const res = await t.request({ method: 'POST', url: '/v1/trends/rules', headers: await t.as('admin'), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const holding = async () => (await t.request({ method: 'GET', url: '/v1/trends/signals', headers: await t.as('staff') })).json().results;

  it('a count rule fires at exactly its count within the window, not before, records its counts and mails the admins once', async () => {
    await t.createUser('admin', { email: 'second-admin@example.com' });
    // 3 or more Pulse oximeter complaints coded A0702 in 7 days (2026-03-04 … 2026-03-10).
    const r = await rule({ kind: 'count', product: 'Pulse oximeter', code: 'a0702', windowDays: 7, count: 3 });
    expect(r).toMatchObject({ condition: '3 or more complaints in 7 days', firing: false });
    await add({ product: 'Pulse oximeter', day: '2026-03-03', status: 'Pending Review', codes: ['A0702'] }); // a day before the window
    await add({ product: 'Pulse oximeter', day: '2026-03-04', status: 'Pending Review', codes: ['A0702'] });
    await add({ product: 'Pulse oximeter', day: '2026-03-10', status: 'Pending Review', codes: ['A0702', 'E0101'] });
    await add({ product: 'Pulse oximeter', day: '2026-03-09', status: 'Pending Review', codes: ['A0401'] }); // another code
    await add({ product: 'Pulse oximeter', day: '2026-03-09', status: 'Denied', codes: ['A0702'] }); // not a complaint
    await evaluate();
    expect(await holding()).toEqual([]);
    expect(await signalMails()).toHaveLength(0);

    await add({ product: 'Pulse oximeter', day: '2026-03-08', status: 'Pending Review', codes: ['A0702'] });
    await evaluate();
    await evaluate();
    const [signal, ...more] = await holding();
    expect(more).toEqual([]);
    expect(signal).toMatchObject({ ruleId: r.id, count: 3, threshold: 3, mean: null, windowFrom: '2026-03-04', windowTo: '2026-03-10', month: '2026-03', clearedAt: null, rule: { kind: 'count', product: 'Pulse oximeter', code: 'A0702', windowDays: 7, count: 3 } });
    const mails = await signalMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain('second-admin@example.com');
    expect(mails[0]!.subject).toBe('Trend signal: Pulse oximeter · A0702, 3 complaints');
    expect(mails[0]!.text).toContain('3 complaints between 2026-03-04 and 2026-03-10 (the rule fires at 3).');
    // On the trend of the month, with the rule it fired under.
    expect((await trends('?product=Pulse%20oximeter')).signals.map((s: { id: string }) => s.id)).toEqual([signal.id]);
    expect((await t.request({ method: 'GET', url: '/v1/trends/rules', headers: await t.as('staff') })).json().results.find((x: { id: string }) => x.id === r.id).firing).toBe(true);

    // A week later the window holds one: the signal no longer holds; it stays on record.
    clock.set('2026-03-16T16:00:00.000Z');
    await evaluate();
    expect(await holding()).toEqual([]);
    const later = await trends('?product=Pulse%20oximeter');
    expect(later.signals).toHaveLength(1);
    expect(later.signals[0].clearedAt).not.toBeNull();
    expect(await signalMails()).toHaveLength(1);
    clock.set('2026-03-10T16:00:00.000Z');
    await t.request({ method: 'DELETE', url: `/v1/trends/rules/${r.id}`, headers: await t.as('admin') });
  });

  it('a mean rule fires at the first count above factor × the mean of the 12 months before, not before', async () => {
    // Two a month, March 2025 … February 2026: mean 2; × 1.5 = 3, so it fires at 4 this month.
    for (let m = 0; m < 12; m++) {
      const month = m < 10 ? `2025-${String(m + 3).padStart(2, '0')}` : `2026-${String(m - 9).padStart(2, '0')}`;
      await add({ product: 'Wound dressing', day: `${month}-05`, status: 'Pending Review', codes: [] });
      await add({ product: 'Wound dressing', day: `${month}-20`, status: 'Successful Transfer', codes: [] });
    }
    await add({ product: 'Wound dressing', day: '2025-02-27', status: 'Pending Review', codes: [] }); // 13 months back: not in the mean
    const r = await rule({ kind: 'mean', product: 'Wound dressing', factor: 1.5, minCount: 2 });
    expect(r.code).toBeNull();
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-10']) await add({ product: 'Wound dressing', day, status: 'Pending Review', codes: [] });
    await evaluate();
    expect((await holding()).filter((s: { ruleId: string }) => s.ruleId === r.id)).toEqual([]);
    await add({ product: 'Wound dressing', day: '2026-03-09', status: 'Pending Review', codes: ['A0401'] });
    await evaluate();
    const fired = (await holding()).filter((s: { ruleId: string }) => s.ruleId === r.id);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ count: 4, threshold: 4, mean: 2, windowFrom: '2026-03-01', windowTo: '2026-03-10' });
    const mails = (await signalMails()).filter((m) => m.subject.includes('Wound dressing'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('the monthly mean of the 12 months before is 2, so the rule fires at 4');

    // Changing the rule clears its signal; under a higher factor it does not fire again.
    const put = await t.request({ method: 'PUT', url: `/v1/trends/rules/${r.id}`, headers: await t.as('admin'), payload: { kind: 'mean', product: 'Wound dressing', factor: 2, minCount: 2 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ firing: false, factor: 2, windowDays: null });
    expect((await holding()).filter((s: { ruleId: string }) => s.ruleId === r.id)).toEqual([]);
  });

  it('is evaluated when a handler codes a complaint, without waiting for the next round', async () => {
    const r = await rule({ kind: 'count', product: 'Infusion set', code: 'A0401', windowDays: 30, count: 1 });
    const c = await add({ product: 'Infusion set', day: '2026-03-09', status: 'Pending Review', codes: [] });
    expect((await holding()).filter((s: { ruleId: string }) => s.ruleId === r.id)).toEqual([]);
    const put = await t.request({ method: 'PUT', url: `/v1/jotforms/submission/${c.id}/codes`, headers: await t.as('member'), payload: { codes: ['A0401'] } });
    expect(put.statusCode, put.body).toBe(200);
    await expect.poll(async () => (await holding()).filter((s: { ruleId: string }) => s.ruleId === r.id).length).toBe(1);
    await t.request({ method: 'DELETE', url: `/v1/trends/rules/${r.id}`, headers: await t.as('admin') });
  });

  it('refuses rules that cannot be evaluated, and lets only admins set them', async () => {
    const post = async (payload: object, role: 'admin' | 'staff' = 'admin') => t.request({ method: 'POST', url: '/v1/trends/rules', headers: await t.as(role), payload });
    expect((await post({ kind: 'count', product: 'P', windowDays: 7, count: 3 }, 'staff')).statusCode).toBe(403);
    for (const [payload, message] of [
      [{ kind: 'count', product: 'P', windowDays: 0, count: 3 }, 'windowDays must be at least 1'],
      [{ kind: 'count', product: 'P', windowDays: 7 }, 'count must be a number'],
      [{ kind: 'count', product: '  ', windowDays: 7, count: 3 }, 'product is required'],
      [{ kind: 'mean', product: 'P', factor: 1, minCount: 1 }, 'factor must be more than 1'],
      [{ kind: 'mean', product: 'P', factor: 1.555, minCount: 1 }, 'factor has at most two decimals'],
      [{ kind: 'mean', product: 'P', factor: 2, minCount: 1, windowDays: 3 }, 'unknown field'],
      [{ kind: 'trend', product: 'P' }, 'kind must be one of count, mean'],
      [{ kind: 'count', product: 'P', code: 'A0999', windowDays: 7, count: 3 }, 'A0999 is not a code of the IMDRF terminology the portal ships'],
    ] as const) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await t.request({ method: 'PUT', url: '/v1/trends/rules/99999', headers: await t.as('admin'), payload: { kind: 'count', product: 'P', windowDays: 7, count: 3 } })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/v1/trends/rules/nope', headers: await t.as('admin') })).statusCode).toBe(404);
  });
});

describe('GET /v1/jotforms/submission/:id/similar', () => {
  it('lists complaints of the same product sharing a device-problem code in the last 12 months, newest first, with their investigation', async () => {
    const self = await add({ product: 'Syringe 10 ml', day: '2026-03-09', status: 'Pending Review', codes: ['A0701', 'A0702', 'E0101'] });
    const older = await add({ product: 'Syringe 10 ml', day: '2025-04-02', status: 'Successful Transfer', codes: ['A0701'] });
    const newer = await add({ product: 'Syringe 10 ml', day: '2026-01-15', status: 'Pending Review', codes: ['A0702', 'A0701'] });
    await add({ product: 'Syringe 10 ml', day: '2025-03-09', status: 'Pending Review', codes: ['A0701'] }); // 12 months and a day back
    await add({ product: 'Syringe 10 ml', day: '2026-02-01', status: 'Pending Review', codes: ['E0101'] }); // only a clinical sign in common
    await add({ product: 'Syringe 5 ml', day: '2026-02-01', status: 'Pending Review', codes: ['A0701'] }); // another product
    await add({ product: 'Syringe 10 ml', day: '2026-02-01', status: 'Denied', codes: ['A0701'] }); // not a complaint
    const since = await add({ product: 'Syringe 10 ml', day: '2025-03-10', status: 'Pending Review', codes: ['A0702'] }); // exactly 12 months back
    await t.database.pool.query(`insert into investigations (submission_id, outcome, summary, result, at) values ($1, 'investigated', 'Bench test of the returned syringe', 'Plunger seal out of tolerance, lot 4411', now())`, [older.id]);
    await t.database.pool.query(`insert into investigations (submission_id, outcome, reason, at) values ($1, 'not_investigated', 'Same failure as an earlier investigated complaint', now())`, [newer.id]);

    const res = await t.request({ method: 'GET', url: `/v1/jotforms/submission/${self.id}/similar`, headers: await t.as('member') });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ product: 'Syringe 10 ml', codes: ['A0701', 'A0702'], since: '2025-03-10' });
    expect(body.results.map((r: { id: string }) => r.id)).toEqual([newer.id, older.id, since.id]);
    expect(body.results[0]).toMatchObject({ codes: ['A0701', 'A0702'], investigation: { outcome: 'not_investigated', reason: 'Same failure as an earlier investigated complaint' } });
    expect(body.results[1]).toMatchObject({ codes: ['A0701'], submissionStatus: 'Successful Transfer', investigation: { outcome: 'investigated', result: 'Plunger seal out of tolerance, lot 4411' } });
    expect(body.results[2].investigation).toBeNull();

    const uncoded = await add({ product: 'Syringe 10 ml', day: '2026-03-09', status: 'Pending Review', codes: ['E0101'] });
    const none = (await t.request({ method: 'GET', url: `/v1/jotforms/submission/${uncoded.id}/similar`, headers: await t.as('member') })).json();
    expect(none).toMatchObject({ product: 'Syringe 10 ml', codes: [], results: [] });
    expect((await t.request({ method: 'GET', url: '/v1/jotforms/submission/unknown/similar', headers: await t.as('member') })).statusCode).toBe(404);
    await t.database.db.delete(submissionCodes).where(inArray(submissionCodes.submissionId, [uncoded.id]));
  });
});
