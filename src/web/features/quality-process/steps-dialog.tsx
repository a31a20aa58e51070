import type { StepResult } from '#shared/contract/quality-process';
import type { SubmissionRow } from '#shared/contract/submissions';
import { messageOf } from '../../lib/api-client.ts';
import { DialogBody, Modal } from '../../ui/dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { useQualityProcessSteps } from './api.ts';

function StepPanel({ step }: { step: StepResult }) {
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">{step.name}</h3>
      {step.attributes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">This step has no attributes.</p>
      ) : (
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-sm text-slate-700 marker:text-slate-500">
          {step.attributes.map((attribute, i) => (
            <li key={`${attribute.name}-${i}`} className="pl-1">
              <span className="font-medium text-slate-900">{attribute.name}:</span>{' '}
              <span className="whitespace-pre-wrap wrap-anywhere">{attribute.value || <span className="text-slate-500">-</span>}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** Quality Process Steps: a tab per step ('Step 1', 'Step 2', …), read from Arena. */
export function StepsDialog({ submission, open, onClose }: { submission: SubmissionRow; open: boolean; onClose: () => void }) {
  // Fetched when opened; a closing dialog keeps its content while it fades out.
  const steps = useQualityProcessSteps(submission.id, open);
  const title = [submission.chNumber, submission.chTitle].filter(Boolean).join(' · ');
  return (
    <Modal open={open} onClose={onClose} title="Quality Process Steps" description={title || undefined} size="lg">
      <DialogBody className="min-h-48">
        {steps.isPending ? (
          <LoadingState text="Loading Quality Process Data..." />
        ) : steps.isError ? (
          <ErrorState message={messageOf(steps.error, 'An error occurred while fetching data')} onRetry={() => void steps.refetch()} />
        ) : !steps.data || steps.data.length === 0 ? (
          <EmptyState title="No steps yet" icon="list">
            Arena has no steps for this quality process.
          </EmptyState>
        ) : (
          <Tabs label="Quality process steps" tabs={steps.data.map((step, i) => ({ label: `Step ${i + 1}`, content: <StepPanel step={step} /> }))} />
        )}
      </DialogBody>
    </Modal>
  );
}
