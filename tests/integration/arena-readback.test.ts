import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARENA_EMULATOR_VARIANTS } from '../../src/server/emulators/arena/index.ts';
import { DEMO_QID } from '../../src/server/emulators/jotform/index.ts';
import { type Emulators, startEmulators } from '../support/emulators.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

/**
 * "POST Quality Process Create" documents no target completion date in its sample request, and its
 * sample reply has it null: a workspace may not keep the investigation deadline the portal sends.
 * The transfer reads the process back and says what Arena did not keep.
 */
describe('after create, the quality process is read back from Arena', () => {
  let emu: Emulators;
  let t: TestApp;

  beforeAll(async () => {
    emu = await startEmulators({ arenaVariant: ARENA_EMULATOR_VARIANTS.dropsTargetCompletion });
    t = await createTestApp({ deps: emu.deps });
  });
  afterAll(async () => {
    await t.close();
    await emu.close();
  });

  it('a dropped deadline: the transfer succeeds, and the history and the Integrations page say what Arena changed', async () => {
    const [admin, staff] = await Promise.all([t.as('admin'), t.as('staff')]);
    const { id } = await emu.jotform.addSubmission({ [DEMO_QID.awareDate]: '2026-11-02' });
    await t.app.services.sync.syncOnce();
    expect((await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/review`, headers: staff, payload: { decision: 'approve', decideLater: true } })).statusCode).toBe(200);
    const created = await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/quality-process`, headers: staff, payload: { chTitle: 'Catheter kit torn' } });
    expect(created.statusCode).toBe(204);
    const row = (await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}`, headers: staff })).json<{ submissionStatus: string; chNumber: string; investigationDeadline: string }>();
    expect(row.submissionStatus).toBe('Successful Transfer');

    const history = (await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}/history`, headers: staff })).json<{ results: { action: string; changes: { field: string; before: unknown; after: unknown }[] }[] }>().results;
    const changed = history.find((h) => h.action === 'arena changed values');
    expect(changed?.changes).toEqual([{ field: 'targetCompletionDate', before: row.investigationDeadline, after: null }]);

    const integrations = (await t.request({ method: 'GET', url: '/v1/integrations', headers: admin })).json<{ arena: { changedByArena: unknown[] } }>();
    expect(integrations.arena.changedByArena).toEqual([
      expect.objectContaining({ submissionId: id, chNumber: row.chNumber, changes: [{ field: 'targetCompletionDate', sent: row.investigationDeadline, kept: null }] }),
    ]);
  });
});
