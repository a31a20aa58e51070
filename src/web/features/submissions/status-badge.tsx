import type { SubmissionStatus } from '#shared/contract/submissions';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';

/** Pending Review blue, Pending Transfer green, Successful Transfer grey, Denied red, Transfer Error yellow. */
export const STATUS_TONES: Record<SubmissionStatus, BadgeTone> = {
  'Pending Review': 'blue',
  'Pending Transfer': 'green',
  'Successful Transfer': 'gray',
  Denied: 'red',
  'Transfer Error': 'yellow',
};

export function StatusBadge({ status, className }: { status: SubmissionStatus; className?: string }) {
  return (
    <Badge tone={STATUS_TONES[status]} className={className}>
      {status}
    </Badge>
  );
}
