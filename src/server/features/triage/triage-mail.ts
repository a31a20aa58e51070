import { POTENTIAL_REPORTABLE, SCREENING_LABELS, type ScreeningKind } from '#shared/contract/triage';
import { mailLink } from '../mail/index.ts';

/**
 * The mail sent at once when a submission is flagged at intake: identifiers, what was answered yes,
 * the become-aware date and a link — never the names of patients or submitters (docs/features/triage.md).
 */
export function potentialReportableMail(row: { id: string; becomeAwareDate: string }, kinds: readonly ScreeningKind[], whose: 'owner' | 'unowned', publicUrl: string): { subject: string; text: string } {
  const answered = kinds.map((k) => SCREENING_LABELS[k].toLowerCase()).join(', ');
  const text = [
    `Submission ${row.id} answered yes to the form's screening question${kinds.length > 1 ? 's' : ''} on: ${answered}.`,
    '',
    `It may be reportable to the authorities. Its reporting clocks run from the become-aware date, ${row.becomeAwareDate}: assess its reportability now.`,
    whose === 'owner' ? 'You own this complaint.' : 'Nobody owns this complaint yet: you receive this as a notification recipient.',
    '',
    mailLink(publicUrl, row.id),
  ].join('\n');
  return { subject: `${POTENTIAL_REPORTABLE}: submission ${row.id}`, text };
}
