import { count, sql } from 'drizzle-orm';
import { STAT_NAMES, type Stat } from '#shared/contract/dashboard';
import type { Db } from '../../db/client.ts';
import { submissions, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDaysIso } from '../../lib/dates.ts';
import { zonedDate } from '../../lib/time-zone.ts';

/**
 * `timeZone`: the zone whose calendar the become-aware dates and deadlines are written in (the
 * JotForm account's, JOTFORM_TIMEZONE), so "today" is the clinic's today, not UTC's.
 */
export function createDashboardService(db: Db, clock: Clock, timeZone = 'UTC') {
  return {
    /** The five cards of DESIGN §3, in order, counted from the live tables. */
    async stats(): Promise<Stat[]> {
      const today = zonedDate(clock.now(), timeZone);
      const weekAhead = addDaysIso(today, 7);
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
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
