import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTE_GUIDS } from '../../src/server/emulators/arena/index.ts';
import { DEMO_QID } from '../../src/server/emulators/jotform/index.ts';
import { type Emulators, startEmulators } from '../support/emulators.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

/**
 * A date mapped into an Arena step comes back as the same calendar date. Arena keeps the Pacific
 * calendar date of the instant it receives, so these dates sit on each side of both 2026
 * daylight-saving changes (8 March, 1 November) and on the last day of the year.
 */
const DATES = ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02', '2026-12-31'];

describe('dates mapped into Arena steps', () => {
  let emu: Emulators;
  let t: TestApp;

  beforeAll(async () => {
    emu = await startEmulators();
    t = await createTestApp({ deps: emu.deps });
    const admin = await t.as('admin');
    const mapping = { arenaFieldGUID: ATTRIBUTE_GUIDS.becomeAwareDate, name: 'Become Aware Date', formFieldQID: [{ qid: DEMO_QID.awareDate, preprocessingFunctions: ['dateISO'] }] };
    expect((await t.request({ method: 'POST', url: '/v1/field-mapping', headers: admin, payload: mapping })).statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await emu.close();
  });

  it.each(DATES)('%s round-trips into a step and back as the same calendar date', async (date) => {
    const staff = await t.as('staff');
    const { id } = await emu.jotform.addSubmission({ [DEMO_QID.fullName]: { first: 'Rosa', last: 'Delgado' }, [DEMO_QID.awareDate]: date });
    await t.app.services.sync.syncOnce();
    expect((await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/review`, headers: staff, payload: { decision: 'approve', decideLater: true } })).statusCode).toBe(200);
    expect((await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/quality-process`, headers: staff, payload: { chTitle: `Aware ${date}` } })).statusCode).toBe(204);

    const [intake] = (await t.request({ method: 'GET', url: `/v1/arena/quality-process-step/${id}`, headers: staff })).json().results as { attributes: { name: string; value: string }[] }[];
    expect(intake?.attributes.find((a) => a.name === 'Become Aware Date')?.value).toBe(date);
  });
});
