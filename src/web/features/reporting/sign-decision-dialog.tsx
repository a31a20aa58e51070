import { CATEGORY_LABELS, REGIME_LABELS, type ReportabilityDecision } from '#shared/contract/reporting';
import { toast } from '../../lib/toast.ts';
import { DialogBody, FormActions, Modal } from '../../ui/dialog.tsx';
import { SignFields, type SigningVia, useSignedSubmit } from '../signatures/index.ts';
import { type AfterReportingWrite, type DecideBody, useDecide } from './api.ts';
import { DECISION_TEXT } from './clock-format.ts';

/** The decision call that restates `current` word for word, unsigned: the server then only signs it. */
function restated(current: ReportabilityDecision): Omit<DecideBody, 'signature'> | null {
  if (!current.rationale) return null;
  const base = { decision: current.decision, rationale: current.rationale };
  if (current.assessmentId) return { ...base, assessmentId: current.assessmentId, ...(current.reason ? { reason: current.reason } : {}) };
  if (current.decision === 'not_reportable') return base;
  return current.category ? { ...base, category: current.category, regimes: current.regimes } : null;
}

/** Whether the current decision can be signed as it stands (it has a rationale, and a category or an assessment when reportable). */
export const signableAsItStands = (current: ReportabilityDecision): boolean => restated(current) !== null;

/**
 * Signs the current decision as it stands, "Reportability decided": it is read back unchanged, and
 * nothing in it can be changed here (a different decision is a new assessment).
 */
export function SignDecisionDialog({ id, current, open, onClose, afterWrite }: { id: string; current: ReportabilityDecision; open: boolean; onClose: () => void; afterWrite: AfterReportingWrite }) {
  const decide = useDecide(afterWrite);
  const signed = useSignedSubmit('Reportability decided');
  const busy = decide.isPending || signed.verifying;

  async function submit(via: SigningVia) {
    if (busy || !open) return;
    const ok = await signed.run(
      async (signature) => {
        const body = restated(current);
        if (body) await decide.mutateAsync({ id, body: { ...body, signature } });
      },
      (message) => toast.error(message),
      via,
    );
    if (!ok) return;
    toast.success('Reportability decision signed');
    onClose();
  }

  const categories = Object.entries(current.categories);
  return (
    <Modal open={open} onClose={onClose} title="Sign reportability decision" busy={busy} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit('password');
        }}
        noValidate
      >
        <DialogBody className="space-y-4 text-sm text-slate-700">
          <p>No valid signature covers the current decision. Sign it as it stands; to decide differently, assess reportability again.</p>
          <dl className="grid grid-cols-1 gap-x-3 gap-y-1 rounded-md bg-slate-50 p-3 sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-500">Decision</dt>
            <dd className="font-medium text-slate-900">{DECISION_TEXT[current.decision]}</dd>
            {current.decision === 'reportable' && (
              <>
                <dt className="text-slate-500">Category</dt>
                <dd>{categories.length > 0 ? categories.map(([r, c]) => `${REGIME_LABELS[r as keyof typeof REGIME_LABELS]}: ${CATEGORY_LABELS[c]}`).join('; ') : current.category ? CATEGORY_LABELS[current.category] : 'Not given'}</dd>
                <dt className="text-slate-500">Regimes</dt>
                <dd>{current.regimes.map((r) => REGIME_LABELS[r]).join(', ') || '-'}</dd>
              </>
            )}
            {current.reason && (
              <>
                <dt className="text-slate-500">Why it differs from the outcome</dt>
                <dd className="whitespace-pre-wrap wrap-anywhere">{current.reason}</dd>
              </>
            )}
            <dt className="text-slate-500">Rationale</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere">{current.rationale}</dd>
          </dl>
          <SignFields meaning={signed.meaning} value={signed.credentials} onChange={signed.setCredentials} error={signed.error} onContinueWithSso={() => void submit('sso')} busy={busy} onStopWaiting={signed.stopSso} />
        </DialogBody>
        <FormActions onCancel={onClose} busy={busy} submitLabel="Sign decision" />
      </form>
    </Modal>
  );
}
