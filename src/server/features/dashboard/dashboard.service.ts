import { and, count, desc, eq, gte, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { type AssignedCounts, CHART_WEEKS, STAT_NAMES, type Stat, type WeekCount } from '#shared/contract/dashboard';
import { SUBMISSION_STATUSES } from '#shared/contract/submissions';
import { DUE_SOON_DAYS } from '#shared/reporting/clocks';
import { type Role, can } from '#shared/roles';
import { addDays, daysBetween, weekday } from '#shared/dates';
import type { Db } from '../../db/client.ts';
import { submissions, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { todayOn, zonedTimeToUtc } from '../../lib/time-zone.ts';

/**
 * `timeZone`: the zone whose calendar the become-aware dates and deadlines are written in (the
 * JotForm account's, JOTFORM_TIMEZONE), so "today" is the clinic's today, not UTC's.
 */
export function createDashboardService(db: Db, clock: Clock, timeZone = 'UTC', formId: string | null = null) {
  const s = submissions;
  /**
   * The user's open complaints (not closed: docs/features/signatures.md), and those whose reporting
   * clock is due soon or overdue (docs/product.md, Owners). A closed complaint counts in none.
   */
  async function assignedTo(userId: string, form: string, today: string): Promise<AssignedCounts> {
    // A denied complaint runs no clock (docs/product.md, Reporting clocks).
    const clockRuns = sql`${s.submissionStatus} <> 'Denied'`;
    const [row] = await db
      .select({
        open: count(),
        dueSoon: sql<number>`count(*) filter (where ${clockRuns} and ${s.reportingDue} between ${today} and ${addDays(today, DUE_SOON_DAYS)})`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${clockRuns} and ${s.reportingDue} < ${today})`.mapWith(Number),
      })
      .from(s)
      .where(and(eq(s.formId, form), eq(s.ownerId, userId), isNull(s.closedAt)));
    return { open: row?.open ?? 0, dueSoon: row?.dueSoon ?? 0, overdue: row?.overdue ?? 0 };
  }

  /** Open complaints per owner, most first, and the open ones nobody owns. */
  async function openPerOwner(form: string): Promise<{ owners: { id: string; name: string; open: number }[]; unowned: number }> {
    const n = sql<number>`count(*)`.mapWith(Number);
    const rows = await db
      .select({ id: s.ownerId, name: users.name, open: n })
      .from(s)
      .leftJoin(users, eq(users.id, s.ownerId))
      .where(and(eq(s.formId, form), isNull(s.closedAt)))
      .groupBy(s.ownerId, users.name)
      .orderBy(desc(n), users.name);
    const owners = rows.flatMap((r) => (r.id ? [{ id: r.id, name: r.name ?? r.id, open: r.open }] : []));
    return { owners, unowned: rows.find((r) => r.id === null)?.open ?? 0 };
  }

  return {
    /** The five summary cards (docs/product.md, Screens), in order, counted from the live tables. */
    async stats(): Promise<Stat[]> {
      const today = todayOn(clock, timeZone);
      const weekAhead = addDays(today, 7);
      const [[userRow], [subRow]] = await Promise.all([
        db.select({ n: count() }).from(users),
        db
          .select({
            total: count(),
            pendingReview: sql<number>`count(*) filter (where ${submissions.submissionStatus} = 'Pending Review')`.mapWith(Number),
            pendingTransfer: sql<number>`count(*) filter (where ${submissions.submissionStatus} = 'Pending Transfer')`.mapWith(Number),
            deadlineSoon: sql<number>`count(*) filter (where ${submissions.submissionStatus} not in ('Successful Transfer', 'Denied')
              and ${submissions.investigationDeadline} between ${today} and ${weekAhead})`.mapWith(Number),
          })
          .from(submissions),
      ]);
      const values = [userRow?.n ?? 0, subRow?.total ?? 0, subRow?.pendingReview ?? 0, subRow?.pendingTransfer ?? 0, subRow?.deadlineSoon ?? 0];
      return STAT_NAMES.map((name, i) => ({ name, value: values[i] ?? 0 }));
    },

    /**
     * The reporting clocks overdue and due within 7 days (from the stored earliest open due date,
     * an index range; open complaints only, a denied submission's clocks being closed), the
     * reportable decisions recorded without a rationale, and submissions per week for the last 12 weeks by status: weeks start on
     * Monday in the JotForm account's time zone, the current week last.
     */
    async overview(viewer: { id: string; role: Role }): Promise<{
      formId: string | null;
      clocks: { overdue: number; dueWithin7Days: number };
      rationaleMissing: number;
      potentialReportable: number;
      weeks: WeekCount[];
      assignedToMe: AssignedCounts;
      openPerOwner: { owners: { id: string; name: string; open: number }[]; unowned: number } | null;
    }> {
      const weeksFrom = (first: string): WeekCount[] => Array.from({ length: CHART_WEEKS }, (_, i) => ({ weekStart: addDays(first, 7 * i), counts: Object.fromEntries(SUBMISSION_STATUSES.map((st) => [st, 0])) }));
      const today = todayOn(clock, timeZone);
      const monday = addDays(today, -((weekday(today) + 6) % 7));
      const first = addDays(monday, -7 * (CHART_WEEKS - 1));
      const admin = can(viewer.role, 'users');
      if (formId === null) return { formId: null, clocks: { overdue: 0, dueWithin7Days: 0 }, rationaleMissing: 0, potentialReportable: 0, weeks: weeksFrom(first), assignedToMe: { open: 0, dueSoon: 0, overdue: 0 }, openPerOwner: admin ? { owners: [], unowned: 0 } : null };
      const start = zonedTimeToUtc(`${first} 00:00:00`, timeZone) ?? new Date(`${first}T00:00:00Z`);
      const localDay = sql<string>`to_char(${s.submissionDate} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      const [[clocks], [missing], [potential], perDay, assignedToMe, perOwner] = await Promise.all([
        db
          .select({
            overdue: sql<number>`count(*) filter (where ${s.reportingDue} < ${today})`.mapWith(Number),
            dueWithin7Days: sql<number>`count(*) filter (where ${s.reportingDue} between ${today} and ${addDays(today, 7)})`.mapWith(Number),
          })
          .from(s)
          .where(and(eq(s.formId, formId), isNotNull(s.reportingDue), lte(s.reportingDue, addDays(today, 7)), ne(s.submissionStatus, 'Denied'))),
        db.select({ n: count() }).from(s).where(and(eq(s.formId, formId), eq(s.reportingRationaleMissing, true))),
        // Flagged at intake and still waiting for a decision: the card leaves once one is recorded or the complaint is closed.
        db.select({ n: count() }).from(s).where(and(eq(s.formId, formId), isNotNull(s.potentialReportableAt), isNull(s.reportingDecision), isNull(s.closedAt))),
        db
          .select({ day: localDay, status: s.submissionStatus, n: sql<number>`count(*)`.mapWith(Number) })
          .from(s)
          .where(and(eq(s.formId, formId), gte(s.submissionDate, start)))
          // By position: the zone is a parameter, so the expression written twice would not match.
          .groupBy(sql`1`, sql`2`),
        assignedTo(viewer.id, formId, today),
        admin ? openPerOwner(formId) : null,
      ]);
      const weeks = weeksFrom(first);
      for (const r of perDay) {
        const week = weeks[Math.floor(daysBetween(first, r.day) / 7)];
        if (week) week.counts[r.status] = (week.counts[r.status] ?? 0) + r.n;
      }
      return { formId, clocks: { overdue: clocks?.overdue ?? 0, dueWithin7Days: clocks?.dueWithin7Days ?? 0 }, rationaleMissing: missing?.n ?? 0, potentialReportable: potential?.n ?? 0, weeks, assignedToMe, openPerOwner: perOwner };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
