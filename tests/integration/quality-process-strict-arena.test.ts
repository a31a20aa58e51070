import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARENA_EMULATOR_TEMPLATE_GUID, ARENA_EMULATOR_VARIANTS, ATTRIBUTE_GUIDS } from '../../src/server/emulators/arena/index.ts';
import { NUMBER_PREFIX_GUID, QUALITY_OWNER } from '../../src/server/emulators/arena/fixtures.ts';
import { DEMO_QID } from '../../src/server/emulators/jotform/index.ts';
import { type Emulators, startEmulators } from '../support/emulators.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

/**
 * The transfer against the strictest documented Arena workspace: a template with no default owner
 * or number format, and step lists that leave out attributes without a value.
 */
const MAPPINGS = [
  { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantName, name: 'Complainant Name', formFieldQID: [{ qid: DEMO_QID.fullName, preprocessingFunctions: ['fullName'] }] },
  { arenaFieldGUID: ATTRIBUTE_GUIDS.becomeAwareDate, name: 'Become Aware Date', formFieldQID: [{ qid: DEMO_QID.awareDate, preprocessingFunctions: ['dateISO'] }] },
  { arenaFieldGUID: ATTRIBUTE_GUIDS.unitsAffected, name: 'Units Affected', predefined: true, predefinedValue: '2' },
];

async function portal(emu: Emulators) {
  const t = await createTestApp({ deps: emu.deps });
  const [admin, staff] = await Promise.all([t.as('admin'), t.as('staff')]);
  for (const payload of MAPPINGS) expect((await t.request({ method: 'POST', url: '/v1/field-mapping', headers: admin, payload })).statusCode).toBe(201);
  async function approvedSubmission(): Promise<string> {
    const { id } = await emu.jotform.addSubmission({ [DEMO_QID.fullName]: { first: 'Rosa', last: 'Delgado' }, [DEMO_QID.awareDate]: '2025-03-14' });
    await t.app.services.sync.syncOnce();
    const review = await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/review`, headers: staff, payload: { decision: 'approve', decideLater: true } });
    expect(review.statusCode).toBe(200);
    return id;
  }
  const createQp = (id: string) => t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/quality-process`, headers: staff, payload: { chTitle: 'Infusion set leak' } });
  const get = (url: string) => t.request({ method: 'GET', url, headers: staff });
  return { t, approvedSubmission, createQp, get };
}

describe('quality process in a strict Arena workspace', () => {
  let configured: Emulators;
  let bare: Emulators;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    const variant = ARENA_EMULATOR_VARIANTS.strictest;
    configured = await startEmulators({ arenaVariant: variant, arenaSetup: { ownerGuid: QUALITY_OWNER.guid, numberPrefixGuid: NUMBER_PREFIX_GUID } });
    bare = await startEmulators({ arenaVariant: variant });
  });
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    apps = [];
    await Promise.all([configured.close(), bare.close()]);
  });

  it('with owner and prefix configured: creates, fills every step, and shows the attributes Arena left out as empty', async () => {
    const p = await portal(configured);
    apps.push(p.t);
    const id = await p.approvedSubmission();
    expect((await p.createQp(id)).statusCode).toBe(204);
    expect((await p.get(`/v1/jotforms/submission/${id}`)).json()).toMatchObject({ submissionStatus: 'Successful Transfer', chNumber: 'CH-000001' });

    const [process] = [...configured.arena.state.processes.values()];
    expect(process?.owner.guid).toBe(QUALITY_OWNER.guid);
    const units = process?.steps[1]?.attributes.find((a) => a.guid === ATTRIBUTE_GUIDS.unitsAffected);
    expect(units?.value).toBe(2);

    const [intake, evaluation] = (await p.get(`/v1/arena/quality-process-step/${id}`)).json().results as { name: string; attributes: { name: string; value: string }[] }[];
    expect(intake?.attributes).toEqual([
      // No mapping fills the title field: the name given in Create does.
      { name: 'Complaint Title', value: 'Infusion set leak' },
      { name: 'Become Aware Date', value: '2025-03-14' },
      { name: 'Complainant Name', value: 'Rosa Delgado' },
      { name: 'Complainant Email', value: '' },
      { name: 'Complaint Description', value: '' },
    ]);
    expect(evaluation?.attributes.map((a) => a.name)).toEqual(['Reportable?', 'Product', 'Lot Number', 'Event Date', 'Symptoms', 'Units Affected']);
    expect(evaluation?.attributes.at(-1)).toEqual({ name: 'Units Affected', value: '2' });
  });

  it("without them: Transfer Error in Arena's own words, and the set-up check says why before anyone tries", async () => {
    const p = await portal(bare);
    apps.push(p.t);
    const health = await p.t.app.services.arenaHealth?.check();
    expect(health?.problems).toEqual([expect.stringMatching(/^ARENA_OWNER_GUID is not set and the template .* has no default owner/), expect.stringMatching(/^ARENA_NUMBER_PREFIX_GUID is not set/)]);

    const id = await p.approvedSubmission();
    const refused = await p.createQp(id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(
      `No number prefix to send to Arena: ARENA_NUMBER_PREFIX_GUID is not set and the quality-process template ${ARENA_EMULATOR_TEMPLATE_GUID} has no default number format with a prefix.`,
    );
    expect((await p.get(`/v1/jotforms/submission/${id}`)).json()).toMatchObject({ submissionStatus: 'Transfer Error', transferError: refused.json().message });
  });
});
