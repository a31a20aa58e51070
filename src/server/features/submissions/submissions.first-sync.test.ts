import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, TEST_JWT_SECRET, type TestApp, bearer, createTestApp } from '../../../../tests/support/test-app.ts';
import { buildApp } from '../../app.ts';
import { createJotformClient } from '../../connectors/jotform/jotform-client.ts';
import { auditEvents, submissions, systemLogs } from '../../db/schema/index.ts';
import { type JotformEmulator, bulkFixtures, createJotformEmulator } from '../../emulators/jotform/index.ts';
import { DEMO_AWARE_DATE_QID, DEMO_FORM_ID } from '../../emulators/jotform/fixtures.ts';
import { fixedClock } from '../../lib/clock.ts';

/*
 * The first sync of a form with years of submissions: pages of 1,000, the cursor and the progress
 * stored in each page's own transaction, so a sync stopped halfway (even between a page's rows and
 * its cursor) goes on after a restart from where it stopped, every submission stored and counted
 * once and none left out.
 */

const KEY = 'first-sync-key-0123456789abcdef';
const TOTAL = 2_500;

interface Run {
  clock: ReturnType<typeof fixedClock>;
  emulator: JotformEmulator;
  t: TestApp;
  /** A new portal process on the same database, as after a restart. */
  restart(): Promise<FastifyInstance>;
}
const open: { run?: Run; restarted?: FastifyInstance } = {};
afterEach(async () => {
  await open.restarted?.close();
  // The first instance is closed by the test before the restart: only its database is left.
  await open.run?.t.database.close();
  await open.run?.emulator.close();
  open.run = open.restarted = undefined;
});

async function start(dailyLimit?: number): Promise<Run> {
  // 10:00 in New York; the form's submissions reach back 2,500 hours (over 100 days).
  const clock = fixedClock('2026-11-18T15:00:00.000Z');
  const emulator = createJotformEmulator({ apiKey: KEY, clock, fixtures: bulkFixtures(TOTAL, clock.now()), ...(dailyLimit ? { dailyLimit } : {}) });
  const baseUrl = await emulator.listen();
  const deps = () => ({ formId: DEMO_FORM_ID, awareDateQid: DEMO_AWARE_DATE_QID, outside: { jotform: createJotformClient({ baseUrl, apiKey: KEY, sleep: async () => {} }) } });
  const t = await createTestApp({ clock, deps: deps() });
  const run: Run = {
    clock,
    emulator,
    t,
    async restart() {
      await t.app.close();
      open.restarted = await buildApp({ config: t.config, db: t.database.db, jwtSecret: TEST_JWT_SECRET, clock, ...deps() });
      return open.restarted;
    },
  };
  open.run = run;
  return run;
}

async function storedIds(t: TestApp): Promise<string[]> {
  return (await t.database.db.select({ id: submissions.id }).from(submissions).orderBy(asc(submissions.id))).map((r) => r.id);
}

/** What the Integrations page shows, read from `app` as the seeded super admin. */
async function firstSync(app: FastifyInstance) {
  const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
  const headers = bearer(login.json<{ tokens: { access: { token: string } } }>().tokens.access.token);
  return (await app.inject({ method: 'GET', url: '/v1/integrations', headers })).json().jotform.firstSync;
}

/** Every submission of the emulator stored, each imported once: its one `import` audit entry. */
async function expectEachOnce(run: Run): Promise<void> {
  expect(await storedIds(run.t)).toEqual([...run.emulator.state.submissions.keys()].sort());
  const imports = await run.t.database.db
    .select({ id: auditEvents.entityId, n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'submission'), eq(auditEvents.action, 'import')))
    .groupBy(auditEvents.entityId);
  expect(imports).toHaveLength(TOTAL);
  expect(imports.every((r) => r.n === 1)).toBe(true);
}

/** The `created_at:gt` the resumed pull asked from: the newest stored submission, less a few minutes' overlap. */
function expectResumedFromCursor(run: Run, from: number, storedBefore: string[]): void {
  const first = run.emulator.state.requests.slice(from).find((r) => r.url.includes('/submissions'))!;
  const after = (JSON.parse(new URL(first.url, 'http://emulator').searchParams.get('filter') ?? '{}') as Record<string, string>)['created_at:gt']!;
  const newest = [...run.emulator.state.submissions.values()].filter((s) => storedBefore.includes(s.id)).map((s) => s.created_at).sort().at(-1)!;
  const ms = (jotformTime: string) => Date.parse(`${jotformTime.replace(' ', 'T')}Z`);
  expect(ms(newest) - ms(after)).toBeGreaterThanOrEqual(0);
  expect(ms(newest) - ms(after)).toBeLessThanOrEqual(5 * 60_000);
}

describe('the first sync of years of submissions', () => {
  it('stopped halfway by a failure, resumes after a restart from its stored cursor: no submission twice, none missing', async () => {
    const run = await start();
    // The form and two pages are replied to; then JotForm fails (every retry too), as a crash would stop the pull.
    run.emulator.failNext(3, 503, undefined, { after: 3 });
    await expect(run.t.app.services.sync.syncOnce()).rejects.toThrow('JotForm is unavailable (HTTP 503)');
    const before = await storedIds(run.t);
    expect(before).toHaveLength(2_000);
    expect(await firstSync(run.t.app)).toMatchObject({ imported: 2_000, total: TOTAL, done: false, calls: 2 });

    run.clock.advance(10 * 60_000);
    const restarted = await run.restart();
    const from = run.emulator.state.requests.length;
    expect(await restarted.services.sync.syncOnce()).toEqual({ inserted: TOTAL - 2_000, updated: 0 });
    expectResumedFromCursor(run, from, before);
    await expectEachOnce(run);
    expect(await firstSync(restarted)).toMatchObject({ imported: TOTAL, total: TOTAL, done: true, calls: 3, secondsLeft: null });

    const log = (await run.t.database.db.select().from(systemLogs).orderBy(asc(systemLogs.id))).map((l) => l.description).filter((d) => d.startsWith('First sync'));
    expect(log).toEqual([
      'First sync from JotForm started: 2,500 submissions to import, 1,000 a page, about 4 calls',
      'First sync from JotForm: 1,000 of 2,500 submissions imported, 1 call',
      'First sync from JotForm: 2,000 of 2,500 submissions imported, 2 calls',
      'First sync from JotForm resumed from its stored cursor: 2,000 of 2,500 submissions imported so far',
      'First sync from JotForm done: 2,500 submissions imported in 3 calls, 10 minutes',
    ]);
  });

  it('a page whose cursor cannot be stored is not stored either: the resumed sync stores and counts each submission once', async () => {
    const run = await start();
    // The database refuses the second page's cursor, as a crash between a page and its cursor would leave it.
    const owner = run.t.database.owner.db;
    await owner.execute(sql`create sequence first_sync_cursor_writes`);
    await owner.execute(sql`grant usage on sequence first_sync_cursor_writes to public`);
    await owner.execute(sql`create function first_sync_refuse_second_cursor() returns trigger language plpgsql as $$
      begin
        if new.key like '%:cursor' then
          if nextval('first_sync_cursor_writes') = 2 then raise exception 'cursor write refused'; end if;
        end if;
        return new;
      end $$`);
    await owner.execute(sql`create trigger first_sync_refuse_second_cursor before insert or update on sync_state for each row execute function first_sync_refuse_second_cursor()`);
    await expect(run.t.app.services.sync.syncOnce()).rejects.toThrow();
    // The second page went with its cursor: the first page alone is stored, counted and covered.
    const before = await storedIds(run.t);
    expect(before).toHaveLength(1_000);
    expect(await firstSync(run.t.app)).toMatchObject({ imported: 1_000, total: TOTAL, done: false, calls: 1 });

    await owner.execute(sql`drop trigger first_sync_refuse_second_cursor on sync_state`);
    const restarted = await run.restart();
    const from = run.emulator.state.requests.length;
    expect(await restarted.services.sync.syncOnce()).toEqual({ inserted: TOTAL - 1_000, updated: 0 });
    expectResumedFromCursor(run, from, before);
    await expectEachOnce(run);
    expect(await firstSync(restarted)).toMatchObject({ imported: TOTAL, total: TOTAL, done: true });
  });

  it('stops by itself when JotForm’s calls run low, and goes on after midnight US Eastern from where it stopped', async () => {
    // A day of 3 calls: after the form and a page, the account is down to its last tenth.
    const run = await start(3);
    expect(await run.t.app.services.sync.syncOnce()).toEqual({ inserted: 1_000, updated: 0 });
    const before = await storedIds(run.t);
    expect(run.emulator.state.limitLeft).toBe(1);
    expect(await firstSync(run.t.app)).toMatchObject({ imported: 1_000, done: false });

    run.clock.set('2026-11-19T05:00:05.000Z');
    const restarted = await run.restart();
    const from = run.emulator.state.requests.length;
    await restarted.services.sync.syncOnce();
    expectResumedFromCursor(run, from, before);
    run.clock.set('2026-11-20T05:00:05.000Z');
    await restarted.services.sync.syncOnce();
    await expectEachOnce(run);
    expect(await firstSync(restarted)).toMatchObject({ imported: TOTAL, total: TOTAL, done: true });
  });
});
