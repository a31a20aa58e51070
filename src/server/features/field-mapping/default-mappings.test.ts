import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../../../tests/support/emulators.ts';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import type { ArenaTemplateStep } from '../../connectors/arena/index.ts';
import { submissions } from '../../db/schema/index.ts';
import { ATTRIBUTE_GUIDS } from '../../emulators/arena/index.ts';
import { DEMO_QID } from '../../emulators/jotform/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { defaultMappings } from './default-mappings.ts';

const step = (order: number, attributes: ArenaTemplateStep['attributes']): ArenaTemplateStep => ({ guid: `STEP${order}`, name: `Step ${order}`, order, attributes });
const text = (guid: string, name: string) => ({ guid, name, type: 'SINGLE_LINE_TEXT', required: false });

describe('the mappings a new installation starts with', () => {
  it('maps the decision, the product and the lot only where the template has such a field and the form such a question', () => {
    const template = [step(1, [text('G1', 'Reportable'), { guid: 'G2', name: 'Product Code', type: 'NUMBER', required: false }, text('G3', 'Lot / Batch')])];
    // A text field takes the decision as the portal says it; a product field that holds numbers cannot take a name.
    expect(defaultMappings(template, [{ qid: '7', type: 'control_textbox', text: 'Lot or batch number' }])).toEqual([
      { arenaFieldGUID: 'G1', name: 'Reportability decision', formFieldQID: [{ qid: 'portal.decision', preprocessingFunctions: [] }] },
      { arenaFieldGUID: 'G3', name: 'Lot number', formFieldQID: [{ qid: '7' }] },
    ]);
    // No lot question on the form (a heading does not count): no lot mapping.
    expect(defaultMappings(template, [{ qid: '2', type: 'control_head', text: 'Lot details' }]).map((m) => m.name)).toEqual(['Reportability decision']);
    // A question an admin named as the complaint's lot wins over one whose text says "lot".
    const questions = [{ qid: '7', type: 'control_textbox', text: 'Lot or batch number' }, { qid: '9', type: 'control_textbox', text: 'Batch code on the box' }];
    expect(defaultMappings(template, questions, new Set(), { lot: '9' }).at(-1)).toEqual({ arenaFieldGUID: 'G3', name: 'Lot number', formFieldQID: [{ qid: '9' }] });
    // Fields already mapped are left alone; a template without such fields gets nothing.
    expect(defaultMappings(template, [], new Set(['G1']))).toEqual([]);
    expect(defaultMappings([step(1, [text('G9', 'Root Cause')])], [{ qid: '3', type: 'control_textbox', text: 'Product' }])).toEqual([]);
  });
});

describe('seeding the defaults in a new installation (the emulated workspace and demo form)', () => {
  const clock = fixedClock('2025-06-15T16:00:00.000Z');
  let emu: Emulators;
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    emu = await startEmulators({ clock });
    t = await createTestApp({ clock, deps: emu.deps });
    admin = await t.as('admin');
    await t.app.services.sync.syncOnce();
  });
  afterAll(async () => {
    await t.close();
    await emu.close();
  });

  it('creates the three mappings once; none again after an admin deleted them', async () => {
    expect(await t.app.services.fieldMapping.seedDefaults()).toBe(3);
    const list = async () => (await t.request({ method: 'GET', url: '/v1/field-mapping', headers: admin })).json().results as { _id: string; arenaFieldGUID: string; name: string; formFieldQID: unknown[] }[];
    const made = await list();
    // Made in the same instant of the test's clock: the list's order among them is not the point.
    expect(made).toHaveLength(3);
    expect(made.map(({ arenaFieldGUID, name, formFieldQID }) => ({ arenaFieldGUID, name, formFieldQID }))).toEqual(expect.arrayContaining([
      { arenaFieldGUID: ATTRIBUTE_GUIDS.reportable, name: 'Reportability decision', formFieldQID: [{ qid: 'portal.decision', answer: 'answer', preprocessingFunctions: ['yesNo'] }] },
      { arenaFieldGUID: ATTRIBUTE_GUIDS.product, name: 'Product', formFieldQID: [{ qid: DEMO_QID.product, answer: 'answer', preprocessingFunctions: [] }] },
      { arenaFieldGUID: ATTRIBUTE_GUIDS.lotNumber, name: 'Lot number', formFieldQID: [{ qid: DEMO_QID.lotNumber, answer: 'answer', preprocessingFunctions: [] }] },
    ]));

    // What a decided submission sends: Yes for reportable, its product and lot as answered.
    const rows = await t.database.db.select().from(submissions).orderBy(submissions.id);
    const answerOf = (r: (typeof rows)[number], qid: string) => (r.answers as Record<string, { answer?: unknown }>)[qid]?.answer;
    const row = rows.find((r) => typeof answerOf(r, DEMO_QID.product) === 'string' && answerOf(r, DEMO_QID.lotNumber))!;
    await t.database.db.update(submissions).set({ reportingDecision: 'reportable' }).where(eq(submissions.id, row.id));
    const preview = (await t.request({ method: 'GET', url: `/v1/jotforms/submission/${row.id}/quality-process/preview?chTitle=x`, headers: admin })).json().results as { field: string; value: string | null }[];
    const value = (field: string) => preview.find((p) => p.field === field)?.value;
    expect([value('Reportable?'), value('Product'), value('Lot Number')]).toEqual(['Yes', answerOf(row, DEMO_QID.product), answerOf(row, DEMO_QID.lotNumber)]);

    for (const m of made) expect((await t.request({ method: 'DELETE', url: `/v1/field-mapping/${m._id}`, headers: admin })).statusCode).toBe(200);
    expect(await t.app.services.fieldMapping.seedDefaults()).toBe(0);
    expect(await list()).toEqual([]);
  });
});
