import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createArenaClient } from '../../src/server/connectors/arena/index.ts';
import { systemLogs } from '../../src/server/db/schema/index.ts';
import { DEMO_QID } from '../../src/server/emulators/jotform/index.ts';
import { fixedClock } from '../../src/server/lib/clock.ts';
import { type Emulators, startEmulators } from '../support/emulators.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

/** The portal with an Arena password that Arena refuses. */
describe('a transfer while Arena refuses the integration user', () => {
  const clock = fixedClock('2026-11-26T14:00:00Z');
  let emu: Emulators;
  let t: TestApp;
  let logins = 0;

  beforeAll(async () => {
    emu = await startEmulators({ clock });
    const counting: typeof fetch = async (input, init) => {
      if (new URL(String(input)).pathname.endsWith('/login')) logins += 1;
      return fetch(input, init);
    };
    const address = emu.arena.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const refused = createArenaClient({ baseUrl: `http://127.0.0.1:${port}/v1`, email: 'integration@test.example', password: 'not-the-password', clock, fetch: counting });
    t = await createTestApp({ clock, deps: { ...emu.deps, outside: { ...emu.deps.outside, arena: refused } } });
  });
  afterAll(async () => {
    await t.close();
    await emu.close();
  });

  it('replies 502 with the next try time, leaves the submission as it was, and says so once', async () => {
    const staff = await t.as('staff');
    const { id } = await emu.jotform.addSubmission({ [DEMO_QID.fullName]: { first: 'Rosa', last: 'Delgado' }, [DEMO_QID.awareDate]: '2026-11-20' });
    await t.app.services.sync.syncOnce();
    expect((await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/review`, headers: staff, payload: { decision: 'approve', decideLater: true } })).statusCode).toBe(200);
    const before = (await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}`, headers: staff })).json();

    const message = "Arena refused the integration user's sign-in (4001); next try at 14:05 UTC.";
    for (let i = 0; i < 3; i++) {
      const res = await t.request({ method: 'PATCH', url: `/v1/jotforms/submission/${id}/quality-process`, headers: staff, payload: { chTitle: 'Infusion set leak' } });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(message);
    }
    expect(logins).toBe(1);
    const after = (await t.request({ method: 'GET', url: `/v1/jotforms/submission/${id}`, headers: staff })).json();
    expect(after).toMatchObject({ submissionStatus: before.submissionStatus, transferError: before.transferError, chNumber: before.chNumber });

    const integrations = (await t.request({ method: 'GET', url: '/v1/integrations', headers: await t.as('admin') })).json();
    expect(integrations.arena).toMatchObject({ ok: false, session: 'refused', problems: [message] });
    await t.app.services.arenaHealth!.check();
    const arenaLog = async () => (await t.database.db.select().from(systemLogs).where(eq(systemLogs.process, 'Arena'))).map((l) => l.description);
    await vi.waitFor(async () => expect(await arenaLog()).toContain(message));
    expect((await arenaLog()).filter((d) => d.includes('refused'))).toEqual([message]);
  });
});
