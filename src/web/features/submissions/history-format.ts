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
  'email queued': 'queued the notification e-mail',
  'email resent': 'resent the notification e-mail',
  'decide reportability': 'recorded a reportability decision',
  'file report': 'recorded a filed report',
  import: 'delivered the submission',
  'sync update': 'updated its JotForm fields',
};

const DECIDED: Record<string, string> = { reportable: 'decided it reportable', not_reportable: 'decided it not reportable' };

/** "Dana Reyes marked it reportable" (no time: the timeline shows it beside). */
export function historySentence(entry: Pick<HistoryEntry, 'actor' | 'action'> & { changes?: HistoryEntry['changes'] }): string {
  const decided = entry.action === 'decide reportability' ? entry.changes?.find((c) => c.field === 'decision')?.after : undefined;
  const known = (typeof decided === 'string' && DECIDED[decided]) || SENTENCES[entry.action];
  return `${actorName(entry.actor)} ${known ?? `recorded “${entry.action}”`}`;
}

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
  if (field === 'method') return lookup(FOLLOWUP_METHOD_LABELS, text);
  if (field === 'regime' || field === 'regimes') return text.split(/,\s*/).map((r) => lookup(REGIME_LABELS, r)).join(', ');
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
};

export function fieldLabel(field: string): string {
  if (Object.hasOwn(FIELD_LABELS, field)) return FIELD_LABELS[field]!;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
