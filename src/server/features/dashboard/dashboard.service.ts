import { count, sql } from 'drizzle-orm';
import { STAT_NAMES, type Stat } from '#shared/contract/dashboard';
import type { Db } from '../../db/client.ts';
import { submissions, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays, isoDate } from '../../lib/dates.ts';

export function createDashboardService(db: Db, clock: Clock) {
  return {
    /** The five cards of DESIGN §3, in order, counted from the live tables. */
    async stats(): Promise<Stat[]> {
      const today = isoDate(clock.now());
      const weekAhead = isoDate(addDays(clock.now(), 7));
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
