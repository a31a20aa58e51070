import type { FollowupNote } from '#shared/contract/submissions';
import type { Db } from '../../db/client.ts';
import { type AuditActor, actorOf } from '../../lib/audit.ts';
import { LOG_DESCRIPTION_MAX } from '../../lib/system-log.ts';
import { ROW_COLUMNS, type SubmissionRowColumns, openedOf } from './submission-row.ts';

/** The audit action of a follow-up save; its entries are the follow-up notes (decision 034). */
export const FOLLOWUP_ACTION = 'followup';

/** A follow-up to save: the submission's id or CH number, the note and its attempt (only what was given). */
export interface FollowupSave {
  key: string;
  text: string;
  details: Partial<Pick<FollowupNote, 'method' | 'attemptedOn' | 'outcome'>>;
  /** Who saves it; `name` (the signed-in user's) is the note's author, else the e-mail. */
  actor: AuditActor & { name?: string };
  at: Date;
}

/**
 * What the statement did: `saved` the row (as the list shows it) and the note it wrote; `repeat`
 * nothing, the latest note already is this one; `overtaken` nothing, another save committed after
 * the statement read the row (run it again); `missing` no such submission.
 */
export type FollowupWrite =
  | { kind: 'saved'; row: SubmissionRowColumns & { opened: boolean }; note: FollowupNote }
  | { kind: 'repeat'; id: string }
  | { kind: 'overtaken' }
  | { kind: 'missing' };

const ROW_COLUMN_ENTRIES = Object.entries(ROW_COLUMNS);
/** JSON renders every other column as Drizzle reads it, and an instant as ISO 8601 text. */
const INSTANT_COLUMNS = ROW_COLUMN_ENTRIES.filter(([, column]) => column.dataType === 'date');

/**
 * A follow-up save as one statement (decision 044). $1 the submission's id or CH number (the id
 * wins), $2 the text, $3 the time, $4–$6 the actor's id, e-mail and address, $7 the note's audit
 * `after` (the text and the attempt).
 *
 * - `target` reads the row, and whether its latest note already is this one (a repeat).
 * - `saved` writes only if the attempt count is still the one `target` read: PostgreSQL re-checks
 *   that condition on the newest row version when another save got there first, and then this
 *   statement writes nothing and is run again.
 * - `note` is the note (the save's audit entry) and `logged` its system-log line: both commit with
 *   the row.
 * - The row comes back as one JSON value keyed by the row's field names.
 */
const APPEND_FOLLOWUP_SQL = `
with target as (
  select s.id, s.followup, s.followup_attempts,
    coalesce(s.followup = $2 and (
      select n.after from audit_events n
      where n.entity = 'submission' and n.entity_id = s.id and n.action = '${FOLLOWUP_ACTION}'
      order by n.at desc, n.id desc limit 1
    ) = $7::jsonb, false) as repeat
  from submissions s
  where s.id = coalesce((select id from submissions where id = $1), (select id from submissions where ch_number = $1 limit 1))
),
saved as (
  update submissions s
  set followup = $2, followup_attempts = s.followup_attempts + 1, modified_at = $3
  from target
  where s.id = target.id and s.followup_attempts = target.followup_attempts and not target.repeat
  returning ${ROW_COLUMN_ENTRIES.map(([field, column]) => `s.${column.name} as "${field}"`).join(', ')}
),
note as (
  insert into audit_events (at, actor_id, actor_email, address, entity, entity_id, action, before, after)
  select $3, $4, $5, $6, 'submission', saved.id, '${FOLLOWUP_ACTION}', jsonb_build_object('followup', target.followup), $7::jsonb
  from saved, target
  returning id
),
logged as (
  insert into system_logs (time, label, process, description)
  select $3, 'success', 'JotForms', left('Follow-up saved for submission ' || saved.id || ' by ' || $5, ${LOG_DESCRIPTION_MAX})
  from saved
)
select target.id, target.repeat, note.id::text as note_id,
  ${openedOf('target.id')} as opened,
  to_json(saved) as row
from target left join saved on true left join note on true`;

interface StatementRow {
  id: string;
  repeat: boolean;
  note_id: string | null;
  opened: boolean;
  /** The updated row by its field names, as JSON renders it. */
  row: Record<string, unknown> | null;
}

/** Runs the statement (prepared once per connection) and says what it did. */
export async function appendFollowup(db: Db, save: FollowupSave): Promise<FollowupWrite> {
  const { key, text, actor: a, at, details } = save;
  const after = JSON.stringify({ followup: text, ...details });
  const { rows } = await db.$client.query<StatementRow>({ name: 'append-followup', text: APPEND_FOLLOWUP_SQL, values: [key, text, at, a.id, a.email, a.address ?? null, after] });
  const [r] = rows;
  if (!r) return { kind: 'missing' };
  if (r.repeat) return { kind: 'repeat', id: r.id };
  if (r.note_id === null || r.row === null) return { kind: 'overtaken' };
  const row = r.row;
  for (const [field, column] of INSTANT_COLUMNS) if (row[field] != null) row[field] = column.mapFromDriverValue(row[field]);
  row.opened = r.opened;
  const note: FollowupNote = {
    id: r.note_id,
    text,
    at: at.toISOString(),
    author: actorOf(a.id, a.email, { name: a.name ?? null, email: a.email }),
    method: details.method ?? null,
    attemptedOn: details.attemptedOn ?? null,
    outcome: details.outcome ?? null,
  };
  return { kind: 'saved', row: row as SubmissionRowColumns & { opened: boolean }, note };
}
