import { describe, expect, it } from 'vitest';
import { DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { complaintFile } from '../../../../tests/support/complaint-file.ts';

const f = complaintFile();
const URL = '/v1/field-mapping/complaint-fields';
const NONE = { product: null, model: null, lot: null, udi: null };

describe('naming the complaint fields', () => {
  it('fills in the stored submissions once the questions are named, and every import after', async () => {
    expect((await f.send('GET', URL, undefined, f.admin)).json()).toEqual({ results: NONE, backfilled: 0 });
    const before = await f.emulator.addSubmission({ [DEMO_QID.product]: 'Infusion Pump IP-300', [DEMO_QID.lotNumber]: '  LOT 24A113 ' });
    await f.t.app.services.sync.syncOnce();
    // Nothing named yet: imported without the fields.
    expect(await f.row(before.id)).toMatchObject(NONE);

    const total = (await f.list('')).totalResults;
    const named = await f.send('PUT', URL, { product: DEMO_QID.product, lot: DEMO_QID.lotNumber }, f.admin);
    expect(named.statusCode, named.body).toBe(200);
    // Every stored submission has a product answer (the form requires one): each is filled in.
    expect(named.json()).toEqual({ results: { ...NONE, product: DEMO_QID.product, lot: DEMO_QID.lotNumber }, backfilled: total });
    expect(await f.row(before.id)).toMatchObject({ product: 'Infusion Pump IP-300', lot: 'LOT 24A113', model: null, udi: null });
    expect((await f.send('GET', URL, undefined, f.admin)).json()).toEqual({ results: { ...NONE, product: DEMO_QID.product, lot: DEMO_QID.lotNumber }, backfilled: 0 });

    // The same names again change nothing.
    expect((await f.send('PUT', URL, { product: DEMO_QID.product, lot: DEMO_QID.lotNumber }, f.admin)).json().backfilled).toBe(0);

    const after = await f.emulator.addSubmission({ [DEMO_QID.product]: 'Glucose Meter GM-2', [DEMO_QID.lotNumber]: 'SN-0042' });
    await f.t.app.services.sync.syncOnce();
    expect(await f.row(after.id)).toMatchObject({ product: 'Glucose Meter GM-2', lot: 'SN-0042' });

    // The list filters by them.
    const pumps = await f.list(`product=${encodeURIComponent('Infusion Pump IP-300')}`);
    expect(pumps.results.map((r) => r.id)).toContain(before.id);
    expect(pumps.results.every((r) => r.product === 'Infusion Pump IP-300')).toBe(true);
    expect((await f.list('lot=SN-0042')).results.map((r) => r.id)).toEqual([after.id]);

    // Un-naming the lot empties it everywhere.
    const unnamed = await f.send('PUT', URL, { product: DEMO_QID.product }, f.admin);
    expect(unnamed.json().results).toEqual({ ...NONE, product: DEMO_QID.product });
    expect(await f.row(after.id)).toMatchObject({ product: 'Glucose Meter GM-2', lot: null });
    expect(await f.row(before.id)).toMatchObject({ lot: null });
  });

  it('refuses a question not on the form and one without an answer (400), and non-admins (403)', async () => {
    const missing = await f.send('PUT', URL, { product: '999' }, f.admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', message: 'Product: question 999 is not on the JotForm form.' });
    const heading = await f.send('PUT', URL, { lot: DEMO_QID.detailsHeading }, f.admin);
    expect(heading.statusCode).toBe(400);
    expect(heading.json().message).toMatch(/^Lot or serial number: question 8 \(control_head\) has no answer to read\.$/);
    expect((await f.send('PUT', URL, { product: DEMO_QID.product, colour: '1' }, f.admin)).statusCode).toBe(400);
    expect((await f.send('PUT', URL, { product: DEMO_QID.product })).statusCode).toBe(403);
  });
});
