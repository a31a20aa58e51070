import { sql } from 'drizzle-orm';
import { SIMILAR_MAX, SIMILAR_MONTHS, type SimilarComplaints } from '#shared/contract/trends';
import { addDays } from '#shared/dates';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { NotFound } from '../../lib/errors.ts';
import { todayOn } from '../../lib/time-zone.ts';
import { monthStart } from '#shared/trends/signal-rules';
import { findSubmission } from '../submissions/index.ts';

interface Row extends Record<string, unknown> {
  id: string;
  ch_number: string | null;
  submitter: string;
  become_aware_date: string;
  submission_status: string;
  closed: boolean;
  codes: string[];
  outcome: 'investigated' | 'not_investigated' | null;
  summary: string | null;
  result: string | null;
  reason: string | null;
  at: Date | string | null;
}

/**
 * Similar complaints (21 CFR 820.198(c)): those of the same form and product sharing a device-problem
 * (Annex A) code with this one, whose become-aware date lies within the last 12 months, newest
 * first, each with its current investigation.
 */
export function createSimilarService(d: { db: Db; clock: Clock; timeZone: string }) {
  return {
    async similar(idOrCh: string): Promise<SimilarComplaints> {
      const row = await findSubmission(d.db, idOrCh);
      if (!row) throw new NotFound('Submission not found.');
      const today = todayOn(d.clock, d.timeZone);
      // The same day a year ago: 12 months back from today, today's day of the month kept where it exists.
      const yearAgo = monthStart(today, -SIMILAR_MONTHS);
      const since = addDays(yearAgo, Math.min(Number(today.slice(8, 10)), daysIn(yearAgo)) - 1);
      const codes = (
        await d.db.execute<{ code: string }>(sql`select code from submission_codes where submission_id = ${row.id} and annex = 'A' order by code`)
      ).rows.map((r) => r.code);
      if (row.product === null || codes.length === 0) return { product: row.product, codes, since, results: [] };
      const codeList = sql.join(codes.map((c) => sql`${c}`), sql`, `);
      const { rows } = await d.db.execute<Row>(sql`
        select s.id, s.ch_number, s.submitter, s.become_aware_date::text as become_aware_date, s.submission_status,
          s.closed_at is not null as closed, m.codes, i.outcome, i.summary, i.result, i.reason, i.at
        from (
          select c.submission_id, array_agg(c.code order by c.code) as codes
          from submission_codes c where c.code in (${codeList}) and c.submission_id <> ${row.id}
          group by c.submission_id
        ) m
        join submissions s on s.id = m.submission_id
        left join lateral (
          select outcome, summary, result, reason, at from investigations v
          where v.submission_id = s.id order by v.at desc, v.id desc limit 1
        ) i on true
        where s.form_id = ${row.formId} and s.product = ${row.product} and s.become_aware_date >= ${since} and s.submission_status <> 'Denied'
        order by s.become_aware_date desc, s.submission_date desc, s.id desc
        limit ${SIMILAR_MAX}`);
      return {
        product: row.product,
        codes,
        since,
        results: rows.map((r) => ({
          id: r.id,
          chNumber: r.ch_number,
          submitter: r.submitter,
          becomeAwareDate: r.become_aware_date,
          codes: r.codes,
          submissionStatus: r.submission_status,
          closed: r.closed,
          investigation: r.outcome === null ? null : { outcome: r.outcome, summary: r.summary, result: r.result, reason: r.reason, at: new Date(r.at ?? 0).toISOString() },
        })),
      };
    },
  };
}
export type SimilarService = ReturnType<typeof createSimilarService>;

function daysIn(firstOfMonth: string): number {
  return Number(addDays(monthStart(firstOfMonth, 1), -1).slice(8, 10));
}
