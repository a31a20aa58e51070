import { POTENTIAL_REPORTABLE } from '#shared/contract/triage';
import { Badge } from '../../ui/badge.tsx';

/** The mark of a submission flagged at intake (docs/features/triage.md): text, never colour alone. */
export function PotentialReportableBadge({ className }: { className?: string }) {
  return (
    <Badge tone="red" title="It answered yes to a screening question: assess its reportability now." className={className}>
      {POTENTIAL_REPORTABLE}
    </Badge>
  );
}
