import { useState } from 'react';
import type { Submission } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useReview } from './api.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { DenyDialog } from './deny-dialog.tsx';

/** Approve / deny a submission pending review, each after its own dialog (docs/product.md, Statuses). */
export function ReviewActions({ submission, onRecordDecision }: { submission: Submission; onRecordDecision: () => void }) {
  const review = useReview();
  const [denyKey, setDenyKey] = useState(0);
  const [denying, setDenying] = useState(false);
  const [approving, setApproving] = useState(false);
  const approve = (decideLater: boolean) => {
    if (review.isPending) return;
    review.mutate(
      { id: submission.id, decision: 'approve', ...(decideLater ? { decideLater: true as const } : {}) },
      {
        onSuccess: () => {
          toast.success('Status updated successfully');
          setApproving(false);
        },
        onError: (error) => toast.error(messageOf(error, 'Error updating status')),
      },
    );
  };
  return (
    <>
      <Button
        variant="secondary"
        className="text-red-800"
        disabled={review.isPending}
        onClick={() => {
          setDenyKey((k) => k + 1);
          setDenying(true);
        }}
      >
        <Icon name="xCircle" className="size-4" />
        Deny
      </Button>
      <Button onClick={() => setApproving(true)} disabled={review.isPending}>
        <Icon name="checkCircle" className="size-4" />
        Approve
      </Button>
      <ApproveDialog
        submission={submission}
        open={approving}
        busy={review.isPending}
        onApprove={approve}
        onCancel={() => setApproving(false)}
        onAssess={() => {
          setApproving(false);
          onRecordDecision();
        }}
      />
      <DenyDialog
        key={denyKey}
        submission={submission}
        open={denying}
        onClose={() => setDenying(false)}
        onRecordDecision={() => {
          setDenying(false);
          onRecordDecision();
        }}
      />
    </>
  );
}
