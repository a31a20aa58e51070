import type { Submission } from '#shared/contract/submissions';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import type { QualityProcessDialog } from './quality-process-cell.tsx';

/**
 * The details screen's status change control (docs/product.md, Screens): it exists only for Pending Transfer and
 * Transfer Error; a transferred submission offers its steps instead. Nothing for other statuses.
 */
export function QualityProcessActions({ submission, onOpen }: { submission: Submission; onOpen: (kind: QualityProcessDialog, submission: Submission) => void }) {
  switch (submission.submissionStatus) {
    case 'Pending Transfer':
      return (
        <Button onClick={() => onOpen('create', submission)}>
          <Icon name="plus" className="size-4" />
          Create Quality Process
        </Button>
      );
    case 'Transfer Error':
      return (
        <Button onClick={() => onOpen('create', submission)}>
          <Icon name="refresh" className="size-4" />
          Retry Quality Process
        </Button>
      );
    case 'Successful Transfer':
      return (
        <Button variant="secondary" onClick={() => onOpen('steps', submission)}>
          <Icon name="queue" className="size-4" />
          View Quality Process Steps
        </Button>
      );
    default:
      return null;
  }
}
