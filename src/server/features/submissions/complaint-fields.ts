import { sql } from 'drizzle-orm';
import { COMPLAINT_FIELDS, COMPLAINT_FIELD_MAX, type ComplaintField } from '#shared/contract/field-mapping';
import type { JotformAnswer } from '#shared/jotform-answer';
import type { Queryable } from '../../db/client.ts';
import { complaintFieldQuestions, submissions } from '../../db/schema/index.ts';

/** The question named for each complaint field (absent: none named). */
export type ComplaintQids = Partial<Record<ComplaintField, string>>;
export type ComplaintValues = Record<ComplaintField, string | null>;

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(', ');
  if (value && typeof value === 'object') return Object.values(value).map(textOf).filter(Boolean).join(' ');
  return '';
}

/** An answer as a complaint field keeps it: its text (the pretty format when JotForm gives one), spaces collapsed, cut to the column's length; null when empty. */
export function answerValue(a: JotformAnswer | undefined): string | null {
  if (!a) return null;
  const raw = typeof a.prettyFormat === 'string' && a.prettyFormat.trim() ? a.prettyFormat : textOf(a.answer);
  const text = raw.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, COMPLAINT_FIELD_MAX) : null;
}

/** The complaint fields of one submission's answers. */
export function complaintFieldsOf(answers: Record<string, JotformAnswer>, qids: ComplaintQids): ComplaintValues {
  return Object.fromEntries(COMPLAINT_FIELDS.map((f) => [f, qids[f] ? answerValue(answers[qids[f]!]) : null])) as ComplaintValues;
}

/** The questions named for the complaint fields, as stored. */
export async function complaintQids(q: Queryable): Promise<ComplaintQids> {
  const rows = await q.select({ field: complaintFieldQuestions.field, qid: complaintFieldQuestions.qid }).from(complaintFieldQuestions);
  return Object.fromEntries(rows.map((r) => [r.field, r.qid]));
}

const BACKFILL_BATCH = 1000;

/**
 * Fills every stored submission's complaint fields in again from `qids`, in batches of ids (a
 * million rows never sit in memory at once); only rows whose values change are written. Returns
 * how many were written.
 */
export async function backfillComplaintFields(q: Queryable, qids: ComplaintQids): Promise<number> {
  let after = '';
  let written = 0;
  for (;;) {
    const batch = await q
      .select({ id: submissions.id, answers: submissions.answers, product: submissions.product, model: submissions.model, lot: submissions.lot, udi: submissions.udi })
      .from(submissions)
      .where(sql`${submissions.id} > ${after}`)
      .orderBy(submissions.id)
      .limit(BACKFILL_BATCH);
    if (!batch.length) return written;
    after = batch.at(-1)!.id;
    const changed = batch.flatMap((row) => {
      const v = complaintFieldsOf(row.answers, qids);
      return COMPLAINT_FIELDS.every((f) => row[f] === v[f]) ? [] : [{ id: row.id, ...v }];
    });
    if (!changed.length) continue;
    // One statement per batch: the new values as a record set joined on the id.
    await q.execute(sql`
      update submissions s set product = v.product, model = v.model, lot = v.lot, udi = v.udi
        from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as v(id text, product text, model text, lot text, udi text)
       where s.id = v.id`);
    written += changed.length;
  }
}

