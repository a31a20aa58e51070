import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRIBUTE_GUIDS } from '../../src/server/emulators/arena/index.ts';
import { DEMO_QID } from '../../src/server/emulators/jotform/index.ts';
import { type Emulators, startEmulators } from '../support/emulators.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

/**
 * JotForm emulator → sync → review → quality process in the Arena emulator → its steps, through
 * the real HTTP clients on both sides.
 */
let emu: Emulators;
let t: TestApp;
let admin: Record<string, string>;
let staff: Record<string, string>;

const submission = async (id: string) => (await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}`, headers: staff })).json();
const approve = async (id: string) => expect((await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/review`, headers: staff, payload: { decision: 'approve', decideLater: true } })).statusCode).toBe(200);
const createQp = (id: string, chTitle: string) => t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/quality-process`, headers: staff, payload: { chTitle } });
const processCount = () => emu.arena.state.processes.size;

beforeAll(async () => {
  emu = await startEmulators();
  t = await createTestApp({ deps: emu.deps });
  [admin, staff] = await Promise.all([t.as('admin'), t.as('staff')]);
  const mappings = [
    { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantName, name: 'Complainant Name', formFieldQID: [{ qid: DEMO_QID.fullName, preprocessingFunctions: ['fullName'] }] },
    { arenaFieldGUID: ATTRIBUTE_GUIDS.complainantEmail, name: 'Complainant Email', formFieldQID: [{ qid: DEMO_QID.email, preprocessingFunctions: ['lowercase'] }] },
    { arenaFieldGUID: ATTRIBUTE_GUIDS.becomeAwareDate, name: 'Become Aware Date', formFieldQID: [{ qid: DEMO_QID.awareDate, preprocessingFunctions: ['dateISO'] }] },
    {
      arenaFieldGUID: ATTRIBUTE_GUIDS.complaintDescription,
      name: 'Complaint Description',
      concatenate: true,
      concatenateDelimiter: '\\n',
      formFieldQID: [{ qid: DEMO_QID.description }, { qid: DEMO_QID.richDetails, preprocessingFunctions: ['stripHtml'] }],
    },
    { arenaFieldGUID: ATTRIBUTE_GUIDS.reportable, name: 'Reportable?', predefined: true, predefinedValue: 'TBD' },
  ];
  for (const payload of mappings) expect((await t.request({ method: 'POST', url: '/v1/field-mapping', headers: admin, payload })).statusCode).toBe(201);
});
afterAll(async () => {
  await t.close();
  await emu.close();
});

describe('quality process through both emulators', () => {
  it('a new JotForm submission becomes a quality process whose steps show the mapped values', async () => {
    const added = await emu.jotform.addSubmission({
      [DEMO_QID.fullName]: { first: 'Rosa', last: 'Delgado' },
      [DEMO_QID.email]: 'Rosa.Delgado@Example.org',
      [DEMO_QID.awareDate]: '2025-03-14',
      [DEMO_QID.description]: 'The infusion set leaked at the connector.',
      [DEMO_QID.richDetails]: '<p>Second <b>leak</b> the next day</p>',
    });
    await t.app.services.sync.syncOnce();
    expect((await submission(added.id)).submissionStatus).toBe('Pending Review');

    await approve(added.id);
    expect((await createQp(added.id, 'Infusion set leak')).statusCode).toBe(204);
    const done = await submission(added.id);
    expect(done).toMatchObject({ submissionStatus: 'Successful Transfer', chTitle: 'Infusion set leak', chNumber: expect.stringMatching(/^CH-\d{6}$/), transferError: null });

    const res = await t.request({ method: 'GET', url: `/v1/arena/quality-process-step/${added.id}`, headers: staff });
    expect(res.statusCode).toBe(200);
    const [intake, evaluation] = res.json().results as { name: string; attributes: { name: string; value: string }[] }[];
    expect(intake).toEqual({
      name: 'Complaint Intake',
      attributes: [
        // No mapping fills the title field: the name given in Create does.
        { name: 'Complaint Title', value: 'Infusion set leak' },
        { name: 'Become Aware Date', value: '2025-03-14' },
        { name: 'Complainant Name', value: 'Rosa Delgado' },
        { name: 'Complainant Email', value: 'rosa.delgado@example.org' },
        { name: 'Complaint Description', value: 'The infusion set leaked at the connector.\nSecond leak the next day' },
      ],
    });
    expect(evaluation?.attributes).toContainEqual({ name: 'Reportable?', value: 'TBD' });
  });

  it('Arena down: 502 and Transfer Error with the reason; Retry ("temp") then succeeds with the stored title', async () => {
    const { id } = await emu.jotform.addSubmission();
    await t.app.services.sync.syncOnce();
    await approve(id);
    const before = processCount();

    emu.arena.control.failNext(1, { status: 503 });
    const down = await createQp(id, 'Meter readings off');
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ code: 'upstream_failed', message: 'Arena is unavailable: The service is temporarily unavailable. Please try again later.' });
    expect(await submission(id)).toMatchObject({ submissionStatus: 'Transfer Error', transferError: down.json().message, chTitle: 'Meter readings off', chNumber: null });
    expect(processCount()).toBe(before);

    expect((await createQp(id, 'temp')).statusCode).toBe(204);
    expect(await submission(id)).toMatchObject({ submissionStatus: 'Successful Transfer', chTitle: 'Meter readings off', transferError: null });
    expect(processCount()).toBe(before + 1);
  });

  it('two concurrent creates make exactly one quality process, and both reply with its success', async () => {
    const { id } = await emu.jotform.addSubmission();
    await t.app.services.sync.syncOnce();
    await approve(id);
    const before = processCount();
    emu.arena.control.setLatency(50);
    try {
      const replies = await Promise.all([createQp(id, 'Concurrent'), createQp(id, 'Concurrent')]);
      expect(replies.map((r) => r.statusCode)).toEqual([204, 204]);
    } finally {
      emu.arena.control.setLatency(0);
    }
    expect(processCount()).toBe(before + 1);
    expect([...emu.arena.state.processes.values()].filter((p) => p.name === 'Concurrent')).toHaveLength(1);
    expect((await submission(id)).submissionStatus).toBe('Successful Transfer');
  });
});
