import { bigserial, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { REPLY_CHANNELS } from '#shared/contract/closure';
import { submissions } from './submissions.ts';

/**
 * A complaint's investigation records, append-only (the newest is current): a summary and result,
 * or the reason no investigation was made, with who recorded it (and so decided it).
 */
export const investigations = pgTable(
  'investigations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: text('submission_id').notNull().references(() => submissions.id),
    outcome: text('outcome', { enum: ['investigated', 'not_investigated'] }).notNull(),
    summary: text('summary'),
    result: text('result'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    byId: text('by_id'),
    byEmail: text('by_email'),
  },
  (t) => [index('investigations_submission_idx').on(t.submissionId, t.at, t.id)],
);

/** The reply to the complainant (date, channel, text) or the reason none is needed; append-only, the newest is current. */
export const complaintReplies = pgTable(
  'complaint_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: text('submission_id').notNull().references(() => submissions.id),
    outcome: text('outcome', { enum: ['replied', 'not_needed'] }).notNull(),
    repliedOn: date('replied_on', { mode: 'string' }),
    channel: text('channel', { enum: REPLY_CHANNELS }),
    text: text('text'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    byId: text('by_id'),
    byEmail: text('by_email'),
  },
  (t) => [index('complaint_replies_submission_idx').on(t.submissionId, t.at, t.id)],
);

/** Every close (with its summary) and reopen (with its reason) of a complaint; append-only. */
export const closureEvents = pgTable(
  'closure_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    submissionId: text('submission_id').notNull().references(() => submissions.id),
    action: text('action', { enum: ['close', 'reopen'] }).notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    byId: text('by_id'),
    byEmail: text('by_email'),
  },
  (t) => [index('closure_events_submission_idx').on(t.submissionId, t.at, t.id)],
);
