import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { READ_ACTIONS } from '#shared/contract/audit';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SubmissionRow, SubmissionSortField } from '#shared/contract/submissions';
import { type Emulators, startEmulators } from '../../../../tests/support/emulators.ts';
import { type TestApp, bearer, createTestApp } from '../../../../tests/support/test-app.ts';
import { auditEvents, submissions } from '../../db/schema/index.ts';
import type { JotformEmulator } from '../../emulators/jotform/emulator.ts';
import { DEMO_FORM_ID, DEMO_QID } from '../../emulators/jotform/fixtures.ts';
import { fixedClock } from '../../lib/clock.ts';
import { DEMO_ACTOR, applyDemoWorkflow } from '../../sandbox/index.ts';

export const PUBLIC_URL = 'https://quality.example.org';
export const LIST = `/v1/jotforms/${DEMO_FORM_ID}`;
export const EXPORT = `/v1/jotforms/${DEMO_FORM_ID}/exportSubmissionsCSV`;
/** The demo form's 34 submissions and the two added below. */
export const TOTAL = 36;

export type ListPage = { results: SubmissionRow[]; page: number; limit: number; totalPages: number; totalResults: number };
export type Headers = Record<string, string>;

/**
 * The submissions API of one test file: its own database, synced from the emulators, with the
 * demo workflow applied as sandbox mode applies it, and a staff member signed in. Registers the
 * file's beforeAll/afterAll; the returned getters are valid once they have run.
 */
export function syncedSubmissions() {
  const clock = fixedClock('2025-06-15T16:00:00.000Z');
  let emu: Emulators;
  let t: TestApp;
  let staff: { email: string; headers: Headers };
  let all: SubmissionRow[];

  const get = (url: string, headers: Headers = staff.headers) => t.request({ method: 'GET', url, headers });
  const patch = (url: string, payload?: unknown, headers: Headers = staff.headers) =>
    t.request({ method: 'PATCH', url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const list = async (query = ''): Promise<ListPage> => {
    const res = await get(`${LIST}${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListPage>();
  };
  /** Every row matching the query (the fixture fits one page of 100). */
  const everything = async (query: string): Promise<ListPage> => list(`limit=100${query ? `&${query}` : ''}`);
  const row = async (id: string) => (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
  /** The submission's changes on the audit trail beyond the demo's own set-up (reads left out). */
  const audits = (id: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'submission'), eq(auditEvents.entityId, id), ne(auditEvents.actorId, DEMO_ACTOR.id), notInArray(auditEvents.action, [...READ_ACTIONS])))
      .orderBy(asc(auditEvents.id));
  const byStatus = (status: SubmissionRow['submissionStatus']) => all.filter((r) => r.submissionStatus === status);
  /**
   * A submission pending review that no other test of the file uses; `clean`: not yet reportable,
   * delivered or followed up. Others take the used-looking ones first, so clean ones remain for who
   * needs them.
   */
  const taken = new Set<string>();
  /** An untouched submission pending review: `clean` has nothing done to it, a function picks by its own test. */
  const fresh = (need: 'any' | 'clean' | ((x: SubmissionRow) => boolean) = 'any') => {
    const isClean = (x: SubmissionRow) => !x.reportable && !x.emailDelivered && !x.followup;
    const open = all.filter((x) => x.submissionStatus === 'Pending Review' && !taken.has(x.id));
    const r = typeof need === 'function' ? open.find(need) : need === 'clean' ? open.find(isClean) : (open.find((x) => !isClean(x)) ?? open[0]);
    if (!r) throw new Error('the fixture has too few submissions pending review');
    taken.add(r.id);
    return r;
  };
  async function signIn(role: 'staff' | 'member'): Promise<{ email: string; headers: Headers }> {
    const user = await t.createUser(role);
    const { access } = await t.login(user.email, user.password);
    return { email: user.email, headers: bearer(access) };
  }

  /**
   * Nulls first, false before true; text in the database's own collation (`textRank`, filled from
   * an ORDER BY over the distinct values, so the tests hold on a C or an en_US database alike).
   */
  const textRank = new Map<string, number>();
  function compare(a: unknown, b: unknown): number {
    if (a === b) return 0;
    if (a === null || a === undefined) return -1;
    if (b === null || b === undefined) return 1;
    if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
    const [x, y] = [textRank.get(String(a)), textRank.get(String(b))];
    if (x !== undefined && y !== undefined) return x - y;
    return String(a) < String(b) ? -1 : 1;
  }
  function sortedIds(rows: SubmissionRow[], field: SubmissionSortField, order: 'asc' | 'desc'): string[] {
    const sign = order === 'asc' ? 1 : -1;
    // Reporting due puts the rows without an open clock last, either way.
    const none = (r: SubmissionRow) => (field === 'reportingDue' && r.reportingDue === null ? 1 : 0);
    return [...rows].sort((x, y) => none(x) - none(y) || sign * (compare(x[field], y[field]) || compare(x.id, y.id))).map((r) => r.id);
  }
  async function rankTexts(rows: SubmissionRow[]): Promise<void> {
    const texts = [...new Set(rows.flatMap((r) => [r.submitter, r.chNumber, r.chTitle, r.followup, r.id]).filter((v): v is string => typeof v === 'string'))];
    const values = sql.join(
      texts.map((v) => sql`(${v})`),
      sql`, `,
    );
    // Both drivers (PGlite, node-postgres) return a raw query's `rows`.
    const result = (await t.database.db.execute(sql`select v from (values ${values}) as t(v) order by v`)) as { rows: { v: string }[] };
    result.rows.forEach((r, i) => textRank.set(r.v, i));
  }

  beforeAll(async () => {
    emu = await startEmulators({ clock });
    // Two more submissions at the same second by the first demo reporter: ties on every sort key.
    await emu.jotform.addSubmission({ [DEMO_QID.fullName]: { first: 'Alma', last: 'Reyes-Whitfield' } });
    await emu.jotform.addSubmission({ [DEMO_QID.fullName]: { first: 'Alma', last: 'Reyes-Whitfield' } });
    t = await createTestApp({ clock, env: { PUBLIC_URL }, deps: emu.deps });
    t.app.services.sync.onInserted((ids) => applyDemoWorkflow({ services: t.app.services, arena: emu.arena.control }, ids));
    expect(await t.app.services.sync.syncOnce()).toEqual({ inserted: TOTAL, updated: 0 });
    staff = await signIn('staff');
    all = (await everything('')).results;
    expect(all).toHaveLength(TOTAL);
    await rankTexts(all);
  });
  afterAll(async () => {
    await t?.close();
    await emu?.close();
  });

  return {
    clock,
    get t(): TestApp {
      return t;
    },
    get emulator(): JotformEmulator {
      return emu.jotform;
    },
    /** The signed-in staff member every request goes as unless told otherwise. */
    get staff() {
      return staff;
    },
    /** Every row as the list showed it right after the sync. */
    get all(): SubmissionRow[] {
      return all;
    },
    get,
    patch,
    list,
    everything,
    row,
    audits,
    byStatus,
    fresh,
    signIn,
    compare,
    sortedIds,
  };
}
