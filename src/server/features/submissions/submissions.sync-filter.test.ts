import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { createJotformClient } from '../../connectors/jotform/jotform-client.ts';
import { parseJotformDateTime } from '../../connectors/jotform/jotform-time.ts';
import { submissions } from '../../db/schema/index.ts';
import { type JotformEmulator, createJotformEmulator } from '../../emulators/jotform/emulator.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID } from '../../emulators/jotform/fixtures.ts';
import { fixedClock } from '../../lib/clock.ts';

const KEY = 'jotform-filter-key-0123456789abcdef';
const clock = fixedClock('2025-06-15T16:00:00.000Z');
const DAY = 86_400_000;

let emulator: JotformEmulator | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  await emulator?.close();
});

async function start(ignoresUpdatedAtFilter: boolean): Promise<{ emulator: JotformEmulator; t: TestApp }> {
  emulator = createJotformEmulator({ apiKey: KEY, clock, ignoresUpdatedAtFilter });
  const jotform = createJotformClient({ baseUrl: await emulator.listen(), apiKey: KEY, sleep: async () => {} });
  t = await createTestApp({ clock, deps: { formId: DEMO_FORM_ID, awareDateQid: DEMO_AWARE_DATE_QID, outside: { jotform } } });
  return { emulator, t };
}

/** A demo submission created about `days` ago. */
function createdAbout(e: JotformEmulator, days: number): string {
  const age = (s: { created_at: string }) => (clock.now().getTime() - parseJotformDateTime(s.created_at)!.getTime()) / DAY;
  const [best] = [...e.state.submissions.values()].sort((a, b) => Math.abs(age(a) - days) - Math.abs(age(b) - days));
  return best!.id;
}
const notesOf = async (app: TestApp, id: string) => (await app.database.db.select({ notes: submissions.notes }).from(submissions).where(eq(submissions.id, id)))[0]?.notes;

describe('the JotForm poll and the updated_at filter', () => {
  it('finds out that JotForm honours the filter and reads edits through it', async () => {
    const { emulator: e, t: app } = await start(false);
    await app.app.services.sync.syncOnce();
    expect(await app.app.services.sync.status()).toMatchObject({ outcome: 'ok', inserted: 34, updated: 0, error: null, updatedAtFilter: 'honoured', limitLeft: expect.any(Number) });
    const old = createdAbout(e, 60);
    e.editSubmission(old, { notes: 'Edited long after it came in' });
    await app.app.services.sync.syncOnce();
    expect(await notesOf(app, old)).toBe('Edited long after it came in');
  });

  it('where JotForm ignores it, re-reads the last SYNC_REREAD_DAYS days each poll instead of everything', async () => {
    const { emulator: e, t: app } = await start(true);
    await app.app.services.sync.syncOnce();
    expect(await app.app.services.sync.status()).toMatchObject({ outcome: 'ok', updatedAtFilter: 'ignored' });
    const recent = createdAbout(e, 2);
    e.editSubmission(recent, { notes: 'Edited two days in' });
    const from = e.state.requests.length;
    await app.app.services.sync.syncOnce();
    expect(await notesOf(app, recent)).toBe('Edited two days in');
    const filters = e.state.requests.slice(from).flatMap((r) => {
      const filter = new URL(r.url, 'http://emulator').searchParams.get('filter');
      return filter ? Object.keys(JSON.parse(filter) as object) : [];
    });
    expect(filters).not.toContain('updated_at:gt');
    // The window, not the whole form: a page of the last 7 days only.
    const pulled = e.state.requests.slice(from).filter((r) => r.url.includes('/submissions'));
    expect(pulled.length).toBeLessThanOrEqual(2);
  });

  it('records a failed poll with the reason in words, for the Integrations view', async () => {
    const { emulator: e, t: app } = await start(false);
    e.failNext(10, 503);
    await expect(app.app.services.sync.syncOnce()).rejects.toThrow();
    const status = await app.app.services.sync.status();
    expect(status).toMatchObject({ outcome: 'failed', inserted: 0, updated: 0 });
    expect(status?.error).toMatch(/JotForm/);
  });
});
