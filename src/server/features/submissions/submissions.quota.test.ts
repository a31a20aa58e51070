import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../tests/support/test-app.ts';
import { createJotformClient } from '../../connectors/jotform/jotform-client.ts';
import { mailOutbox, submissions } from '../../db/schema/index.ts';
import { type JotformEmulator, createJotformEmulator } from '../../emulators/jotform/emulator.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID } from '../../emulators/jotform/fixtures.ts';
import { fixedClock } from '../../lib/clock.ts';

/*
 * JotForm's daily quota is the account's, shared with its widgets; the poll takes at most its share
 * (half by default) and paces itself so the share lasts until midnight US Eastern. The clock is
 * the test's: a day passes in a few seconds, nothing sleeps.
 */

const KEY = 'quota-test-key-0123456789abcdef';
const MINUTE = 60_000;
let open: { t: TestApp; emulator: JotformEmulator } | undefined;
afterEach(async () => {
  await open?.t.close();
  await open?.emulator.close();
  open = undefined;
});

async function portal(clock: ReturnType<typeof fixedClock>, dailyLimit: number) {
  const emulator = createJotformEmulator({ apiKey: KEY, clock, dailyLimit });
  const client = createJotformClient({ baseUrl: await emulator.listen(), apiKey: KEY, sleep: async () => {} });
  const t = await createTestApp({ clock, deps: { formId: DEMO_FORM_ID, awareDateQid: DEMO_AWARE_DATE_QID, outside: { jotform: client } } });
  open = { t, emulator };
  return { t, emulator, sync: t.app.services.sync };
}

describe('the JotForm poll within the daily quota', () => {
  it('a day of polling with a limit of 1,000 spends under half of it, polling until midnight and bringing in every new submission', async () => {
    // 00:00:30 in New York (EST) on 18 November 2026; the quota starts again 24 hours later.
    const clock = fixedClock('2026-11-18T05:00:30.000Z');
    const midnight = Date.parse('2026-11-19T05:00:00.000Z');
    const { t, emulator, sync } = await portal(clock, 1000);
    const added: string[] = [];
    const polls: number[] = [];
    let nextSubmission = clock.now().getTime() + 45 * MINUTE;
    for (;;) {
      // A new submission every 70 minutes, as a clinic's day brings them.
      if (clock.now().getTime() >= nextSubmission) {
        added.push((await emulator.addSubmission()).id);
        nextSubmission += 70 * MINUTE;
      }
      const outcome = await sync.tick();
      if (outcome === 'polled') polls.push(clock.now().getTime());
      expect(outcome).not.toBe('failed');
      const step = Math.max(1_000, Math.min(sync.nextPollInMs(), nextSubmission - clock.now().getTime()));
      // The day ends here: what it spent is read before midnight resets JotForm's count.
      if (clock.now().getTime() + step >= midnight) break;
      clock.advance(step);
    }
    const spent = 1000 - emulator.state.limitLeft;
    expect(spent).toBeLessThan(500);
    // Paced, not idle: most of the share is used, polls spread over the whole day.
    expect(spent).toBeGreaterThan(400);
    expect(polls[polls.length - 1]).toBeGreaterThan(midnight - 60 * MINUTE);
    expect(Math.min(...polls.slice(1).map((at, i) => at - polls[i]!))).toBeGreaterThanOrEqual(60_000);
    const stored = await t.database.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.formId, DEMO_FORM_ID));
    expect(added.length).toBeGreaterThan(15);
    expect(stored.map((r) => r.id)).toEqual(expect.arrayContaining(added));

    // What the Integrations page says: the limit learned from limit-left, the pace, a call per quiet poll.
    const status = (await t.request({ method: 'GET', url: '/v1/integrations', headers: await t.as('admin') })).json().jotform;
    expect(status).toMatchObject({ dailyLimit: 1000, quotaShare: 0.5, callsToday: spent, resetsAt: new Date(midnight).toISOString() });
    expect(status.callsPerPoll).toBeLessThan(1.2);
    // About 480 rounds: a few seconds on a quiet machine, more on a busy one.
  }, 120_000);

  it('below a tenth of the limit left: the poll stops until the reset, and the admins get one mail', async () => {
    const clock = fixedClock('2026-11-18T15:00:00.000Z');
    const { t, emulator, sync } = await portal(clock, 1000);
    expect(await sync.tick()).toBe('polled');
    // The account's widgets have used the rest of the day's calls.
    emulator.state.limitLeft = 90;
    clock.advance(sync.nextPollInMs());
    expect(await sync.tick()).toBe('polled');
    const mails = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'quota'));
    const [mail] = await mails();
    expect(mail?.to).toEqual(['admin@example.com']);
    expect(mail?.subject).toBe('JotForm API calls running low: 89 of 1,000 left today');
    // Nothing left of the portal's part: no call until midnight US Eastern, and no second mail.
    const left = emulator.state.limitLeft;
    expect(clock.now().getTime() + sync.nextPollInMs()).toBeGreaterThan(Date.parse('2026-11-19T05:00:00.000Z'));
    clock.advance(2 * 60 * MINUTE);
    expect(await sync.tick()).toMatch(/^(waiting|paused)$/);
    expect(emulator.state.limitLeft).toBe(left);
    expect(await mails()).toHaveLength(1);
  });
});
