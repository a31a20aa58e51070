import type { ClosureCondition } from '#shared/contract/closure';
import { REGIME_LABELS, type Regime } from '#shared/contract/reporting';
import type { SubmissionStatus } from '#shared/contract/submissions';

/** What the conditions of closing are decided on. */
export interface ClosureFacts {
  decision: 'reportable' | 'not_reportable' | null;
  /** A valid signature covers the current decision; `stale`: the latest no longer matches. */
  decisionSigned: boolean;
  decisionStale: boolean;
  investigation: boolean;
  investigationSigned: boolean;
  /** The regimes a reportable decision's clocks run for that have no report filed. */
  reportsMissing: readonly Regime[];
  reply: boolean;
  status: SubmissionStatus;
}

export interface ChecklistItem {
  condition: ClosureCondition;
  done: boolean;
  missing: string | null;
}

/** Each missing condition's sentence, or null when met. */
function sentence(condition: ClosureCondition, f: ClosureFacts): string | null {
  switch (condition) {
    case 'decision':
      if (!f.decision) return 'Record the reportability decision and sign it.';
      if (f.decisionSigned) return null;
      return f.decisionStale ? 'The reportability decision changed after it was signed: sign it again.' : 'Sign the reportability decision.';
    case 'investigation':
      if (!f.investigation) return 'Record the investigation, or the reason there was none, and sign it.';
      return f.investigationSigned ? null : 'The investigation record changed after it was signed: sign it again.';
    case 'reports':
      if (!f.decision) return 'The reports required follow from the reportability decision: record it first.';
      return f.reportsMissing.length ? `File the report for ${f.reportsMissing.map((r) => REGIME_LABELS[r]).join(' and ')}, and record it.` : null;
    case 'reply':
      return f.reply ? null : 'Record the reply to the complainant, or why none is needed.';
    case 'transfer':
      return f.status === 'Successful Transfer' || f.status === 'Denied' ? null : 'Create the quality process in Arena (or deny the complaint).';
  }
}

const ORDER: readonly ClosureCondition[] = ['decision', 'investigation', 'reports', 'reply', 'transfer'];

/** The closing checklist in its order (docs/features/signatures.md, Closure). */
export function checklistOf(f: ClosureFacts): ChecklistItem[] {
  return ORDER.map((condition) => {
    const missing = sentence(condition, f);
    return { condition, done: missing === null, missing };
  });
}
