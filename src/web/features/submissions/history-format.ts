import { CATEGORY_LABELS, REGIME_LABELS } from '#shared/contract/reporting';
import { FOLLOWUP_METHOD_LABELS, type HistoryEntry } from '#shared/contract/submissions';
import { formatRecordedValue } from '../../lib/dates.ts';
import { DECISION_TEXT } from '../reporting/index.ts';

/** Who did it: the user, or JotForm for what the sync brought in (actor null). */
export const actorName = (actor: HistoryEntry['actor']): string => actor?.name || actor?.email || 'JotForm';

/** What an action reads as after the actor's name. Actions not listed read as they were recorded. */
const SENTENCES: Record<string, string> = {
  'mark reportable': 'marked it reportable',
  'mark delivered': 'marked it delivered',
  followup: 'added a follow-up note',
  approve: 'approved it',
  deny: 'denied it',
  'quality process created': 'created the quality process in Arena',
  'transfer failed': 'tried the transfer to Arena, which failed',
  'arena changed values': 'transferred it, and Arena kept other values than were sent',
  'email queued': 'queued the notification e-mail',
  'email resent': 'resent the notification e-mail',
  'decide reportability': 'recorded a reportability decision',
  'file report': 'recorded a filed report',
  sign: 'signed electronically',
  'record investigation': 'recorded the investigation',
  'record reply': 'recorded the reply to the complainant',
  close: 'closed the complaint',
  reopen: 'reopened the complaint',
  import: 'delivered the submission',
  'sync update': 'updated its JotForm fields',
  code: 'coded it',
  take: 'took ownership',
  assign: 'assigned an owner',
  unassign: 'removed the owner',
  'assess reportability': 'assessed its reportability',
  'change awareness date': 'changed the awareness date',
  viewed: 'opened its details',
  exported: 'exported it',
};

/** An action as a heading in words: what the audit trail's Action column reads. Unknown actions read as recorded, capitalised. */
const ACTION_WORDS: Record<string, string> = {
  'mark reportable': 'Reportability decided: marked reportable (no rationale)',
  'decide reportability': 'Reportability decided',
  'assess reportability': 'Reportability assessed',
  'mark delivered': 'Marked delivered',
  followup: 'Follow-up added',
  approve: 'Approved',
  deny: 'Denied',
  take: 'Took ownership',
  assign: 'Owner assigned',
  unassign: 'Owner removed',
  sign: 'Signed',
  code: 'Coded',
  import: 'Received from JotForm',
  'sync update': 'JotForm fields updated',
  'quality process created': 'Quality process created in Arena',
  'email queued': 'Notification e-mail queued',
  'email resent': 'Notification e-mail resent',
  viewed: 'Details opened',
  exported: 'Exported',
};

export function actionWords(action: string): string {
  if (Object.hasOwn(ACTION_WORDS, action)) return ACTION_WORDS[action]!;
  return action.charAt(0).toUpperCase() + action.slice(1);
}

const DECIDED: Record<string, string> = { reportable: 'decided it reportable', not_reportable: 'decided it not reportable' };

/** "Dana Reyes marked it reportable" (no time: the timeline shows it beside). */
export function historySentence(entry: Pick<HistoryEntry, 'actor' | 'action'> & { changes?: HistoryEntry['changes'] }): string {
  // A signature reads as one: the signer's name and its meaning (the timeline gives the moment beside).
  const meaning = entry.action === 'sign' ? entry.changes?.find((c) => c.field === 'meaning')?.after : undefined;
  if (typeof meaning === 'string') return `${actorName(entry.actor)} signed electronically, meaning “${meaning}”`;
  const decided = entry.action === 'decide reportability' ? entry.changes?.find((c) => c.field === 'decision')?.after : undefined;
  const known = (typeof decided === 'string' && DECIDED[decided]) || SENTENCES[entry.action];
  return `${actorName(entry.actor)} ${known ?? `recorded “${entry.action}”`}`;
}

const SIGN_METHOD_WORDS: Record<string, string> = { password: 'Password', sso: 'Single sign-on' };
const SIGNED_KIND_WORDS: Record<string, string> = { reportability: 'Reportability decision', investigation: 'Investigation', closure: 'Closure' };
const OUTCOME_WORDS: Record<string, string> = { investigated: 'Investigated', not_investigated: 'Not investigated', replied: 'Replied', not_needed: 'No reply needed' };
const AUDIT_ENTITY_WORDS: Record<string, string> = { submission: 'Submission', mail: 'Mail', user: 'User' };

const lookup = (table: Record<string, string>, value: string) => (Object.hasOwn(table, value) ? table[value]! : value);

/** A before or after value as read on screen; the reporting fields in their words, not their codes. */
export function changeValue(value: HistoryEntry['changes'][number]['before'], field = ''): string {
  // A transfer that skipped no field says so in words (docs/features/field-mapping.md).
  if (value === '' && field === 'skipped') return 'None';
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = String(value);
  if (field === 'decision') return lookup(DECISION_TEXT, text);
  if (field === 'category') return lookup(CATEGORY_LABELS, text);
  if (field === 'method') return lookup({ ...FOLLOWUP_METHOD_LABELS, ...SIGN_METHOD_WORDS }, text);
  if (field === 'kind') return lookup(SIGNED_KIND_WORDS, text);
  if (field === 'outcome') return lookup(OUTCOME_WORDS, text);
  if (field === 'entity') return lookup(AUDIT_ENTITY_WORDS, text);
  if (field === 'regime' || field === 'regimes') return text.split(/,\s*/).map((r) => lookup(REGIME_LABELS, r)).join(', ');
  // A remaining code ("not_reportable", "due_soon") reads as words.
  if (/^[a-z]+(_[a-z]+)+$/.test(text)) return lookup(DECISION_TEXT, text) === text ? text.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) : lookup(DECISION_TEXT, text);
  return formatRecordedValue(text);
}

/** Field names as the screens call them; others are their recorded name in words ("chTitle" → "Ch title"). */
const FIELD_LABELS: Record<string, string> = {
  followup: 'Good faith efforts',
  becomeAwareDate: 'Become-aware date',
  investigationDeadline: 'Investigation deadline',
  submissionStatus: 'Workflow status',
  status: 'JotForm status',
  emailDelivered: 'Delivered',
  chNumber: 'CH-Number',
  chTitle: 'CH-Title',
  transferError: 'Transfer error',
  denyReason: 'Reason for denial',
  reportedOn: 'Reported on',
  regimes: 'Regimes',
  regime: 'Regime',
  method: 'Method',
  attemptedOn: 'Attempt date',
  fields: 'Arena fields filled',
  skipped: 'Arena fields skipped (nothing sent)',
  targetCompletionDate: 'Target completion date in Arena',
  ownerInArena: 'Owner in Arena',
  numberInArena: 'Number in Arena',
  codes: 'IMDRF codes',
  release: 'Terminology release',
};

export function fieldLabel(field: string): string {
  if (Object.hasOwn(FIELD_LABELS, field)) return FIELD_LABELS[field]!;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
